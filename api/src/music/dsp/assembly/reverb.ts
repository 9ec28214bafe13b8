/**
 * Feedback-delay-network reverb (Jot): eight mutually prime delay lines mixed by a Householder
 * matrix, each with a gain for the target RT60 and a one-pole damping low-pass. Mono in, stereo
 * out. Linear and time-invariant, so a song can be reverberated in chunks and the results summed.
 *
 * The network runs at half the sample rate, which halves its cost: its output is damped to a few
 * kHz anyway. The input is low-passed ([1 2 1] / 4, zero at Nyquist) and decimated on pairs of
 * samples aligned to even song indices, so every slicing of the song decimates identically; the
 * output is brought back to full rate by linear interpolation.
 */
import { flushTiny2 } from './numbers';

const LINE_COUNT = 8;
const LINE_LENGTHS_MS: StaticArray<f64> = [29.7, 37.1, 41.1, 43.7, 53.3, 59.9, 67.7, 73.1];

function lineLength(k: i32, rate: f64): i32 {
  return <i32>Math.round((LINE_LENGTHS_MS[k] / 1000) * rate);
}

/** Half-rate pairs needed for `length` input samples (whatever the offset's parity). */
function pairsFor(length: i32, lead: i32): i32 {
  return (length + lead + 1) / 2 + 1;
}

/** f32 scratch the reverb needs for `length` samples: three half-rate signals and the lines (f64, so two floats a sample). */
export function reverbScratchLength(length: i32, sampleRate: f64): i32 {
  let lines = 0;
  for (let k = 0; k < LINE_COUNT; k++) lines += lineLength(k, sampleRate / 2);
  return 3 * pairsFor(length, 1) + 2 * lines + 2;
}

@inline function sampleAt(input: usize, i: i32, length: i32): f32 {
  return i >= 0 && i < length ? load<f32>(input + (<usize>i << 2)) : 0;
}

/**
 * Adds the reverberation of input[0, length) into outL/outR at the same indices.
 * `absoluteOffset` is the song sample index of input[0]; `scratch` holds reverbScratchLength floats.
 */
export function reverb(
  input: usize, outL: usize, outR: usize, length: i32, absoluteOffset: i32,
  rt60: f64, dampingHz: f64, preDelaySeconds: f64, wetLevel: f64, sampleRate: f64, scratch: usize,
): void {
  const lead = absoluteOffset & 1; // 1 when input[0] is the second sample of its pair
  const pairs = pairsFor(length, lead); // one extra pair so every odd sample can interpolate
  const x2 = scratch;
  const wetL = x2 + (<usize>pairs << 2);
  const wetR = wetL + (<usize>pairs << 2);
  // f64 lines start on an 8-byte boundary.
  const lines = (wetR + (<usize>pairs << 2) + 7) & ~(<usize>7);
  // Pairs [inner, innerEnd) have both neighbours inside the input, so only the edges check bounds.
  const innerEnd = max(1, min(pairs, (length + lead) / 2));
  for (let k = 0; k < pairs; k++) {
    if (k == 1 && innerEnd > 1) {
      for (; k < innerEnd; k++) {
        const at = input + (<usize>(2 * k - lead) << 2);
        store<f32>(x2 + (<usize>k << 2), <f32>0.25 * load<f32>(at - 4) + <f32>0.5 * load<f32>(at) + <f32>0.25 * load<f32>(at + 4));
      }
      if (k >= pairs) break;
    }
    const i = 2 * k - lead;
    store<f32>(x2 + (<usize>k << 2), <f32>0.25 * sampleAt(input, i - 1, length) + <f32>0.5 * sampleAt(input, i, length) + <f32>0.25 * sampleAt(input, i + 1, length));
  }
  runNetwork(x2, wetL, wetR, pairs, lines, rt60, dampingHz, preDelaySeconds, wetLevel, sampleRate / 2);
  // Full rate again: even samples take the pair's value, odd ones interpolate to the next pair.
  for (let k = 0; k < pairs - 1; k++) {
    const l0 = load<f32>(wetL + (<usize>k << 2));
    const r0 = load<f32>(wetR + (<usize>k << 2));
    const l1 = load<f32>(wetL + (<usize>(k + 1) << 2));
    const r1 = load<f32>(wetR + (<usize>(k + 1) << 2));
    const even = 2 * k - lead;
    if (even >= 0 && even + 1 < length) {
      const at = <usize>even << 2;
      store<f32>(outL + at, load<f32>(outL + at) + l0);
      store<f32>(outR + at, load<f32>(outR + at) + r0);
      store<f32>(outL + at + 4, load<f32>(outL + at + 4) + <f32>0.5 * (l0 + l1));
      store<f32>(outR + at + 4, load<f32>(outR + at + 4) + <f32>0.5 * (r0 + r1));
      continue;
    }
    if (even >= 0 && even < length) {
      const at = <usize>even << 2;
      store<f32>(outL + at, load<f32>(outL + at) + l0);
      store<f32>(outR + at, load<f32>(outR + at) + r0);
    }
    const odd = even + 1;
    if (odd >= 0 && odd < length) {
      const at = <usize>odd << 2;
      store<f32>(outL + at, load<f32>(outL + at) + <f32>0.5 * (l0 + l1));
      store<f32>(outR + at, load<f32>(outR + at) + <f32>0.5 * (r0 + r1));
    }
  }
}

