/**
 * The mix bus after the slices are summed: normalise to a fixed RMS (so the compressor's
 * threshold means the same for every song), tone shelves, glue compression, section levels (the arrangement's
 * dynamics), tape saturation and hiss, and the fade-out. These stages are not linear, so they run on the finished mix, in place, cut into 10 s
 * segments that the workers process in parallel:
 *   1. measure: each segment's sum of squares, and a copy of the second before it (read before
 *      anything is changed);
 *   2. apply: each segment warms its shelves and compressor up on that copy, then processes its own samples.
 * A warmed-up compressor is within a hair of one that ran from the start, and the cuts depend only
 * on the song's length, so the result is the same for any worker count (and on the calling thread).
 */
import { BusCompressor, type CompressorSettings } from '../effects/compressor.js';
import { highPass, type ShelfSettings, StereoBiquad, ToneShelves } from '../effects/tone-shelves.js';
import { applyTapeSaturationAndHiss } from '../effects/lofi.js';
import { songSegments, sharedFloat32, sharedFloat64, type Segment } from '../master/audio-jobs.js';
import { kernelHeap } from '../dsp/heap.js';
import { dbToGain, gainToDb } from '../synth/dsp.js';
import type { Composition, StereoAudio } from '../types.js';
import { applyLevelCurve, type LevelCurve, sectionLevelCurve } from './section-levels.js';
import type { EnginePool } from './worker-pool.js';

const FADE_OUT_SECONDS = 1;
/** The mix is brought to this RMS before the bus compressor. */
const BUS_RMS_DB = -20;
/**
 * Audio before a segment its compressor runs over first: the envelope's release is 0.15 s. A
 * whole number of the detector's 8-sample blocks, so warm-ups follow the song's block grid.
 */
const WARM_UP_SECONDS = 1;
/** The compressor kernel's block (BLOCK in dsp/assembly/bus.ts). */
const DETECTOR_BLOCK = 8;

export interface FinishSettings {
  /** Tonal balance, before the compressor. */
  tone: ShelfSettings;
  compressor: CompressorSettings;
  /** Section levels after the compressor (section-levels.ts). */
  levels: LevelCurve;
  lofi: number;
  /** Seeds the hiss; each segment adds its index. */
  seed: number;
  fadeOutSamples: number;
}

/**
 * The share of the mix's energy above AIR_HZ (in dB) that each song's top is opened to: -13 dB for
 * the brightest, -19 for the darkest (our brightest guitar bands measure -13 to -15 unaided). The top
 * shelf makes up the difference, up to MAX_AIR_DB, so a guitar band that is bright already is left
 * alone and a mellow synth song gets its air.
 */
const AIR_HZ = 4000;
const MAX_AIR_DB = 10;
const airTargetDb = (brightness: number): number => -19 + 6 * brightness;

export function finishSettings(c: Composition, sampleRate: number, highShare: number): FinishSettings {
  const measuredDb = 10 * Math.log10(Math.max(highShare, 1e-9));
  // Tape-coloured songs (lo-fi) keep their top dusty.
  const highDb = Math.min(MAX_AIR_DB, Math.max(0, airTargetDb(c.mix.brightness) - measuredDb)) * (1 - c.mix.lofi);
  return {
    tone: { lowHz: 150, lowDb: -3 - 2 * c.mix.brightness, highHz: AIR_HZ, highDb: Math.round(highDb * 10) / 10 },
    levels: sectionLevelCurve(c),
    compressor: { thresholdDb: BUS_RMS_DB + 4 - 6 * c.mix.compression, ratio: 1.5 + 3 * c.mix.compression, attack: 0.01, release: 0.15, kneeDb: 6, makeupDb: 0 },
    lofi: c.mix.lofi,
    seed: Math.round(c.bpm * 1000 + c.durationSeconds),
    fadeOutSamples: Math.round(FADE_OUT_SECONDS * sampleRate),
  };
}

/** Energy above AIR_HZ in [from, to) of both channels (second-order high-pass, settling from silence). */
function highBandEnergy(audio: StereoAudio, from: number, to: number): number {
  const heap = kernelHeap();
  const mark = heap.mark();
  const left = heap.copy(audio.left.subarray(from, to));
  const right = heap.copy(audio.right.subarray(from, to));
  new StereoBiquad(heap, highPass(AIR_HZ, audio.sampleRate)).run(left, right);
  let sum = 0;
  for (const x of [left, right]) for (let i = 0; i < x.length; i++) sum += x[i] * x[i];
  heap.release(mark);
  return sum;
}

