/**
 * A biquad (Direct Form I, f64 arithmetic) over both channels in place, as the two lanes of f64x2
 * vectors: the mix bus's tone shelves and the measuring high-pass. Each output is stored as f32,
 * and outputs under 1e-30 are flushed to zero (no subnormal tails in silence).
 *
 * `state` holds the filter's memory (4 f64x2: in 1, 2, out 1, 2; lane 0 left, lane 1 right) and is
 * read and updated, so a long stretch can be filtered piece by piece.
 */
export function biquadStereo(left: usize, right: usize, n: i32, state: usize, b0: f64, b1: f64, b2: f64, a1: f64, a2: f64): void {
  const B0 = f64x2.splat(b0), B1 = f64x2.splat(b1), B2 = f64x2.splat(b2), A1 = f64x2.splat(a1), A2 = f64x2.splat(a2);
  const TINY = f64x2.splat(1e-30);
  let x1 = v128.load(state), x2 = v128.load(state, 16), y1 = v128.load(state, 32), y2 = v128.load(state, 48);
  for (let i = 0; i < n; i++) {
    const at = <usize>i << 2;
    const x = f64x2.promote_low_f32x4(f32x4.replace_lane(f32x4.splat(load<f32>(left + at)), 1, load<f32>(right + at)));
    let y = f64x2.sub(f64x2.sub(f64x2.add(f64x2.add(f64x2.mul(B0, x), f64x2.mul(B1, x1)), f64x2.mul(B2, x2)), f64x2.mul(A1, y1)), f64x2.mul(A2, y2));
    y = v128.andnot(y, f64x2.lt(f64x2.abs(y), TINY));
    x2 = x1; x1 = x;
    y2 = y1; y1 = y;
    const out = f32x4.demote_f64x2_zero(y);
    store<f32>(left + at, f32x4.extract_lane(out, 0));
    store<f32>(right + at, f32x4.extract_lane(out, 1));
  }
  v128.store(state, x1); v128.store(state, x2, 16); v128.store(state, y1, 32); v128.store(state, y2, 48);
}
