/**
 * ITU-R BS.1770-4 / EBU R128 integrated loudness: K-weighting (high shelf + RLB high-pass,
 * coefficients derived for any sample rate as in libebur128), 400 ms blocks with 75 % overlap,
 * absolute gate at -70 LUFS and relative gate 10 LU below the ungated mean.
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

/** Adds the squared K-weighted samples of `x`, summed per `blockSize` samples, into `power`. */
function addWeightedPower(x: Float32Array, sampleRate: number, blockSize: number, power: Float64Array): void {
  // Coefficients in locals: this loop runs over every sample of the song.
  const { b0, b1, b2, a1, a2 } = shelfStage(sampleRate);
  const { a1: c1, a2: c2 } = highPassStage(sampleRate);
  let x1 = 0, x2 = 0, y1 = 0, y2 = 0; // stage 1 state
  let u1 = 0, u2 = 0, z1 = 0, z2 = 0; // stage 2 state
  for (let b = 0; b < power.length; b++) {
    let acc = 0;
    for (let i = b * blockSize, end = Math.min(x.length, i + blockSize); i < end; i++) {
      const x0 = x[i];
      const y0 = b0 * x0 + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
      x2 = x1;
      x1 = x0;
      y2 = y1;
      y1 = y0;
      const z0 = y0 - 2 * u1 + u2 - c1 * z1 - c2 * z2;
      u2 = u1;
      u1 = y0;
      z2 = z1;
      z1 = z0;
      acc += z0 * z0;
    }
    power[b] += acc;
  }
}

/** K-weighted power of both channels (weights 1 for L/R), summed over short blocks. */
export interface BlockPower {
  /** Samples per entry; divides the 100 ms gating hop exactly. */
  blockSize: number;
  sampleRate: number;
  length: number;
  power: Float64Array;
}

/** Largest divisor of the 100 ms hop not above 128 samples: fine enough to follow a limiter's gain. */
function powerBlockSize(sampleRate: number): number {
  const hop = Math.round(sampleRate / 10);
  for (let b = 128; b > 1; b--) if (hop % b === 0) return b;
  return 1;
}

export function kWeightedPower(audio: StereoAudio): BlockPower {
  const blockSize = powerBlockSize(audio.sampleRate);
  const power = new Float64Array(Math.ceil(audio.left.length / blockSize));
  addWeightedPower(audio.left, audio.sampleRate, blockSize, power);
  addWeightedPower(audio.right, audio.sampleRate, blockSize, power);
  return { blockSize, sampleRate: audio.sampleRate, length: audio.left.length, power };
}

const BLOCK_STEPS = 4; // 400 ms block = 4 x 100 ms hops (75 % overlap)
const ABSOLUTE_GATE = -70;
const RELATIVE_GATE = -10;

function loudnessOf(meanSquare: number): number {
  return -0.691 + 10 * Math.log10(meanSquare);
}

/**
 * Mean-square of every 400 ms block, hopping by 100 ms, optionally with the signal scaled by a
 * per-sample amplitude gain (mean of its square per power block). A slowly varying gain commutes
 * with the K-filter closely enough that mastering can evaluate candidate gain curves this way.
 */
export function blockMeanSquares(p: BlockPower, amplitudeGain: Float32Array | null = null, scalar = 1): Float64Array {
  const hop = Math.round(p.sampleRate / 10);
  const perHop = hop / p.blockSize;
  const steps = Math.floor(p.length / hop);
  const hops = new Float64Array(steps);
  for (let s = 0; s < steps; s++) {
    let acc = 0;
    for (let b = s * perHop, end = b + perHop; b < end; b++) {
      if (amplitudeGain) {
        let g2 = 0;
        for (let i = b * p.blockSize, e = i + p.blockSize; i < e; i++) g2 += amplitudeGain[i] * amplitudeGain[i];
        acc += (p.power[b] * g2) / p.blockSize;
      } else acc += p.power[b];
    }
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
