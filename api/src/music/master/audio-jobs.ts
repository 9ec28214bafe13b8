/**
 * Whole-song passes (mastering, analysis) split into segments for the engine's workers. The audio
 * and the block-resolution results live in SharedArrayBuffers: every job reads the song and writes
 * its own range of blocks in place, so nothing song-length is copied or sent back. The cuts depend
 * only on the song's length, and each block is computed by exactly one job from the same samples,
 * so results never depend on the worker count or on which worker finishes first.
 */
import type { StereoAudio } from '../types.js';
import type { EnginePool } from '../render/worker-pool.js';
import { applyKnotGain } from './limiter.js';
import { addBlockPowerAndPeaks, gcd } from './loudness.js';
import { addBlockTruePeaks } from './true-peak.js';

/** Long enough that per-job costs (messages, filter settling) stay around 2 %, short enough to balance two workers. */
const SEGMENT_SECONDS = 10;

export interface Segment {
  from: number;
  to: number;
}

/** Consecutive segments covering [0, length); every cut is a multiple of each of `blockSizes`. */
export function songSegments(length: number, sampleRate: number, blockSizes: number[]): Segment[] {
  const alignment = blockSizes.reduce((lcm, size) => (lcm / gcd(lcm, size)) * size, 1);
  const step = alignment * Math.max(1, Math.round((SEGMENT_SECONDS * sampleRate) / alignment));
  const segments: Segment[] = [];
  for (let from = 0; from < length; from += step) segments.push({ from, to: Math.min(length, from + step) });
  return segments;
}

export function isSharedAudio(audio: StereoAudio): boolean {
  return audio.left.buffer instanceof SharedArrayBuffer && audio.right.buffer instanceof SharedArrayBuffer;
}

export function sharedFloat32(length: number): Float32Array {
  return new Float32Array(new SharedArrayBuffer(length * Float32Array.BYTES_PER_ELEMENT));
}

export function sharedFloat64(length: number): Float64Array {
  return new Float64Array(new SharedArrayBuffer(length * Float64Array.BYTES_PER_ELEMENT));
}

/** The audio copied into shared memory (once) so workers can read and write it without copies. */
export function sharedCopy(audio: StereoAudio): StereoAudio {
  const left = sharedFloat32(audio.left.length);
  const right = sharedFloat32(audio.right.length);
  left.set(audio.left);
  right.set(audio.right);
  return { sampleRate: audio.sampleRate, left, right };
}

/** The jobs' audio and block arrays must be in shared memory (see sharedCopy, sharedFloat32/64). */
export type AudioJob =
  | ({ kind: 'measure-audio'; audio: StereoAudio; powerBlockSize: number; power: Float64Array; peakBlockSize: number; peaks: Float32Array } & Segment)
  | ({ kind: 'block-true-peaks'; audio: StereoAudio; blockSize: number; samplePeaks: Float32Array; floor: number; truePeaks: Float32Array } & Segment)
  | ({ kind: 'apply-gain'; audio: StereoAudio; makeupGain: number; knots: Float32Array | null; blockSize: number } & Segment);

/** Runs one job on the calling thread (the engine worker's side). */
export function runAudioJob(job: AudioJob): void {
  switch (job.kind) {
    case 'measure-audio':
      addBlockPowerAndPeaks(job.audio, job.from, job.to, job.powerBlockSize, job.power, job.peakBlockSize, job.peaks);
      return;
    case 'block-true-peaks':
      addBlockTruePeaks(job.audio, job.from, job.to, job.blockSize, job.samplePeaks, job.floor, job.truePeaks);
      return;
    case 'apply-gain':
      applyKnotGain(job.audio, job.from, job.to, job.makeupGain, job.knots, job.blockSize);
      return;
  }
}

/** Runs one job per segment on the pool and waits for all of them. */
export async function runOnSegments(pool: EnginePool, segments: Segment[], job: (segment: Segment) => AudioJob): Promise<void> {
  await Promise.all(segments.map((segment) => pool.run<null>(job(segment))));
}
