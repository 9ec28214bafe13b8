/**
 * True-peak estimation per BS.1770-4 Annex 2: 4x oversampling with a windowed-sinc polyphase
 * interpolator (12 taps per phase). Blocks whose neighbourhood cannot reach the level of
 * interest are skipped, which makes metering and limiting cheap on real music.
 */
import type { StereoAudio } from '../types.js';

export const OVERSAMPLING = 4;
const TAPS = 12;
const HALF = TAPS / 2;
/** How far past sample n the interpolator reads for the values in [n, n + 1). */
export const INTERPOLATOR_REACH = HALF;
const BLOCK = 16;

/** PHASES[p-1][m] weights x[n + m - HALF + 1] for the value at n + p/4. */
const PHASES: Float64Array[] = [];
/** Largest sum of |weights| over the phases: bounds how far an interpolated value can exceed its neighbours. */
let phaseGainBound = 1;
/**
 * The same split in two: the largest sum of |weights| of the two samples around the interpolation
 * point, and of the ten others. |value in [n, n+1)| <= CENTRE x max(|x[n]|, |x[n+1]|) + OUTER x
 * (largest |sample| nearby), a much tighter bound for the many samples well below the loudest.
 */
let centreGainBound = 0;
let outerGainBound = 0;
for (let p = 1; p < OVERSAMPLING; p++) {
  const mu = p / OVERSAMPLING;
  const taps = new Float64Array(TAPS);
  let sum = 0;
  for (let m = 0; m < TAPS; m++) {
    const t = m - HALF + 1 - mu; // sample position relative to the interpolation point
    const sinc = Math.sin(Math.PI * t) / (Math.PI * t);
    const window = 0.5 * (1 + Math.cos((Math.PI * t) / HALF));
    taps[m] = sinc * window;
    sum += taps[m];
  }
  let abs = 0;
  for (let m = 0; m < TAPS; m++) {
    taps[m] /= sum;
    abs += Math.abs(taps[m]);
  }
  phaseGainBound = Math.max(phaseGainBound, abs);
  const centre = Math.abs(taps[HALF - 1]) + Math.abs(taps[HALF]);
  centreGainBound = Math.max(centreGainBound, centre);
  outerGainBound = Math.max(outerGainBound, abs - centre);
  PHASES.push(taps);
}

/** Interpolated value at n + p/4 (p = 1..3), with zeros outside the signal. */
function interpolateAtEdge(x: Float32Array, n: number, p: number): number {
  const taps = PHASES[p - 1];
  const base = n - HALF + 1;
  let acc = 0;
  for (let m = 0; m < TAPS; m++) {
    const i = base + m;
    if (i >= 0 && i < x.length) acc += x[i] * taps[m];
  }
  return acc;
}

const [A, B, C] = PHASES;

/** max(|x[n]|, |x(n + 1/4)|, |x(n + 1/2)|, |x(n + 3/4)|); the 12 samples are loaded once for all phases. */
function peakAt(x: Float32Array, n: number): number {
  let peak = Math.abs(x[n]);
  if (n < HALF - 1 || n + HALF >= x.length) {
    for (let p = 1; p < OVERSAMPLING; p++) peak = Math.max(peak, Math.abs(interpolateAtEdge(x, n, p)));
    return peak;
  }
  const b = n - HALF + 1;
  const x0 = x[b], x1 = x[b + 1], x2 = x[b + 2], x3 = x[b + 3], x4 = x[b + 4], x5 = x[b + 5];
  const x6 = x[b + 6], x7 = x[b + 7], x8 = x[b + 8], x9 = x[b + 9], x10 = x[b + 10], x11 = x[b + 11];
  const a = A[0] * x0 + A[1] * x1 + A[2] * x2 + A[3] * x3 + A[4] * x4 + A[5] * x5 + A[6] * x6 + A[7] * x7 + A[8] * x8 + A[9] * x9 + A[10] * x10 + A[11] * x11;
  const h = B[0] * x0 + B[1] * x1 + B[2] * x2 + B[3] * x3 + B[4] * x4 + B[5] * x5 + B[6] * x6 + B[7] * x7 + B[8] * x8 + B[9] * x9 + B[10] * x10 + B[11] * x11;
  const c = C[0] * x0 + C[1] * x1 + C[2] * x2 + C[3] * x3 + C[4] * x4 + C[5] * x5 + C[6] * x6 + C[7] * x7 + C[8] * x8 + C[9] * x9 + C[10] * x10 + C[11] * x11;
  return Math.max(peak, Math.abs(a), Math.abs(h), Math.abs(c));
}

