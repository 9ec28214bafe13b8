/**
 * Stereo chorus: the mono track plus two modulated delay taps (opposite LFO phase per side).
 * The LFO phase comes from the absolute sample index, so chunked renders line up.
 */
import { TWO_PI } from '../synth/dsp.js';

const BASE_DELAY = 0.012;
const SWING = 0.004;
const RATE = 0.7;
const LFO_STEP = 16;

/**
 * Adds `input[from..to)` (a mono track) into outL/outR with the given pan gains, chorused by
 * `depth` (0 = dry only). `absoluteOffset` is the song sample index of input[0].
 */
export function addChorused(input: Float32Array, from: number, to: number, outL: Float32Array, outR: Float32Array, gainL: number, gainR: number, depth: number, absoluteOffset: number, sampleRate: number): void {
  if (depth <= 0) {
    for (let i = from; i < to; i++) {
      const x = input[i];
      outL[i] += x * gainL;
      outR[i] += x * gainR;
    }
    return;
  }
  const wet = 0.5 * depth;
  const dry = 1 - 0.3 * depth;
  const base = BASE_DELAY * sampleRate;
  const swing = SWING * sampleRate * depth;
  const w = (TWO_PI * RATE) / sampleRate;
  // The delay is held for LFO_STEP samples, so each tap's integer offset and fraction are too.
  // Blocks sit on a grid of absolute sample indices so every slicing of the song sees the same LFO.
  const firstBlock = from - ((((absoluteOffset + from) % LFO_STEP) + LFO_STEP) % LFO_STEP);
  for (let gridStart = firstBlock; gridStart < to; gridStart += LFO_STEP) {
    const blockStart = Math.max(from, gridStart);
    const s = Math.sin(w * (absoluteOffset + gridStart));
    const dL = base + swing * s;
    const dR = base - swing * s;
    const iL = Math.floor(dL);
    const fL = dL - iL;
    const iR = Math.floor(dR);
    const fR = dR - iR;
    const blockEnd = Math.min(to, gridStart + LFO_STEP);
    const safe = blockStart - Math.max(iL, iR) - 1 >= 0;
    for (let i = blockStart; i < blockEnd; i++) {
      const x = input[i];
      let tl = 0;
      let tr = 0;
      if (safe) {
        tl = input[i - iL - 1] * fL + input[i - iL] * (1 - fL);
        tr = input[i - iR - 1] * fR + input[i - iR] * (1 - fR);
      } else {
        if (i - iL - 1 >= 0) tl = input[i - iL - 1] * fL + input[i - iL] * (1 - fL);
        if (i - iR - 1 >= 0) tr = input[i - iR - 1] * fR + input[i - iR] * (1 - fR);
      }
      outL[i] += (x * dry + tl * wet) * gainL;
      outR[i] += (x * dry + tr * wet) * gainR;
    }
  }
}
