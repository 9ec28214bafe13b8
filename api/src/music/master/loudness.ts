/**
 * ITU-R BS.1770-4 / EBU R128 integrated loudness: K-weighting (high shelf + RLB high-pass,
 * coefficients derived for any sample rate as in libebur128), 400 ms blocks with 75 % overlap,
 * absolute gate at -70 LUFS and relative gate 10 LU below the ungated mean.
 *
 * The K-weighted power is summed over short blocks, segment by segment, so workers can measure
 * segments of one song in parallel (audio-jobs.ts).
 */
import type { StereoAudio } from '../types.js';

interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

function shelfStage(sampleRate: number): Biquad {
  const f0 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  const q = 0.7071752369554196;
  const k = Math.tan((Math.PI * f0) / sampleRate);
  const vh = Math.pow(10, gainDb / 20);
  const vb = Math.pow(vh, 0.4996667741545416);
  const a0 = 1 + k / q + k * k;
  return {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
}

function highPassStage(sampleRate: number): Biquad {
  const f0 = 38.13547087602444;
  const q = 0.5003270373238773;
  const k = Math.tan((Math.PI * f0) / sampleRate);
  const a0 = 1 + k / q + k * k;
  return { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / q + k * k) / a0 };
}

/**
 * A segment's filters start this long before it, from rest: the slowest pole (the 38 Hz high-pass,
 * critically damped) has decayed by e^-48 by then, far below double precision, so a segment
 * measures the same as the whole song filtered in one run would.
 */
const SETTLE_SECONDS = 0.2;

export const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * One pass over the samples of [from, to) of both channels: adds their squared K-weighted values
 * (weights 1 for L/R) summed per block of `powerBlockSize` into `power`, and raises `peaks` to the
 * largest |sample| per block of `peakBlockSize` (block b starts at sample b x its size; `from` is a
 * multiple of both sizes).
 */
export function addBlockPowerAndPeaks(audio: StereoAudio, from: number, to: number, powerBlockSize: number, power: Float64Array, peakBlockSize: number, peaks: Float32Array): void {
  const { b0, b1, b2, a1, a2 } = shelfStage(audio.sampleRate);
  const highPass = highPassStage(audio.sampleRate);
  const settleFrom = Math.max(0, from - Math.round(SETTLE_SECONDS * audio.sampleRate));
  const end = Math.min(to, audio.left.length);
  // Runs of samples that lie in one power block and one peak block.
  const unit = gcd(powerBlockSize, peakBlockSize);
  filterAndMeasure(audio.left, audio.right, b0, b1, b2, a1, a2, highPass.a1, highPass.a2, settleFrom, from, end, unit, powerBlockSize, power, peakBlockSize, peaks);
}

/**
 * The loop of addBlockPowerAndPeaks, filtering from rest at `settleFrom`, in runs of `unit` samples:
 * shelf (b, a) then high-pass (feed-forward 1, -2, 1; feedback c). Everything arrives as a number
 * or typed array and no operation runs before the loop: V8 allocates type feedback lazily, so code
 * ahead of a loop that gets optimised mid-call (on-stack replacement) has none, and the function
 * then deoptimised on entry and sometimes stayed ~2-4x slower for the whole process. The filter
 * recursions are latency-bound, so the two channels' chains and the peak tracking run in each
 * other's shadow.
 */
function filterAndMeasure(
  left: Float32Array,
  right: Float32Array,
  b0: number,
  b1: number,
  b2: number,
  a1: number,
  a2: number,
  c1: number,
  c2: number,
  settleFrom: number,
  from: number,
  end: number,
  unit: number,
  powerBlockSize: number,
  power: Float64Array,
  peakBlockSize: number,
  peaks: Float32Array,
): void {
  let lx1 = 0, lx2 = 0, ly1 = 0, ly2 = 0, lu1 = 0, lu2 = 0, lz1 = 0, lz2 = 0; // left: shelf in/out, high-pass in/out
  let rx1 = 0, rx2 = 0, ry1 = 0, ry2 = 0, ru1 = 0, ru2 = 0, rz1 = 0, rz2 = 0; // right
  let i = settleFrom;
  let start = from;
  // The first run is the settling before the segment; it is not recorded.
  let settled = false;
  while (start < end) {
    const runEnd = settled ? Math.min(end, start + unit) : from;
    let acc = 0;
    let peak = 0;
    for (; i < runEnd; i++) {
      const lx = left[i];
      const ly = b0 * lx + b1 * lx1 + b2 * lx2 - a2 * ly2 - a1 * ly1;
      const lz = ly - 2 * lu1 + lu2 - c2 * lz2 - c1 * lz1;
      lx2 = lx1;
      lx1 = lx;
      ly2 = ly1;
      ly1 = ly;
      lu2 = lu1;
      lu1 = ly;
      lz2 = lz1;
      lz1 = lz;
      const rx = right[i];
      const ry = b0 * rx + b1 * rx1 + b2 * rx2 - a2 * ry2 - a1 * ry1;
      const rz = ry - 2 * ru1 + ru2 - c2 * rz2 - c1 * rz1;
      rx2 = rx1;
      rx1 = rx;
      ry2 = ry1;
      ry1 = ry;
      ru2 = ru1;
      ru1 = ry;
      rz2 = rz1;
      rz1 = rz;
      acc += lz * lz + rz * rz;
      peak = Math.max(peak, Math.abs(lx), Math.abs(rx));
    }
    if (settled) {
      power[Math.floor(start / powerBlockSize)] += acc;
      const p = Math.floor(start / peakBlockSize);
      if (peak > peaks[p]) peaks[p] = peak;
      start += unit;
    } else settled = true;
  }
}