function blockNeighbourhoodMax(x: Float32Array, start: number): number {
  let max = 0;
  const from = Math.max(0, start - HALF);
  const to = Math.min(x.length, start + BLOCK + HALF + 1);
  for (let i = from; i < to; i++) {
    const v = Math.abs(x[i]);
    if (v > max) max = v;
  }
  return max;
}

/**
 * Largest true-peak value over samples n of [from, to) of `x` whose pair (n, n + 1) has a sample
 * over `quietPair` (0 if none). Each |sample| is read once, as the pair's second then its first.
 */
function loudPairsPeak(x: Float32Array, from: number, to: number, quietPair: number): number {
  let peak = 0;
  let current = Math.abs(x[from]);
  for (let n = from; n < to; n++) {
    const next = n + 1 < x.length ? Math.abs(x[n + 1]) : current;
    if (current > quietPair || next > quietPair) peak = Math.max(peak, peakAt(x, n));
    current = next;
  }
  return peak;
}

/**
 * For each block k of [from, to), writes into `truePeaks[k]` the true peak of both channels over
 * the block (sample n covering [n, n + 1)) if that exceeds `floor` (linear), else some value from 0
 * to `floor`: only samples whose neighbourhood can reach the floor are interpolated. `samplePeaks`
 * holds every block's largest |sample|; the interpolator reaches HALF samples past a block's edges.
 */
export function addBlockTruePeaks(audio: StereoAudio, from: number, to: number, blockSize: number, samplePeaks: Float32Array, floor: number, truePeaks: Float32Array): void {
  const { left, right } = audio;
  const length = left.length;
  const end = Math.min(to, length);
  const reach = Math.ceil(HALF / blockSize);
  for (let start = from; start < end; start += blockSize) {
    const k = start / blockSize;
    let nearby = 0;
    for (let j = Math.max(0, k - reach); j <= Math.min(samplePeaks.length - 1, k + reach); j++) nearby = Math.max(nearby, samplePeaks[j]);
    let peak = 0;
    if (nearby * phaseGainBound > floor) {
      // Samples whose pair (n, n+1) stays under this cannot reach the floor.
      const quietPair = (floor - outerGainBound * nearby) / centreGainBound;
      const e = Math.min(end, start + blockSize);
      peak = Math.max(loudPairsPeak(left, start, e, quietPair), loudPairsPeak(right, start, e, quietPair));
    }
    truePeaks[k] = peak;
  }
}

/** Largest true-peak value (linear) of one channel. */
export function channelTruePeak(x: Float32Array): number {
  let best = 0;
  for (let i = 0; i < x.length; i++) best = Math.max(best, Math.abs(x[i]));
  // Only neighbourhoods that could beat the best value so far need interpolating.
  for (let start = 0; start < x.length; start += BLOCK) {
    if (blockNeighbourhoodMax(x, start) * phaseGainBound <= best) continue;
    const end = Math.min(x.length, start + BLOCK);
    for (let n = start; n < end; n++) best = Math.max(best, peakAt(x, n));
  }
  return best;
}

/** True peak of a stereo signal in dBTP. */
export function truePeakDbtp(audio: StereoAudio): number {
  const peak = Math.max(channelTruePeak(audio.left), channelTruePeak(audio.right));
  return 20 * Math.log10(Math.max(peak, 1e-12));
}
