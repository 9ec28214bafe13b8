/**
 * Feedback-delay-network reverb (Jot): eight mutually prime delay lines mixed by a Householder
 * matrix, each with a gain for the target RT60 and a one-pole damping low-pass. Mono in, stereo
 * out. Linear, so a song can be reverberated in chunks and the results summed.
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

/** Adds the reverberation of `input[0..length)` into `outL/outR` at the same indices. */
export function applyReverb(input: Float32Array, outL: Float32Array, outR: Float32Array, length: number, settings: ReverbSettings, sampleRate: number): void {
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
    outL[i] += left * wet;
    outR[i] += right * wet;
  }
}
