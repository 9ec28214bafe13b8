/**
 * Feedback-delay-network reverb (Jot): eight mutually prime delay lines mixed by a Householder
 * matrix, each with a gain for the target RT60 and a one-pole damping low-pass. Mono in, stereo
 * out. Linear and time-invariant, so a song can be reverberated in chunks and the results summed.
 *
 * The network runs at half the sample rate, which halves its cost: its output is damped to a few
 * kHz anyway. The input is low-passed and decimated (see decimated()); the output is brought back
 * to full rate by linear interpolation. It runs block by block, its state carried between blocks,
 * so a slice's buses need not be held whole.
 */
import { flushTiny2 } from './numbers';

const LINE_COUNT = 8;
const LINE_LENGTHS_MS: StaticArray<f64> = [29.7, 37.1, 41.1, 43.7, 53.3, 59.9, 67.7, 73.1];

function lineLength(k: i32, rate: f64): i32 {
  return <i32>Math.round((LINE_LENGTHS_MS[k] / 1000) * rate);
}

/** f64 the network's lines take at `sampleRate` (all eight rings in one buffer). */
export function reverbLinesLength(sampleRate: f64): i32 {
  let lines = 0;
  for (let k = 0; k < LINE_COUNT; k++) lines += lineLength(k, sampleRate / 2);
  return lines;
}

/** Input samples before a block the next calls read (the pre-delay, at full rate, and the decimation's neighbours). */
export function reverbHistory(preDelaySeconds: f64, sampleRate: f64): i32 {
  return 2 * preDelayPairs(preDelaySeconds, sampleRate / 2) + 4;
}

@inline function preDelayPairs(preDelaySeconds: f64, rate: f64): i32 {
  return max(0, <i32>Math.round(preDelaySeconds * rate));
}

/**
 * Adds the reverberation of the slice's input into outL/outR for slice samples [from, to), resumable
 * block by block. Input past `length` is silence. `absoluteOffset` is the song sample index of
 * slice sample 0; outL/outR[0] is sample `from`; input[0] is sample `inputStart`, and input must
 * hold every sample from reverbHistory() before `from` up to `to`. `state` (17 doubles: the
 * four f64x2 line outputs, the eight line positions, the next pair) and `lines`
 * (reverbLinesLength doubles) are zero before the first block and carried over;
 * `wetL`/`wetR` are rings of wetMask + 1 floats, wetMask + 1 (a power of two) at least half a
 * block plus four.
 */
export function reverbBlock(
  input: usize, inputStart: i32, length: i32, outL: usize, outR: usize, from: i32, to: i32, absoluteOffset: i32,
  rt60: f64, dampingHz: f64, preDelaySeconds: f64, wetLevel: f64, sampleRate: f64,
  state: usize, lines: usize, wetL: usize, wetR: usize, wetMask: i32,
): void {
  const lead = absoluteOffset & 1; // 1 when slice sample 0 is the second sample of its pair
  // Pairs whose wet values the block's samples use: even samples take their pair's, odd ones interpolate to the next.
  const lastPair = ((to - 1 + lead) >> 1) + 1;
  runNetwork(input, inputStart, length, lead, lastPair + 1, state, lines, wetL, wetR, wetMask, rt60, dampingHz, preDelaySeconds, wetLevel, sampleRate / 2);
  const ol = outL - (<usize>from << 2);
  const or = outR - (<usize>from << 2);
  const mask = <usize>wetMask;
  for (let i = from; i < to; i++) {
    const k = (i + lead) >> 1;
    const l0 = load<f32>(wetL + ((<usize>k & mask) << 2));
    const r0 = load<f32>(wetR + ((<usize>k & mask) << 2));
    const at = <usize>i << 2;
    if (2 * k - lead == i) {
      store<f32>(ol + at, load<f32>(ol + at) + l0);
      store<f32>(or + at, load<f32>(or + at) + r0);
    } else {
      const l1 = load<f32>(wetL + ((<usize>(k + 1) & mask) << 2));
      const r1 = load<f32>(wetR + ((<usize>(k + 1) & mask) << 2));
      store<f32>(ol + at, load<f32>(ol + at) + <f32>0.5 * (l0 + l1));
      store<f32>(or + at, load<f32>(or + at) + <f32>0.5 * (r0 + r1));
    }
  }
}