/** K-weighted power of both channels, summed over short blocks. */
export interface BlockPower {
  /** Samples per entry; divides the 100 ms gating hop exactly. */
  blockSize: number;
  sampleRate: number;
  length: number;
  power: Float64Array;
}

/** Block sizes that tile a larger block exactly. */
export function largestDivisorUpTo(n: number, max: number): number {
  for (let b = max; b > 1; b--) if (n % b === 0) return b;
  return 1;
}

/** Largest divisor of the 100 ms hop not above 128 samples: fine enough to follow a limiter's gain. */
export function powerBlockSize(sampleRate: number): number {
  return largestDivisorUpTo(Math.round(sampleRate / 10), 128);
}

/** The whole song's block power in one run on the calling thread (reference measurements, tests). */
export function kWeightedPower(audio: StereoAudio): BlockPower {
  const blockSize = powerBlockSize(audio.sampleRate);
  const power = new Float64Array(Math.ceil(audio.left.length / blockSize));
  addBlockPowerAndPeaks(audio, 0, audio.left.length, blockSize, power, blockSize, new Float32Array(power.length));
  return { blockSize, sampleRate: audio.sampleRate, length: audio.left.length, power };
}

const BLOCK_STEPS = 4; // 400 ms block = 4 x 100 ms hops (75 % overlap)
const ABSOLUTE_GATE = -70;
const RELATIVE_GATE = -10;

function loudnessOf(meanSquare: number): number {
  return -0.691 + 10 * Math.log10(meanSquare);
}

/**
 * Mean-square of every 400 ms block, hopping by 100 ms, optionally with the signal scaled by an
 * amplitude gain given as its mean square per power block, times `scalar` squared. A slowly varying
 * gain commutes with the K-filter closely enough that mastering can evaluate candidate gain curves
 * this way.
 */
export function blockMeanSquares(p: BlockPower, meanGainSquares: Float64Array | null = null, scalar = 1): Float64Array {
  const hop = Math.round(p.sampleRate / 10);
  const perHop = hop / p.blockSize;
  const steps = Math.floor(p.length / hop);
  const hops = new Float64Array(steps);
  for (let s = 0; s < steps; s++) {
    let acc = 0;
    for (let b = s * perHop, end = b + perHop; b < end; b++) acc += meanGainSquares ? p.power[b] * meanGainSquares[b] : p.power[b];
    hops[s] = acc * scalar * scalar;
  }
  const blocks = Math.max(0, steps - BLOCK_STEPS + 1);
  const out = new Float64Array(blocks);
  for (let b = 0; b < blocks; b++) {
    let sum = 0;
    for (let k = 0; k < BLOCK_STEPS; k++) sum += hops[b + k];
    out[b] = sum / (hop * BLOCK_STEPS);
  }
  return out;
}

/** Gated integrated loudness of block mean-squares; -Infinity when every block is gated out. */
export function gatedLoudness(blocks: Float64Array): number {
  const absThreshold = Math.pow(10, (ABSOLUTE_GATE + 0.691) / 10);
  let sum = 0;
  let count = 0;
  for (const z of blocks) {
    if (z > absThreshold) {
      sum += z;
      count++;
    }
  }
  if (count === 0) return -Infinity;
  const relThreshold = Math.pow(10, (loudnessOf(sum / count) + RELATIVE_GATE + 0.691) / 10);
  let gatedSum = 0;
  let gatedCount = 0;
  for (const z of blocks) {
    if (z > absThreshold && z > relThreshold) {
      gatedSum += z;
      gatedCount++;
    }
  }
  return gatedCount === 0 ? -Infinity : loudnessOf(gatedSum / gatedCount);
}

/** Integrated loudness in LUFS; -Infinity for silence or audio shorter than one block. */
export function integratedLoudness(audio: StereoAudio): number {
  return gatedLoudness(blockMeanSquares(kWeightedPower(audio)));
}