/** The network at `rate`: reverberation of input[0, length) written (not added) to outL/outR. */
function runNetwork(input: usize, outL: usize, outR: usize, length: i32, lines: usize, rt60: f64, dampingHz: f64, preDelaySeconds: f64, wetLevel: f64, rate: f64): void {
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
  memory.fill(lines, 0, (<usize>(n0 + n1 + n2 + n3 + n4 + n5 + n6 + n7)) << 3);
  // Line outputs in f64x2 pairs: (l0, l1), (l2, l3), (l4, l5), (l6, l7). Even lines feed the
  // left output and odd lines the right, so the sum of the four pairs is (left, right).
  let l01 = f64x2.splat(0), l23 = f64x2.splat(0), l45 = f64x2.splat(0), l67 = f64x2.splat(0);
  const g01 = f64x2.replace_lane(f64x2.splat(g0), 1, g1), g23 = f64x2.replace_lane(f64x2.splat(g2), 1, g3);
  const g45 = f64x2.replace_lane(f64x2.splat(g4), 1, g5), g67 = f64x2.replace_lane(f64x2.splat(g6), 1, g7);
  const dampV = f64x2.splat(damp);
  const quarter = f64x2.splat(0.25);
  const wet = f64x2.splat(wetLevel / 2);
  // Read/write positions, in samples.
  let p0 = 0, p1 = 0, p2 = 0, p3 = 0, p4 = 0, p5 = 0, p6 = 0, p7 = 0;
  const preDelay = max(0, <i32>Math.round(preDelaySeconds * rate));
  let i = 0;
  while (i < length) {
    // A run of samples in which no line wraps, so the inner loop has no wrap checks.
    const run = min(length - i, min(min(min(n0 - p0, n1 - p1), min(n2 - p2, n3 - p3)), min(min(n4 - p4, n5 - p5), min(n6 - p6, n7 - p7))));
    const c0 = b0 + (<usize>p0 << 3), c1 = b1 + (<usize>p1 << 3), c2 = b2 + (<usize>p2 << 3), c3 = b3 + (<usize>p3 << 3);
    const c4 = b4 + (<usize>p4 << 3), c5 = b5 + (<usize>p5 << 3), c6 = b6 + (<usize>p6 << 3), c7 = b7 + (<usize>p7 << 3);
    for (let k = 0; k < run; k++) {
      const at = <usize>k << 3;
      const t = i + k - preDelay;
      const x = f64x2.splat(t >= 0 ? <f64>load<f32>(input + (<usize>t << 2)) : 0);
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
      const out = <usize>(i + k) << 2;
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
}
