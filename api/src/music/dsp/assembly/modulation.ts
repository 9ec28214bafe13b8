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

/**
 * out[i] += bus[i - delay] (linear interpolation) for i in [from, to); four at a time. `bus` and
 * `out` are addresses of index 0, which may lie before the buffers' first sample (address
 * arithmetic wraps, and only indices inside the buffers are read).
 */
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
 * Adds the chorus of the bus into outL/outR for slice samples [from, to): two modulated delay
 * taps with opposite LFO phase per side. outL/outR[0] is sample `from`; busL/busR[0] is sample
 * `busStart`, and the bus must hold every sample from the longest delay before `from` on (the
 * slice renders in blocks, the bus's earlier blocks kept as history). The delay is held for
 * `lfoStep` samples on a grid of absolute sample indices, so every slicing and blocking of the
 * song sees the same LFO.
 */
export function chorusBus(busL: usize, busR: usize, busStart: i32, outL: usize, outR: usize, from: i32, to: i32, absoluteOffset: i32, baseDelay: f64, swing: f64, lfoRadiansPerSample: f64, lfoStep: i32): void {
  const bl = busL - (<usize>busStart << 2);
  const br = busR - (<usize>busStart << 2);
  const ol = outL - (<usize>from << 2);
  const or = outR - (<usize>from << 2);
  for (let gridStart = from + firstGridBlock(absoluteOffset + from, lfoStep); gridStart < to; gridStart += lfoStep) {
    const blockStart = max(from, gridStart);
    const blockEnd = min(to, gridStart + lfoStep);
    const s = Math.sin(lfoRadiansPerSample * <f64>(absoluteOffset + gridStart));
    addTap(bl, ol, blockStart, blockEnd, baseDelay + swing * s);
    addTap(br, or, blockStart, blockEnd, baseDelay - swing * s);
  }
}

/**
 * Tempo-synced stereo ping-pong delay with a darkening (one-pole) feedback path, added into
 * outL/outR over n samples, resumable: `lineL`/`lineR` hold `delaySamples` floats each and
 * `state` three doubles (the two filters and the line position), all zero before the first block
 * and carried from one block to the next.
 */
export function pingPongDelay(input: usize, outL: usize, outR: usize, n: i32, delaySamples: i32, toneCoefficient: f64, feedback: f64, wet: f64, lineL: usize, lineR: usize, state: usize): void {
  const a = toneCoefficient;
  const end = <usize>delaySamples << 2;
  let lpL = load<f64>(state);
  let lpR = load<f64>(state, 8);
  let p = <usize>load<f64>(state, 16);
  for (let i = 0; i < n; i++) {
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
  store<f64>(state, lpL);
  store<f64>(state, lpR, 8);
  store<f64>(state, <f64>p, 16);
}

/**
 * Tape wow (slow pitch drift: a delay modulated by a sine, held for `lfoStep` samples on the
 * absolute sample grid) and a state-variable low-pass with coefficients a1..a3, over both
 * channels in place, for slice samples [from, to) (left/right[0] is sample `from`); resumable:
 * `ring` holds 2 * (ringMask + 1) floats, past (left, right) pairs by slice index, ringMask + 1
 * (a power of two) above the longest delay, and `state` four doubles (the filter), all zero
 * before the first block. Both channels go through the filter together as the two lanes of f64x2
 * vectors: they share the LFO, and one vector recursion costs what one channel did.
 */
export function tapeWowAndTone(left: usize, right: usize, from: i32, to: i32, absoluteOffset: i32, baseDelay: f64, swing: f64, lfoRadiansPerSample: f64, lfoStep: i32, ring: usize, ringMask: i32, a1: f64, a2: f64, a3: f64, state: usize): void {
  const pairMask = (<usize>ringMask << 3) | 7;
  const A1 = f64x2.splat(a1), A2 = f64x2.splat(a2), A3 = f64x2.splat(a3), TWO = f64x2.splat(2);
  let ic1 = v128.load(state);
  let ic2 = v128.load(state, 16);
  const l = left - (<usize>from << 2);
  const r = right - (<usize>from << 2);
  // Blocks of the LFO grid: the delay, and so the read position's fraction, is fixed in each.
  for (let gridStart = from + firstGridBlock(absoluteOffset + from, lfoStep); gridStart < to; gridStart += lfoStep) {
    const d = baseDelay + swing * Math.sin(lfoRadiansPerSample * <f64>(absoluteOffset + gridStart));
    const whole = <i32>Math.floor(d);
    const f = <f64>whole + 1 - d; // weight of the newer sample: i - d = (i - whole - 1) + f
    const newerWeight = f64x2.splat(f);
    const olderWeight = f64x2.splat(1 - f);
    const blockEnd = min(to, gridStart + lfoStep);
    for (let i = max(from, gridStart); i < blockEnd; i++) {
      const at = <usize>i << 2;
      const slot = ring + ((<usize>i << 3) & pairMask);
      store<f32>(slot, load<f32>(l + at));
      store<f32>(slot, load<f32>(r + at), 4);
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
      store<f32>(l + at, <f32>f64x2.extract_lane(v2, 0));
      store<f32>(r + at, <f32>f64x2.extract_lane(v2, 1));
    }
    // Once a grid block, off the per-sample recursion (a block cut by `to` goes on in the next call).
    if (gridStart + lfoStep <= to) {
      ic1 = flushTiny2(ic1);
      ic2 = flushTiny2(ic2);
    }
  }
  v128.store(state, ic1);
  v128.store(state, ic2, 16);
}
