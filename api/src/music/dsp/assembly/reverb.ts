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

const LINE_COUNT = 8;
const LINE_LENGTHS_MS: StaticArray<f64> = [29.7, 37.1, 41.1, 43.7, 53.3, 59.9, 67.7, 73.1];

function lineLength(k: i32, rate: f64): i32 {
  return <i32>Math.round((LINE_LENGTHS_MS[k] / 1000) * rate);
}

/** Half-rate pairs needed for `length` input samples (whatever the offset's parity). */
function pairsFor(length: i32, lead: i32): i32 {
  return (length + lead + 1) / 2 + 1;
}

/** f32 scratch the reverb needs for `length` samples: three half-rate signals and the lines. */
export function reverbScratchLength(length: i32, sampleRate: f64): i32 {
  let lines = 0;
  for (let k = 0; k < LINE_COUNT; k++) lines += lineLength(k, sampleRate / 2);
  return 3 * pairsFor(length, 1) + lines;
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
  const lines = wetR + (<usize>pairs << 2);
  for (let k = 0; k < pairs; k++) {
    const i = 2 * k - lead;
    store<f32>(x2 + (<usize>k << 2), <f32>(0.25 * sampleAt(input, i - 1, length) + 0.5 * sampleAt(input, i, length) + 0.25 * sampleAt(input, i + 1, length)));
  }
  runNetwork(x2, wetL, wetR, pairs, lines, rt60, dampingHz, preDelaySeconds, wetLevel, sampleRate / 2);
  // Full rate again: even samples take the pair's value, odd ones interpolate to the next pair.
  for (let k = 0; k < pairs - 1; k++) {
    const l0 = load<f32>(wetL + (<usize>k << 2));
    const r0 = load<f32>(wetR + (<usize>k << 2));
    const l1 = load<f32>(wetL + (<usize>(k + 1) << 2));
    const r1 = load<f32>(wetR + (<usize>(k + 1) << 2));
    const even = 2 * k - lead;
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
  // All eight lines in one buffer, each a ring of its own length.
  const b0 = lines, b1 = b0 + (<usize>n0 << 2), b2 = b1 + (<usize>n1 << 2), b3 = b2 + (<usize>n2 << 2);
  const b4 = b3 + (<usize>n3 << 2), b5 = b4 + (<usize>n4 << 2), b6 = b5 + (<usize>n5 << 2), b7 = b6 + (<usize>n6 << 2);
  memory.fill(lines, 0, (<usize>(n0 + n1 + n2 + n3 + n4 + n5 + n6 + n7)) << 2);
  let l0: f64 = 0, l1: f64 = 0, l2: f64 = 0, l3: f64 = 0, l4: f64 = 0, l5: f64 = 0, l6: f64 = 0, l7: f64 = 0;
  let p0: usize = 0, p1: usize = 0, p2: usize = 0, p3: usize = 0, p4: usize = 0, p5: usize = 0, p6: usize = 0, p7: usize = 0;
  const e0 = <usize>n0 << 2, e1 = <usize>n1 << 2, e2 = <usize>n2 << 2, e3 = <usize>n3 << 2;
  const e4 = <usize>n4 << 2, e5 = <usize>n5 << 2, e6 = <usize>n6 << 2, e7 = <usize>n7 << 2;
  const preDelay = max(0, <i32>Math.round(preDelaySeconds * rate));
  const wet = wetLevel / 2;
  for (let i = 0; i < length; i++) {
    const x: f64 = i >= preDelay ? <f64>load<f32>(input + (<usize>(i - preDelay) << 2)) : 0;
    l0 = <f64>load<f32>(b0 + p0) * g0 + l0 * damp;
    l1 = <f64>load<f32>(b1 + p1) * g1 + l1 * damp;
    l2 = <f64>load<f32>(b2 + p2) * g2 + l2 * damp;
    l3 = <f64>load<f32>(b3 + p3) * g3 + l3 * damp;
    l4 = <f64>load<f32>(b4 + p4) * g4 + l4 * damp;
    l5 = <f64>load<f32>(b5 + p5) * g5 + l5 * damp;
    l6 = <f64>load<f32>(b6 + p6) * g6 + l6 * damp;
    l7 = <f64>load<f32>(b7 + p7) * g7 + l7 * damp;
    const left = l0 + l2 + l4 + l6;
    const right = l1 + l3 + l5 + l7;
    // Householder feedback: each line gets its own output minus 2/N of the sum.
    const h = (left + right) * 0.25;
    store<f32>(b0 + p0, <f32>(l0 - h + x));
    store<f32>(b1 + p1, <f32>(l1 - h + x));
    store<f32>(b2 + p2, <f32>(l2 - h - x));
    store<f32>(b3 + p3, <f32>(l3 - h - x));
    store<f32>(b4 + p4, <f32>(l4 - h + x));
    store<f32>(b5 + p5, <f32>(l5 - h + x));
    store<f32>(b6 + p6, <f32>(l6 - h - x));
    store<f32>(b7 + p7, <f32>(l7 - h - x));
    p0 += 4; if (p0 == e0) p0 = 0;
    p1 += 4; if (p1 == e1) p1 = 0;
    p2 += 4; if (p2 == e2) p2 = 0;
    p3 += 4; if (p3 == e3) p3 = 0;
    p4 += 4; if (p4 == e4) p4 = 0;
    p5 += 4; if (p5 == e5) p5 = 0;
    p6 += 4; if (p6 == e6) p6 = 0;
    p7 += 4; if (p7 == e7) p7 = 0;
    store<f32>(outL + (<usize>i << 2), <f32>(left * wet));
    store<f32>(outR + (<usize>i << 2), <f32>(right * wet));
  }
}
