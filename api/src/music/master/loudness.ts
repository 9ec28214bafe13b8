/**
 * ITU-R BS.1770-4 / EBU R128 integrated loudness: K-weighting (high shelf + RLB high-pass,
 * coefficients derived for any sample rate as in libebur128), 400 ms blocks with 75 % overlap,
 * absolute gate at -70 LUFS and relative gate 10 LU below the ungated mean.
 *
 * The K-weighted power is summed over short blocks, segment by segment, so workers can measure
 * segments of one song in parallel (audio-jobs.ts).
 */
import { kernelHeap } from '../dsp/heap.js';
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

/** Samples copied into the kernel heap and measured at a time (bounded, so the heap stays small). */
const PIECE_SAMPLES = 1 << 16;

/**
 * One pass over the samples of [from, to) of both channels: adds their squared K-weighted values
 * (weights 1 for L/R) summed per block of `powerBlockSize` into `power`, and raises `peaks` to the
 * largest |sample| per block of `peakBlockSize` (block b starts at sample b x its size; `from` is a
 * multiple of both sizes). The filtering runs in a DSP kernel (dsp/assembly/loudness.ts), over
 * pieces of the audio copied into this thread's kernel heap.
 */
export function addBlockPowerAndPeaks(audio: StereoAudio, from: number, to: number, powerBlockSize: number, power: Float64Array, peakBlockSize: number, peaks: Float32Array): void {
  const shelf = shelfStage(audio.sampleRate);
  const highPass = highPassStage(audio.sampleRate);
  const settleFrom = Math.max(0, from - Math.round(SETTLE_SECONDS * audio.sampleRate));
  const end = Math.min(to, audio.left.length);
  // Runs of samples that lie in one power block and one peak block.
  const unit = gcd(powerBlockSize, peakBlockSize);
  const piece = unit * Math.ceil(PIECE_SAMPLES / unit);
  const heap = kernelHeap();
  const mark = heap.mark();
  const state = heap.allocFloat64(16);
  const left = heap.alloc(piece);
  const right = heap.alloc(piece);
  const unitPower = heap.allocFloat64(piece / unit);
  const unitPeak = heap.alloc(piece / unit);
  const measure = (start: number, stop: number, record: boolean): void => {
    for (let at = start; at < stop; at += piece) {
      const n = Math.min(piece, stop - at);
      left.set(audio.left.subarray(at, at + n));
      right.set(audio.right.subarray(at, at + n));
      heap.kernels.kWeightedMeasure(heap.ptr(left), heap.ptr(right), n, heap.ptr(state), shelf.b0, shelf.b1, shelf.b2, shelf.a1, shelf.a2, highPass.a1, highPass.a2, unit, record ? 1 : 0, heap.ptr(unitPower), heap.ptr(unitPeak));
      if (!record) continue;
      for (let u = 0, units = Math.ceil(n / unit); u < units; u++) {
        const sample = at + u * unit;
        power[Math.floor(sample / powerBlockSize)] += unitPower[u];
        const p = Math.floor(sample / peakBlockSize);
        if (unitPeak[u] > peaks[p]) peaks[p] = unitPeak[u];
      }
    }
  };
  // The filters settle, from rest, on the audio before the segment; that part is not recorded.
  measure(settleFrom, from, false);
  measure(from, end, true);
  heap.release(mark);
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
