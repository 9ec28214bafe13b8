/**
 * Delay-based effects: the stereo chorus bus, the ping-pong delay and tape wow. LFO phases come
 * from absolute song sample indices, so chunked renders line up.
 */
import { flushTiny, flushTiny2 } from './numbers';

/**
 * Start (at or before 0, relative to `absoluteOffset`) of the first LFO block of `step` samples on
 * the grid of absolute song indices.
 */
@inline function firstGridBlock(absoluteOffset: i32, step: i32): i32 {
  return -(((absoluteOffset % step) + step) % step);
}

/** out[i] += bus[i - delay] (linear interpolation) for i in [from, to); four at a time. */
function addTap(bus: usize, out: usize, from: i32, to: i32, delay: f64): void {
  const d = <i32>Math.floor(delay);
  const f = <f32>(delay - d);
  const start = max(from, d + 1);
  const fv = f32x4.splat(f);
  const gv = f32x4.splat(1 - f);
  let i = start;
  for (; i + 4 <= to; i += 4) {
    const at = <usize>i << 2;
    const older = bus + (<usize>(i - d - 1) << 2);
    v128.store(out + at, f32x4.add(v128.load(out + at), f32x4.add(f32x4.mul(v128.load(older), fv), f32x4.mul(v128.load(older + 4), gv))));
  }
  for (; i < to; i++) {
    const at = <usize>i << 2;
    const older = bus + (<usize>(i - d - 1) << 2);
    store<f32>(out + at, load<f32>(out + at) + load<f32>(older) * f + load<f32>(older + 4) * (1 - f));
  }
}

/**
 * Adds the chorus of busL/busR[0, length) into outL/outR: two modulated delay taps with opposite
 * LFO phase per side. The delay is held for `lfoStep` samples on a grid of absolute sample
 * indices, so every slicing of the song sees the same LFO.
 */
export function chorusBus(busL: usize, busR: usize, outL: usize, outR: usize, length: i32, absoluteOffset: i32, baseDelay: f64, swing: f64, lfoRadiansPerSample: f64, lfoStep: i32): void {
  const firstBlock = firstGridBlock(absoluteOffset, lfoStep);
  for (let gridStart = firstBlock; gridStart < length; gridStart += lfoStep) {
    const blockStart = max(0, gridStart);
    const blockEnd = min(length, gridStart + lfoStep);
    const s = Math.sin(lfoRadiansPerSample * <f64>(absoluteOffset + gridStart));
    addTap(busL, outL, blockStart, blockEnd, baseDelay + swing * s);
    addTap(busR, outR, blockStart, blockEnd, baseDelay - swing * s);
  }
}

/**
 * Tempo-synced stereo ping-pong delay with a darkening (one-pole) feedback path, added into
 * outL/outR. `lineL`/`lineR` hold `delaySamples` floats each.
 */
export function pingPongDelay(input: usize, outL: usize, outR: usize, length: i32, delaySamples: i32, toneCoefficient: f64, feedback: f64, wet: f64, lineL: usize, lineR: usize): void {
  memory.fill(lineL, 0, <usize>delaySamples << 2);
  memory.fill(lineR, 0, <usize>delaySamples << 2);
  const a = toneCoefficient;
  const end = <usize>delaySamples << 2;
  let lpL: f64 = 0;
  let lpR: f64 = 0;
  let p: usize = 0;
  for (let i = 0; i < length; i++) {
    const at = <usize>i << 2;
    const dl = <f64>load<f32>(lineL + p);
    const dr = <f64>load<f32>(lineR + p);
    lpL = flushTiny(dl * (1 - a) + lpL * a);
    lpR = flushTiny(dr * (1 - a) + lpR * a);
    // Left echo feeds the right line and vice versa: echoes alternate sides.
    store<f32>(lineL + p, <f32>(<f64>load<f32>(input + at) + lpR * feedback));
    store<f32>(lineR + p, <f32>(lpL * feedback));
    store<f32>(outL + at, <f32>(<f64>load<f32>(outL + at) + dl * wet));
    store<f32>(outR + at, <f32>(<f64>load<f32>(outR + at) + dr * wet));
    p += 4;
    if (p == end) p = 0;
  }
}

/**
 * Tape wow (slow pitch drift: a delay modulated by a sine, held for `lfoStep` samples on the
 * absolute sample grid) and a state-variable low-pass with coefficients a1..a3, over both
 * channels [0, length) in place. `ring` holds 2 * (ringMask + 1) floats: past (left, right) pairs,
 * ringMask + 1 (a power of two) above the longest delay. Both channels go through the filter
 * together as the two lanes of f64x2 vectors: they share the LFO, and one vector recursion costs
 * what one channel did.
 */
export function tapeWowAndTone(left: usize, right: usize, length: i32, absoluteOffset: i32, baseDelay: f64, swing: f64, lfoRadiansPerSample: f64, lfoStep: i32, ring: usize, ringMask: i32, a1: f64, a2: f64, a3: f64): void {
  memory.fill(ring, 0, <usize>(ringMask + 1) << 3);
  const pairMask = (<usize>ringMask << 3) | 7;
  const A1 = f64x2.splat(a1), A2 = f64x2.splat(a2), A3 = f64x2.splat(a3), TWO = f64x2.splat(2);
  let ic1 = f64x2.splat(0);
  let ic2 = f64x2.splat(0);
  // Blocks of the LFO grid: the delay, and so the read position's fraction, is fixed in each.
  const firstBlock = firstGridBlock(absoluteOffset, lfoStep);
  for (let gridStart = firstBlock; gridStart < length; gridStart += lfoStep) {
    const d = baseDelay + swing * Math.sin(lfoRadiansPerSample * <f64>(absoluteOffset + gridStart));
    const whole = <i32>Math.floor(d);
    const f = <f64>whole + 1 - d; // weight of the newer sample: i - d = (i - whole - 1) + f
    const newerWeight = f64x2.splat(f);
    const olderWeight = f64x2.splat(1 - f);
    const blockEnd = min(length, gridStart + lfoStep);
    for (let i = max(0, gridStart); i < blockEnd; i++) {
      const at = <usize>i << 2;
      const slot = ring + ((<usize>i << 3) & pairMask);
      store<f32>(slot, load<f32>(left + at));
      store<f32>(slot, load<f32>(right + at), 4);
      let x = f64x2.splat(0);
      const j = i - whole - 1;
      if (j >= 0) {
        const older = f64x2.promote_low_f32x4(v128.load64_zero(ring + ((<usize>j << 3) & pairMask)));
        const newer = f64x2.promote_low_f32x4(v128.load64_zero(ring + ((<usize>(j + 1) << 3) & pairMask)));
        x = f64x2.add(f64x2.mul(older, olderWeight), f64x2.mul(newer, newerWeight));
      }
      const v3 = f64x2.sub(x, ic2);
      const v1 = f64x2.add(f64x2.mul(A1, ic1), f64x2.mul(A2, v3));
      const v2 = f64x2.add(f64x2.add(ic2, f64x2.mul(A2, ic1)), f64x2.mul(A3, v3));
      ic1 = f64x2.sub(f64x2.mul(TWO, v1), ic1);
      ic2 = f64x2.sub(f64x2.mul(TWO, v2), ic2);
      store<f32>(left + at, <f32>f64x2.extract_lane(v2, 0));
      store<f32>(right + at, <f32>f64x2.extract_lane(v2, 1));
    }
    // Once a block, off the per-sample recursion.
    ic1 = flushTiny2(ic1);
    ic2 = flushTiny2(ic2);
  }
}