/** Jobs on shared memory: `audio`, `sums` and `warmUp` must be SharedArrayBuffer-backed on workers. */
export type FinishJob =
  | ({ kind: 'finish-measure'; audio: StereoAudio; index: number; sums: Float64Array; highSums: Float64Array; warmUp: StereoAudio } & Segment)
  | ({ kind: 'finish-apply'; audio: StereoAudio; index: number; inputGain: number; settings: FinishSettings; warmUp: StereoAudio } & Segment);

export function runFinishJob(job: FinishJob): void {
  const { audio, from, to, warmUp } = job;
  if (job.kind === 'finish-measure') {
    let sum = 0;
    for (let i = from; i < to; i++) sum += audio.left[i] * audio.left[i] + audio.right[i] * audio.right[i];
    job.sums[job.index] = sum;
    job.highSums[job.index] = highBandEnergy(audio, from, to);
    const start = from - warmUp.left.length;
    warmUp.left.set(audio.left.subarray(Math.max(0, start), from), Math.max(0, -start));
    warmUp.right.set(audio.right.subarray(Math.max(0, start), from), Math.max(0, -start));
    return;
  }
  const { settings, inputGain } = job;
  // The segment and its warm-up go through the kernels in this thread's heap, then back in place.
  const heap = kernelHeap();
  const mark = heap.mark();
  const left = heap.copy(audio.left.subarray(from, to));
  const right = heap.copy(audio.right.subarray(from, to));
  const shelves = new ToneShelves(heap, settings.tone, audio.sampleRate);
  const warmLeft = heap.copy(warmUp.left);
  const warmRight = heap.copy(warmUp.right);
  shelves.process(warmLeft, warmRight);
  shelves.process(left, right);
  const compressor = new BusCompressor(heap, settings.compressor, audio.sampleRate);
  compressor.follow(warmLeft, warmRight, inputGain, from - warmUp.left.length);
  compressor.process(left, right, inputGain, from);
  applyLevelCurve(settings.levels, left, right, from, to, audio.sampleRate);
  applyTapeSaturationAndHiss(heap, left, right, settings.lofi, settings.seed + job.index);
  const fadeFrom = audio.left.length - settings.fadeOutSamples;
  for (let i = Math.max(from, fadeFrom); i < to; i++) {
    const g = Math.cos(((i - fadeFrom + 1) / settings.fadeOutSamples) * (Math.PI / 2));
    left[i - from] *= g;
    right[i - from] *= g;
  }
  audio.left.set(left, from);
  audio.right.set(right, from);
  heap.release(mark);
}

/** Gain that brings a stereo mix with this sum of squares over `length` samples to the bus RMS. */
export function busInputGain(sumOfSquares: number, length: number): number {
  const rms = Math.sqrt(sumOfSquares / Math.max(1, 2 * length));
  return rms < 1e-9 ? 1 : dbToGain(BUS_RMS_DB - gainToDb(rms));
}

/** Runs the bus stages on `mix` in place; on the pool, or on the calling thread without one. */
export async function finishMix(c: Composition, mix: StereoAudio, pool: EnginePool | null): Promise<void> {
  const segments = songSegments(mix.left.length, mix.sampleRate, [DETECTOR_BLOCK]);
  const warmUpLength = DETECTOR_BLOCK * Math.ceil((WARM_UP_SECONDS * mix.sampleRate) / DETECTOR_BLOCK);
  const warmUps = segments.map(() => ({ sampleRate: mix.sampleRate, left: sharedFloat32(warmUpLength), right: sharedFloat32(warmUpLength) }));
  const sums = sharedFloat64(segments.length);
  const highSums = sharedFloat64(segments.length);
  const run = async (jobs: FinishJob[]): Promise<void> => {
    if (pool) await Promise.all(jobs.map((job) => pool.run<null>(job)));
    else jobs.forEach(runFinishJob);
  };
  await run(segments.map((segment, index) => ({ kind: 'finish-measure', audio: mix, index, sums, highSums, warmUp: warmUps[index], ...segment })));
  let total = 0;
  for (const sum of sums) total += sum;
  let high = 0;
  for (const sum of highSums) high += sum;
  const inputGain = busInputGain(total, mix.left.length);
  const settings = finishSettings(c, mix.sampleRate, total > 0 ? high / total : 0);
  await run(segments.map((segment, index) => ({ kind: 'finish-apply', audio: mix, index, inputGain, settings, warmUp: warmUps[index], ...segment })));
}