/**
 * The half-rate input for pair t: the input low-passed ([1 2 1] / 4, zero at Nyquist) on pairs
 * aligned to even song indices, so every slicing of the song decimates identically.
 */
@inline function sampleAt(input: usize, inputStart: i32, i: i32, length: i32): f32 {
  return i >= 0 && i < length ? load<f32>(input + (<usize>(i - inputStart) << 2)) : 0;
}

@inline function decimated(input: usize, inputStart: i32, length: i32, lead: i32, t: i32): f32 {
  const i = 2 * t - lead;
  return <f32>0.25 * sampleAt(input, inputStart, i - 1, length) + <f32>0.5 * sampleAt(input, inputStart, i, length) + <f32>0.25 * sampleAt(input, inputStart, i + 1, length);
}

/**
 * The network at `rate`, from the pair after the last one computed up to `endPair`: each pair's
 * reverberation written (not added) to the wet rings at its index.
 */
function runNetwork(input: usize, inputStart: i32, length: i32, lead: i32, endPair: i32, state: usize, lines: usize, outL: usize, outR: usize, wetMask: i32, rt60: f64, dampingHz: f64, preDelaySeconds: f64, wetLevel: f64, rate: f64): void {
  const n0 = lineLength(0, rate), n1 = lineLength(1, rate), n2 = lineLength(2, rate), n3 = lineLength(3, rate);
  const n4 = lineLength(4, rate), n5 = lineLength(5, rate), n6 = lineLength(6, rate), n7 = lineLength(7, rate);
  // Each line's feedback gain (for the RT60) folded with the damping filter's input weight.
  const damp = Math.exp((-2 * Math.PI * dampingHz) / rate);
  const keep = 1 - damp;
  const g0 = keep * Math.pow(10, (-3 * n0) / (rt60 * rate)), g1 = keep * Math.pow(10, (-3 * n1) / (rt60 * rate));
  const g2 = keep * Math.pow(10, (-3 * n2) / (rt60 * rate)), g3 = keep * Math.pow(10, (-3 * n3) / (rt60 * rate));
  const g4 = keep * Math.pow(10, (-3 * n4) / (rt60 * rate)), g5 = keep * Math.pow(10, (-3 * n5) / (rt60 * rate));
  const g6 = keep * Math.pow(10, (-3 * n6) / (rt60 * rate)), g7 = keep * Math.pow(10, (-3 * n7) / (rt60 * rate));
  // All eight lines (f64) in one buffer, each a ring of its own length.
  const b0 = lines, b1 = b0 + (<usize>n0 << 3), b2 = b1 + (<usize>n1 << 3), b3 = b2 + (<usize>n2 << 3);
  const b4 = b3 + (<usize>n3 << 3), b5 = b4 + (<usize>n4 << 3), b6 = b5 + (<usize>n5 << 3), b7 = b6 + (<usize>n6 << 3);
  // Line outputs in f64x2 pairs: (l0, l1), (l2, l3), (l4, l5), (l6, l7). Even lines feed the
  // left output and odd lines the right, so the sum of the four pairs is (left, right).
  let l01 = v128.load(state), l23 = v128.load(state, 16), l45 = v128.load(state, 32), l67 = v128.load(state, 48);
  const g01 = f64x2.replace_lane(f64x2.splat(g0), 1, g1), g23 = f64x2.replace_lane(f64x2.splat(g2), 1, g3);
  const g45 = f64x2.replace_lane(f64x2.splat(g4), 1, g5), g67 = f64x2.replace_lane(f64x2.splat(g6), 1, g7);
  const dampV = f64x2.splat(damp);
  const quarter = f64x2.splat(0.25);
  const wet = f64x2.splat(wetLevel / 2);
  // Read/write positions, in samples.
  let p0 = <i32>load<f64>(state, 64), p1 = <i32>load<f64>(state, 72), p2 = <i32>load<f64>(state, 80), p3 = <i32>load<f64>(state, 88);
  let p4 = <i32>load<f64>(state, 96), p5 = <i32>load<f64>(state, 104), p6 = <i32>load<f64>(state, 112), p7 = <i32>load<f64>(state, 120);
  const preDelay = preDelayPairs(preDelaySeconds, rate);
  const mask = <usize>wetMask;
  let i = <i32>load<f64>(state, 128);
  while (i < endPair) {
    // A run of samples in which no line wraps, so the inner loop has no wrap checks.
    const run = min(endPair - i, min(min(min(n0 - p0, n1 - p1), min(n2 - p2, n3 - p3)), min(min(n4 - p4, n5 - p5), min(n6 - p6, n7 - p7))));
    const c0 = b0 + (<usize>p0 << 3), c1 = b1 + (<usize>p1 << 3), c2 = b2 + (<usize>p2 << 3), c3 = b3 + (<usize>p3 << 3);
    const c4 = b4 + (<usize>p4 << 3), c5 = b5 + (<usize>p5 << 3), c6 = b6 + (<usize>p6 << 3), c7 = b7 + (<usize>p7 << 3);
    for (let k = 0; k < run; k++) {
      const at = <usize>k << 3;
      const t = i + k - preDelay;
      const x = f64x2.splat(t >= 0 ? <f64>decimated(input, inputStart, length, lead, t) : 0);
      l01 = f64x2.add(f64x2.mul(v128.load64_lane(c1 + at, v128.load64_zero(c0 + at), 1), g01), f64x2.mul(l01, dampV));
      l23 = f64x2.add(f64x2.mul(v128.load64_lane(c3 + at, v128.load64_zero(c2 + at), 1), g23), f64x2.mul(l23, dampV));
      l45 = f64x2.add(f64x2.mul(v128.load64_lane(c5 + at, v128.load64_zero(c4 + at), 1), g45), f64x2.mul(l45, dampV));
      l67 = f64x2.add(f64x2.mul(v128.load64_lane(c7 + at, v128.load64_zero(c6 + at), 1), g67), f64x2.mul(l67, dampV));
      const sum = f64x2.add(f64x2.add(l01, l23), f64x2.add(l45, l67));
      // Householder feedback: each line gets its own output minus 2/N of the sum.
      const h = f64x2.mul(f64x2.add(sum, v128.shuffle<f64>(sum, sum, 1, 0)), quarter);
      const plus = f64x2.sub(x, h);
      const minus = f64x2.sub(f64x2.neg(x), h);
      const w01 = f64x2.add(l01, plus), w23 = f64x2.add(l23, minus), w45 = f64x2.add(l45, plus), w67 = f64x2.add(l67, minus);
      v128.store64_lane(c0 + at, w01, 0);
      v128.store64_lane(c1 + at, w01, 1);
      v128.store64_lane(c2 + at, w23, 0);
      v128.store64_lane(c3 + at, w23, 1);
      v128.store64_lane(c4 + at, w45, 0);
      v128.store64_lane(c5 + at, w45, 1);
      v128.store64_lane(c6 + at, w67, 0);
      v128.store64_lane(c7 + at, w67, 1);
      const out = (<usize>(i + k) & mask) << 2;
      const y = flushTiny2(f64x2.mul(sum, wet));
      store<f32>(outL + out, <f32>f64x2.extract_lane(y, 0));
      store<f32>(outR + out, <f32>f64x2.extract_lane(y, 1));
    }
    i += run;
    p0 += run; if (p0 == n0) p0 = 0;
    p1 += run; if (p1 == n1) p1 = 0;
    p2 += run; if (p2 == n2) p2 = 0;
    p3 += run; if (p3 == n3) p3 = 0;
    p4 += run; if (p4 == n4) p4 = 0;
    p5 += run; if (p5 == n5) p5 = 0;
    p6 += run; if (p6 == n6) p6 = 0;
    p7 += run; if (p7 == n7) p7 = 0;
  }
  v128.store(state, l01);
  v128.store(state, l23, 16);
  v128.store(state, l45, 32);
  v128.store(state, l67, 48);
  store<f64>(state, <f64>p0, 64); store<f64>(state, <f64>p1, 72); store<f64>(state, <f64>p2, 80); store<f64>(state, <f64>p3, 88);
  store<f64>(state, <f64>p4, 96); store<f64>(state, <f64>p5, 104); store<f64>(state, <f64>p6, 112); store<f64>(state, <f64>p7, 120);
  store<f64>(state, <f64>i, 128);
}
