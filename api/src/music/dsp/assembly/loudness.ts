/**
 * The measuring pass of mastering and analysis: BS.1770 K-weighting (shelf, then the RLB
 * high-pass with feed-forward 1, -2, 1) of both channels as the two lanes of f64x2 vectors, summing
 * the squared output and tracking the peak |sample| per run of `unit` samples.
 *
 * `state` holds the filters' memory (8 f64x2: shelf in 1, 2, out 1, 2; high-pass in 1, 2, out 1, 2)
 * and is read and updated, so a long stretch can be measured piece by piece. With `record` 0
 * nothing is written (the filters settling before a segment).
 */
export function kWeightedMeasure(
  left: usize, right: usize, n: i32, state: usize,
  b0: f64, b1: f64, b2: f64, a1: f64, a2: f64, c1: f64, c2: f64,
  unit: i32, record: i32, unitPower: usize, unitPeak: usize,
): void {
  const B0 = f64x2.splat(b0), B1 = f64x2.splat(b1), B2 = f64x2.splat(b2), A1 = f64x2.splat(a1), A2 = f64x2.splat(a2);
  const C1 = f64x2.splat(c1), C2 = f64x2.splat(c2), TWO = f64x2.splat(2);
  let x1 = v128.load(state), x2 = v128.load(state, 16), y1 = v128.load(state, 32), y2 = v128.load(state, 48);
  let u1 = v128.load(state, 64), u2 = v128.load(state, 80), z1 = v128.load(state, 96), z2 = v128.load(state, 112);
  let unitIndex = 0;
  for (let start = 0; start < n; start += unit) {
    const end = min(n, start + unit);
    let acc = f64x2.splat(0);
    let peak = f32x4.splat(0);
    for (let i = start; i < end; i++) {
      const at = <usize>i << 2;
      const pair = f32x4.replace_lane(f32x4.splat(load<f32>(left + at)), 1, load<f32>(right + at));
      peak = f32x4.max(peak, f32x4.abs(pair));
      const x = f64x2.promote_low_f32x4(pair);
      const y = f64x2.sub(f64x2.sub(f64x2.add(f64x2.add(f64x2.mul(B0, x), f64x2.mul(B1, x1)), f64x2.mul(B2, x2)), f64x2.mul(A2, y2)), f64x2.mul(A1, y1));
      const z = f64x2.sub(f64x2.sub(f64x2.add(f64x2.sub(y, f64x2.mul(TWO, u1)), u2), f64x2.mul(C2, z2)), f64x2.mul(C1, z1));
      x2 = x1; x1 = x;
      y2 = y1; y1 = y;
      u2 = u1; u1 = y;
      z2 = z1; z1 = z;
      acc = f64x2.add(acc, f64x2.mul(z, z));
    }
    if (record != 0) {
      store<f64>(unitPower + (<usize>unitIndex << 3), f64x2.extract_lane(acc, 0) + f64x2.extract_lane(acc, 1));
      store<f32>(unitPeak + (<usize>unitIndex << 2), max(f32x4.extract_lane(peak, 0), f32x4.extract_lane(peak, 1)));
    }
    unitIndex++;
  }
  v128.store(state, x1); v128.store(state, x2, 16); v128.store(state, y1, 32); v128.store(state, y2, 48);
  v128.store(state, u1, 64); v128.store(state, u2, 80); v128.store(state, z1, 96); v128.store(state, z2, 112);
}
