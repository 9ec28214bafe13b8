/**
 * Feedback-delay-network reverb (Jot): eight mutually prime delay lines mixed by a Householder
 * matrix, each with a gain for the target RT60 and a one-pole damping low-pass. Mono in, stereo
 * out. Linear and time-invariant, so a song can be reverberated in chunks and the results summed.
 */
import { TWO_PI } from '../synth/dsp.js';

const LINE_LENGTHS_MS = [29.7, 37.1, 41.1, 43.7, 53.3, 59.9, 67.7, 73.1];

export interface ReverbSettings {
  /** Seconds to decay by 60 dB. */
  rt60: number;
  /** High-frequency damping cut-off, Hz. */
  dampingHz: number;
  preDelay: number;
  /** Output level. */
  wet: number;
}

/** Reusable half-rate buffers (input, left, right): this runs once per render chunk. */
let scratch = new Float32Array(0);

export function releaseReverbScratch(): void {
  scratch = new Float32Array(0);
}

/**
 * Adds the reverberation of `input[0..length)` into `outL/outR` at the same indices.
 * `absoluteOffset` is the song sample index of input[0].
 *
 * The network runs at half the sample rate, which halves its cost: its output is damped to a few
 * kHz anyway. The input is low-passed ([1 2 1] / 4, zero at Nyquist) and decimated on pairs of
 * samples aligned to even song indices, so every slicing of the song decimates identically; the
 * output is brought back to full rate by linear interpolation.
 */
export function applyReverb(input: Float32Array, outL: Float32Array, outR: Float32Array, length: number, settings: ReverbSettings, sampleRate: number, absoluteOffset: number): void {
  const rate = sampleRate / 2;
  const lead = absoluteOffset & 1; // 1 when input[0] is the second sample of its pair
  const pairs = Math.ceil((length + lead) / 2) + 1; // one extra pair so every odd sample can interpolate
  if (scratch.length < 3 * pairs) scratch = new Float32Array(Math.ceil(3 * pairs * 1.1));
  const x2 = scratch.subarray(0, pairs);
  const wetL = scratch.subarray(pairs, 2 * pairs);
  const wetR = scratch.subarray(2 * pairs, 3 * pairs);
  // Pairs [first, last) have both neighbours inside the input: only the few at the edges need
  // bounds checks (these loops run over every sample).
  const first = 1;
  const last = Math.min(pairs, Math.max(first, Math.ceil((length + lead - 1) / 2)));
  const at = (i: number): number => (i >= 0 && i < length ? input[i] : 0);
  for (let k = 0; k < pairs; k++) {
    if (k >= first && k < last) continue;
    const i = 2 * k - lead;
    x2[k] = 0.25 * at(i - 1) + 0.5 * at(i) + 0.25 * at(i + 1);
  }
  for (let k = first; k < last; k++) {
    const i = 2 * k - lead;
    x2[k] = 0.25 * input[i - 1] + 0.5 * input[i] + 0.25 * input[i + 1];
  }
  runNetwork(x2, wetL, wetR, pairs, settings, rate);
  // Full rate again: even samples take the pair's value, odd ones interpolate to the next pair.
  for (let k = 0; k < pairs - 1; k++) {
    const even = 2 * k - lead;
    if (even >= 0 && even + 1 < length) {
      outL[even] += wetL[k];
      outR[even] += wetR[k];
      outL[even + 1] += 0.5 * (wetL[k] + wetL[k + 1]);
      outR[even + 1] += 0.5 * (wetR[k] + wetR[k + 1]);
      continue;
    }
    if (even >= 0 && even < length) {
      outL[even] += wetL[k];
      outR[even] += wetR[k];
    }
    const odd = even + 1;
    if (odd >= 0 && odd < length) {
      outL[odd] += 0.5 * (wetL[k] + wetL[k + 1]);
      outR[odd] += 0.5 * (wetR[k] + wetR[k + 1]);
    }
  }
}

/** The network itself at `sampleRate`: reverberation of `input` written (not added) to outL/outR. */
function runNetwork(input: Float32Array, outL: Float32Array, outR: Float32Array, length: number, settings: ReverbSettings, sampleRate: number): void {
  const n = LINE_LENGTHS_MS.map((ms) => Math.round((ms / 1000) * sampleRate));
  const g = n.map((len) => Math.pow(10, (-3 * len) / (settings.rt60 * sampleRate)));
  // All eight lines live in one buffer; the loop is unrolled by hand because this is the hottest
  // code in the renderer (arrays of arrays and inner loops cost ~4x here).
  const o = [0];
  for (let k = 1; k < 8; k++) o.push(o[k - 1] + n[k - 1]);
  const buf = new Float32Array(o[7] + n[7]);
  const [n0, n1, n2, n3, n4, n5, n6, n7] = n;
  const [o0, o1, o2, o3, o4, o5, o6, o7] = o;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g;
  const damp = Math.exp((-TWO_PI * settings.dampingHz) / sampleRate);
  const keep = 1 - damp;
  let l0 = 0, l1 = 0, l2 = 0, l3 = 0, l4 = 0, l5 = 0, l6 = 0, l7 = 0;
  let p0 = 0, p1 = 0, p2 = 0, p3 = 0, p4 = 0, p5 = 0, p6 = 0, p7 = 0;
  const preDelay = Math.max(0, Math.round(settings.preDelay * sampleRate));
  const wet = settings.wet / 2;
  for (let i = 0; i < length; i++) {
    const x = i >= preDelay ? input[i - preDelay] : 0;
    l0 = buf[o0 + p0] * g0 * keep + l0 * damp;
    l1 = buf[o1 + p1] * g1 * keep + l1 * damp;
    l2 = buf[o2 + p2] * g2 * keep + l2 * damp;
    l3 = buf[o3 + p3] * g3 * keep + l3 * damp;
    l4 = buf[o4 + p4] * g4 * keep + l4 * damp;
    l5 = buf[o5 + p5] * g5 * keep + l5 * damp;
    l6 = buf[o6 + p6] * g6 * keep + l6 * damp;
    l7 = buf[o7 + p7] * g7 * keep + l7 * damp;
    const left = l0 + l2 + l4 + l6;
    const right = l1 + l3 + l5 + l7;
    // Householder feedback: each line gets its own output minus 2/N of the sum.
    const h = (left + right) * 0.25;
    buf[o0 + p0] = l0 - h + x;
    buf[o1 + p1] = l1 - h + x;
    buf[o2 + p2] = l2 - h - x;
    buf[o3 + p3] = l3 - h - x;
    buf[o4 + p4] = l4 - h + x;
    buf[o5 + p5] = l5 - h + x;
    buf[o6 + p6] = l6 - h - x;
    buf[o7 + p7] = l7 - h - x;
    if (++p0 === n0) p0 = 0;
    if (++p1 === n1) p1 = 0;
    if (++p2 === n2) p2 = 0;
    if (++p3 === n3) p3 = 0;
    if (++p4 === n4) p4 = 0;
    if (++p5 === n5) p5 = 0;
    if (++p6 === n6) p6 = 0;
    if (++p7 === n7) p7 = 0;
    outL[i] = left * wet;
    outR[i] = right * wet;
  }
}
