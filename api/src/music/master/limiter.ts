/**
 * Look-ahead true-peak limiter at block resolution. The song is cut into blocks of a few dozen
 * samples; the limiter's gain is a "knot" at each block start and moves linearly between knots.
 * Each knot must stay under the gain (ceiling / true peak) needed by the two blocks it joins and by
 * their neighbours within the interpolator's reach, so every sample around a peak, interpolated
 * between such knots, stays under the peak's need. The knot requirements are held over the
 * look-ahead window, recover with an exponential release, and are smoothed with a box filter the
 * length of the look-ahead, so the gain is already down when a peak arrives and never moves
 * abruptly. Offline, so "look-ahead" costs no latency.
 *
 * The true peaks per block of the un-gained signal are measured once; trying another make-up gain
 * (mastering iterates on loudness) then only recomputes the knots, a few hundred thousand numbers.
 */
import type { StereoAudio } from '../types.js';
import { largestDivisorUpTo } from './loudness.js';
import { INTERPOLATOR_REACH } from './true-peak.js';

export interface LimiterSettings {
  ceilingDb: number;
  lookaheadSeconds: number;
  releaseSeconds: number;
}

/**
 * -2 dBTP leaves room for MP3 coding overshoot (up to ~0.8 dB) under the -1 dBTP delivery limit: the
 * encoder's peak guard then rarely has to re-encode a chunk, and splice points between chunks, which it
 * cannot check on its own, stay under it (at -1.5 a 90 s drum & bass song decoded at -0.96 dBTP).
 */
export const DEFAULT_LIMITER: LimiterSettings = { ceilingDb: -2, lookaheadSeconds: 0.0015, releaseSeconds: 0.08 };

/** Largest divisor of the loudness power block not above 32 samples (21 at 44.1 kHz): knots every ~0.5 ms. */
export function limiterBlockSize(powerBlockSize: number): number {
  return largestDivisorUpTo(powerBlockSize, 32);
}

/**
 * Gain knots (<= 1; knot k at sample k * blockSize, one more knot than blocks) for the signal scaled
 * by `makeupGain`, so that no block's true peak times the gain around it exceeds the ceiling; null
 * when no limiting is needed. `truePeaks` must hold every block's true peak above
 * ceiling / makeupGain (0 is fine below that). Written into `into` (reusable between calls).
 */
export function limiterKnots(
  truePeaks: Float32Array,
  makeupGain: number,
  settings: LimiterSettings,
  blockSize: number,
  sampleRate: number,
  into: Float32Array = new Float32Array(truePeaks.length + 1),
): Float32Array | null {
  const ceiling = Math.pow(10, settings.ceilingDb / 20);
  const blocks = truePeaks.length;
  const knots = into;
  let any = false;
  for (let k = 0; k < blocks; k++) {
    const peak = truePeaks[k] * makeupGain;
    knots[k] = peak > ceiling ? ceiling / peak : 1;
    if (peak > ceiling) any = true;
  }
  knots[blocks] = 1;
  if (!any) return null;
  // A knot must stay under the need of every block whose true peak its gain takes part in: the two
  // blocks it joins and, since the interpolator reaches INTERPOLATOR_REACH samples past a block,
  // `reach` more on each side. So the gain stays under a peak's need over its whole interpolation
  // window, not just at the samples around it (which measurably let peaks through by ~0.001 dB).
  const reach = Math.ceil(INTERPOLATOR_REACH / blockSize);
  for (let k = blocks; k >= 0; k--) {
    let m = knots[k];
    for (let j = Math.max(0, k - reach - 1); j < k; j++) if (knots[j] < m) m = knots[j];
    knots[k] = m;
  }
  // Hold (the look-ahead) together with the forward half of that reach: the smallest value of the
  // next few knots (a short window, so a plain scan).
  const window = Math.max(1, Math.round((settings.lookaheadSeconds * sampleRate) / blockSize));
  for (let k = 0; k <= blocks; k++) {
    let m = knots[k];
    for (let j = k + 1; j <= Math.min(blocks, k + reach + window - 1); j++) if (knots[j] < m) m = knots[j];
    knots[k] = m;
  }
  const recover = 1 - Math.exp(-blockSize / (settings.releaseSeconds * sampleRate));
  // Release, then a box average of the last `window` held values (kept in a ring): each was held
  // over a window containing what knot k needs, so each is <= it, and so is their average.
  const ring = new Float64Array(window);
  let g = 1;
  let sum = 0;
  for (let k = 0; k <= blocks; k++) {
    g += (1 - g) * recover;
    if (knots[k] < g) g = knots[k];
    const slot = k % window;
    if (k >= window) sum -= ring[slot];
    ring[slot] = g;
    sum += g;
    knots[k] = k >= window ? sum / window : Math.min(sum / (k + 1), g);
  }
  return knots;
}

/**
 * Mean square of the gain over each power block (`powerBlockSize` a multiple of `blockSize`), the
 * gain moving linearly between knots as in applyKnotGain, into `into`; for loudness estimates.
 */
export function meanGainSquares(knots: Float32Array, blockSize: number, powerBlockSize: number, into: Float64Array): Float64Array {
  const perPowerBlock = powerBlockSize / blockSize;
  // Sum over j < B of (a + d j / B)^2 = B a^2 + a d (B - 1) + d^2 (B - 1)(2B - 1) / (6B).
  const linear = blockSize - 1;
  const quadratic = ((blockSize - 1) * (2 * blockSize - 1)) / (6 * blockSize);
  const blocks = knots.length - 1;
  for (let p = 0; p < into.length; p++) {
    let acc = 0;
    for (let k = p * perPowerBlock, end = Math.min(blocks, k + perPowerBlock); k < end; k++) {
      const a = knots[k];
      const d = knots[k + 1] - a;
      acc += blockSize * a * a + a * d * linear + d * d * quadratic;
    }
    into[p] = acc / powerBlockSize;
  }
  return into;
}

/**
 * Multiplies the samples of [from, to) in place by makeupGain x the gain interpolated between the
 * knots (none: makeupGain alone); `from` is a multiple of blockSize.
 */
export function applyKnotGain(audio: StereoAudio, from: number, to: number, makeupGain: number, knots: Float32Array | null, blockSize: number): void {
  const { left, right } = audio;
  const end = Math.min(to, left.length);
  if (!knots) {
    for (let i = from; i < end; i++) {
      left[i] *= makeupGain;
      right[i] *= makeupGain;
    }
    return;
  }
  for (let start = from; start < end; start += blockSize) {
    const k = start / blockSize;
    const g0 = makeupGain * knots[k];
    const step = (makeupGain * (knots[k + 1] - knots[k])) / blockSize;
    for (let j = 0, n = Math.min(blockSize, end - start); j < n; j++) {
      const g = g0 + step * j;
      left[start + j] *= g;
      right[start + j] *= g;
    }
  }
}

/** Largest block true peak times the largest gain over the block: the output's true peak, in dBTP. */
export function limitedTruePeakDbtp(truePeaks: Float32Array, makeupGain: number, knots: Float32Array | null): number {
  let peak = 0;
  for (let k = 0; k < truePeaks.length; k++) {
    const v = truePeaks[k] * makeupGain * (knots ? Math.max(knots[k], knots[k + 1]) : 1);
    if (v > peak) peak = v;
  }
  return 20 * Math.log10(Math.max(peak, 1e-12));
}
