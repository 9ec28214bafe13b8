/**
 * Mixing loops: four samples per instruction (f32x4). Pointers are byte addresses of f32 samples
 * in the kernel heap; unaligned is fine.
 */

/** dst[i] += src[i] * gain for i in [0, n). */
export function mixInto(dst: usize, src: usize, n: i32, gain: f32): void {
  const g = f32x4.splat(gain);
  const bytes = <usize>n << 2;
  let i: usize = 0;
  for (; i + 16 <= bytes; i += 16) v128.store(dst + i, f32x4.add(v128.load(dst + i), f32x4.mul(v128.load(src + i), g)));
  for (; i < bytes; i += 4) store<f32>(dst + i, load<f32>(dst + i) + load<f32>(src + i) * gain);
}

/** x[i] *= by[i] for i in [0, n). */
export function multiplyInto(x: usize, by: usize, n: i32): void {
  const bytes = <usize>n << 2;
  let i: usize = 0;
  for (; i + 16 <= bytes; i += 16) v128.store(x + i, f32x4.mul(v128.load(x + i), v128.load(by + i)));
  for (; i < bytes; i += 4) store<f32>(x + i, load<f32>(x + i) * load<f32>(by + i));
}

/**
 * Sends a mono track x[0, n) to the stereo mix and the effect buses, each with its gain, in one
 * pass. A bus pointer of 0 means the song has no such bus.
 */
export function sendTrack(
  x: usize, n: i32,
  left: usize, right: usize, reverb: usize, delay: usize, chorusLeft: usize, chorusRight: usize,
  leftGain: f32, rightGain: f32, reverbGain: f32, delayGain: f32, chorusLeftGain: f32, chorusRightGain: f32,
): void {
  const gl = f32x4.splat(leftGain);
  const gr = f32x4.splat(rightGain);
  const gv = f32x4.splat(reverbGain);
  const bytes = <usize>n << 2;
  let i: usize = 0;
  for (; i + 16 <= bytes; i += 16) {
    const v = v128.load(x + i);
    v128.store(left + i, f32x4.add(v128.load(left + i), f32x4.mul(v, gl)));
    v128.store(right + i, f32x4.add(v128.load(right + i), f32x4.mul(v, gr)));
    v128.store(reverb + i, f32x4.add(v128.load(reverb + i), f32x4.mul(v, gv)));
  }
  for (; i < bytes; i += 4) {
    const v = load<f32>(x + i);
    store<f32>(left + i, load<f32>(left + i) + v * leftGain);
    store<f32>(right + i, load<f32>(right + i) + v * rightGain);
    store<f32>(reverb + i, load<f32>(reverb + i) + v * reverbGain);
  }
  if (delay != 0) mixInto(delay, x, n, delayGain);
  if (chorusLeft != 0) {
    mixInto(chorusLeft, x, n, chorusLeftGain);
    mixInto(chorusRight, x, n, chorusRightGain);
  }
}
