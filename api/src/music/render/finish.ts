/**
 * The mix bus after the slices are summed: normalise to a fixed RMS (so the compressor's
 * threshold means the same for every song), tone shelves and stereo width set from the mix's
 * measured spectrum, glue compression, section levels (the arrangement's
 * dynamics), tape saturation and hiss, and the fade-out. These stages are not linear, so they run on the finished mix, in place, cut into 10 s
 * segments that the workers process in parallel:
 *   1. measure: each segment's sum of squares, its mid/side spectra, and a copy of the second before it (read before
 *      anything is changed);
 *   2. apply: each segment warms its shelves and compressor up on that copy, then processes its own samples.
 * A warmed-up compressor is within a hair of one that ran from the start, and the cuts depend only
 * on the song's length, so the result is the same for any worker count (and on the calling thread).
 */
import FFT from 'fft.js';
import { BusCompressor, type CompressorSettings } from '../effects/compressor.js';
import { type Coefficients, shelf, type ShelfSettings, ToneShelves } from '../effects/tone-shelves.js';
import { applyTapeSaturationAndHiss } from '../effects/lofi.js';
import { songSegments, sharedFloat32, sharedFloat64, type Segment } from '../master/audio-jobs.js';
import { kernelHeap } from '../dsp/heap.js';
import { dbToGain, gainToDb } from '../synth/dsp.js';
import type { Composition, StereoAudio } from '../types.js';
import { applyLevelCurve, type LevelCurve, levelAt, sectionLevelCurve } from './section-levels.js';
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


/**
 * The long-term spectrum of the raw mix, measured on frames every SPECTRUM_HOP samples of the
 * song's grid (a segment measures the frames that start inside it, so the sum over segments is the
 * same for any cut): per FFT bin the power of the mid (L+R)/2, of the side (L-R)/2, and their cross
 * term. The shelves and the stereo width are then chosen from it, before anything is changed.
 */
const SPECTRUM_FRAME = 4096;
const SPECTRUM_HOP = 8192;
export const SPECTRUM_BINS = SPECTRUM_FRAME / 2 + 1;
/** Values per segment in the spectra array: mid power, side power, mid-side cross term, each per bin. */
export const SPECTRA_PER_SEGMENT = 3 * SPECTRUM_BINS;

/**
 * Octave bands the tonal balance is judged on (125 Hz .. 16 kHz, as a mix engineer's analyser or
 * the quality bench reads it): the least-squares fall of their levels in dB per octave. A commercial
 * mix falls about 1.5-3 dB per octave; the target is darker for darker songs.
 */
const OCTAVE_CENTRES_HZ = [125, 250, 500, 1000, 2000, 4000, 8000, 16000];
const slopeTarget = (brightness: number, lofi: number): number => Math.min(2.4, Math.max(1.4, 2.7 - 1.6 * brightness)) + 0.3 * lofi;
/** The top shelf's range: it may trim a mix that is already bright, or open a dark one. */
const HIGH_SHELF_DB = { min: -4, max: 14 };
const AIR_HZ = 4000;
/**
 * Left/right correlation the side level is set for (1 = mono): a mix that comes out narrower (few
 * doubled parts, a mono-ish genre) gets its side raised and one that comes out wider its side
 * lowered, within SIDE_GAIN. Raising the side leaves the mono fold-down (the mid) untouched. The
 * stages after this one only lower the correlation: the compressor and the limiter duck the mono
 * kick and bass hits (a 60 s energetic house song went from 0.62 to 0.49 in mastering), so the
 * target sits above the middle of the 0.5-0.85 band a finished song is meant to land in.
 */
const TARGET_CORRELATION = 0.76;
const SIDE_GAIN = { min: 0.6, max: 2.2 };

export interface FinishSettings {
  /** Tonal balance, before the compressor. */
  tone: ShelfSettings;
  /** Gain on the side (L-R) after the shelves; 1 leaves the width as mixed. */
  sideGain: number;
  compressor: CompressorSettings;
  /** Section levels after the compressor (section-levels.ts). */
  levels: LevelCurve;
  lofi: number;
  /** Seeds the hiss; each segment adds its index. */
  seed: number;
  fadeOutSamples: number;
}

/** |H|^2 of a biquad at each FFT bin of the spectrum frame. */
function powerResponse(c: Coefficients): Float64Array {
  const response = new Float64Array(SPECTRUM_BINS);
  for (let k = 0; k < SPECTRUM_BINS; k++) {
    const w = (2 * Math.PI * k) / SPECTRUM_FRAME;
    const [c1, s1, c2, s2] = [Math.cos(w), Math.sin(w), Math.cos(2 * w), Math.sin(2 * w)];
    const nr = c.b0 + c.b1 * c1 + c.b2 * c2;
    const ni = -(c.b1 * s1 + c.b2 * s2);
    const dr = 1 + c.a1 * c1 + c.a2 * c2;
    const di = -(c.a1 * s1 + c.a2 * s2);
    response[k] = (nr * nr + ni * ni) / (dr * dr + di * di);
  }
  return response;
}

/** Spectrum slope in dB per octave (positive = falling) of a power spectrum weighted by `gain`. */
function octaveSlope(power: Float64Array, gain: Float64Array, sampleRate: number): number {
  const binHz = sampleRate / SPECTRUM_FRAME;
  const levels = OCTAVE_CENTRES_HZ.map((centre) => {
    let sum = 0;
    for (let k = Math.ceil(centre / Math.SQRT2 / binHz); k < SPECTRUM_BINS && k * binHz < centre * Math.SQRT2; k++) sum += power[k] * gain[k];
    return 10 * Math.log10(sum + 1e-30);
  });
  const mx = (levels.length - 1) / 2;
  const my = levels.reduce((a, b) => a + b, 0) / levels.length;
  let num = 0;
  let den = 0;
  levels.forEach((level, x) => {
    num += (x - mx) * (level - my);
    den += (x - mx) ** 2;
  });
  return -num / den;
}

/** Top shelf gain (dB, 0.1 dB steps) that brings the mid's octave slope to `target` under the given low shelf. */
function highShelfForSlope(mid: Float64Array, low: Float64Array, target: number, sampleRate: number): number {
  const slopeWith = (db: number): number => {
    const high = powerResponse(shelf('high', AIR_HZ, db, sampleRate));
    for (let k = 0; k < high.length; k++) high[k] *= low[k];
    return octaveSlope(mid, high, sampleRate);
  };
  // More top always means a flatter slope.
  return Math.round(solveFalling(slopeWith, target, HIGH_SHELF_DB) * 10) / 10;
}

/** The x in [range.min, range.max] where the falling function f reaches `target` (an end where it cannot). */
function solveFalling(f: (x: number) => number, target: number, range: { min: number; max: number }): number {
  let lo = range.min;
  let hi = range.max;
  if (f(lo) <= target) return lo;
  if (f(hi) >= target) return hi;
  for (let i = 0; i < 20; i++) {
    const m = (lo + hi) / 2;
    if (f(m) > target) lo = m;
    else hi = m;
  }
  return (lo + hi) / 2;
}

/** Side gain (0.01 steps) that brings the left/right correlation after the shelves to TARGET_CORRELATION. */
function sideGainForWidth(spectra: Float64Array, shelves: Float64Array): number {
  let mm = 0;
  let ss = 0;
  let ms = 0;
  for (let k = 0; k < SPECTRUM_BINS; k++) {
    mm += spectra[k] * shelves[k];
    ss += spectra[SPECTRUM_BINS + k] * shelves[k];
    ms += spectra[2 * SPECTRUM_BINS + k] * shelves[k];
  }
  if (!(ss > 0) || !(mm > 0)) return 1;
  // L = M + wS, R = M - wS: LR = M^2 - w^2 S^2, LL RR = (M^2 + w^2 S^2)^2 - 4 w^2 (MS)^2.
  const correlation = (w: number): number => (mm - w * w * ss) / Math.sqrt(Math.max(1e-30, (mm + w * w * ss) ** 2 - 4 * w * w * ms * ms));
  return Math.round(solveFalling(correlation, TARGET_CORRELATION, SIDE_GAIN) * 100) / 100;
}

/** `spectra` is the song's sum of the segments' spectra (SPECTRA_PER_SEGMENT values). */
export function finishSettings(c: Composition, sampleRate: number, spectra: Float64Array): FinishSettings {
  const lowHz = 150;
  const lowDb = -3 - 2 * c.mix.brightness;
  const low = powerResponse(shelf('low', lowHz, lowDb, sampleRate));
  const highDb = highShelfForSlope(spectra.subarray(0, SPECTRUM_BINS), low, slopeTarget(c.mix.brightness, c.mix.lofi), sampleRate);
  const both = powerResponse(shelf('high', AIR_HZ, highDb, sampleRate));
  for (let k = 0; k < both.length; k++) both[k] *= low[k];
  return {
    tone: { lowHz, lowDb, highHz: AIR_HZ, highDb },
    sideGain: sideGainForWidth(spectra, both),
    levels: sectionLevelCurve(c),
    compressor: { thresholdDb: BUS_RMS_DB + 4 - 6 * c.mix.compression, ratio: 1.5 + 3 * c.mix.compression, attack: 0.01, release: 0.15, kneeDb: 6, makeupDb: 0 },
    lofi: c.mix.lofi,
    seed: Math.round(c.bpm * 1000 + c.durationSeconds),
    fadeOutSamples: Math.round(FADE_OUT_SECONDS * sampleRate),
  };
}

const fft = new FFT(SPECTRUM_FRAME);
const hann = Float64Array.from({ length: SPECTRUM_FRAME }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / SPECTRUM_FRAME));

/**
 * Adds the mid/side spectra of the frames that start in [from, to) to `out` (SPECTRA_PER_SEGMENT
 * values), each weighted by the section level it will be played at: loud sections (a drop, a
 * chorus) dominate what the finished song measures, and they are often the widest and brightest.
 */
function measureSpectra(audio: StereoAudio, from: number, to: number, levels: LevelCurve, out: Float64Array): void {
  const mid = new Array<number>(SPECTRUM_FRAME);
  const side = new Array<number>(SPECTRUM_FRAME);
  const midOut = fft.createComplexArray() as number[];
  const sideOut = fft.createComplexArray() as number[];
  const first = Math.ceil(from / SPECTRUM_HOP) * SPECTRUM_HOP;
  for (let start = first; start < to && start + SPECTRUM_FRAME <= audio.left.length; start += SPECTRUM_HOP) {
    for (let i = 0; i < SPECTRUM_FRAME; i++) {
      const l = audio.left[start + i];
      const r = audio.right[start + i];
      mid[i] = 0.5 * (l + r) * hann[i];
      side[i] = 0.5 * (l - r) * hann[i];
    }
    fft.realTransform(midOut, mid);
    fft.realTransform(sideOut, side);
    const weight = levelAt(levels, (start + SPECTRUM_FRAME / 2) / audio.sampleRate) ** 2;
    for (let k = 0; k < SPECTRUM_BINS; k++) {
      // Plain locals: a destructured array here cost an allocation per bin (2 M a song); without them
      // the measuring pass takes 85 ms a song instead of 181.
      const mr = midOut[2 * k];
      const mi = midOut[2 * k + 1];
      const sr = sideOut[2 * k];
      const si = sideOut[2 * k + 1];
      out[k] += weight * (mr * mr + mi * mi);
      out[SPECTRUM_BINS + k] += weight * (sr * sr + si * si);
      out[2 * SPECTRUM_BINS + k] += weight * (mr * sr + mi * si);
    }
  }
}

/** Scales the side (L-R) of a stereo stretch by `gain`, leaving the mid alone. */
function applySideGain(left: Float32Array, right: Float32Array, gain: number): void {
  if (gain === 1) return;
  for (let i = 0; i < left.length; i++) {
    const mid = 0.5 * (left[i] + right[i]);
    const side = 0.5 * gain * (left[i] - right[i]);
    left[i] = mid + side;
    right[i] = mid - side;
  }
}

/** Jobs on shared memory: `audio`, `sums` and `warmUp` must be SharedArrayBuffer-backed on workers. */
export type FinishJob =
  | ({ kind: 'finish-measure'; audio: StereoAudio; index: number; sums: Float64Array; spectra: Float64Array; levels: LevelCurve; warmUp: StereoAudio } & Segment)
  | ({ kind: 'finish-apply'; audio: StereoAudio; index: number; inputGain: number; settings: FinishSettings; warmUp: StereoAudio } & Segment);

export function runFinishJob(job: FinishJob): void {
  const { audio, from, to, warmUp } = job;
  if (job.kind === 'finish-measure') {
    let sum = 0;
    for (let i = from; i < to; i++) sum += audio.left[i] * audio.left[i] + audio.right[i] * audio.right[i];
    job.sums[job.index] = sum;
    measureSpectra(audio, from, to, job.levels, job.spectra.subarray(job.index * SPECTRA_PER_SEGMENT, (job.index + 1) * SPECTRA_PER_SEGMENT));
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
  applySideGain(warmLeft, warmRight, settings.sideGain);
  applySideGain(left, right, settings.sideGain);
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
  const spectra = sharedFloat64(segments.length * SPECTRA_PER_SEGMENT);
  const levels = sectionLevelCurve(c);
  const run = async (jobs: FinishJob[]): Promise<void> => {
    if (pool) await Promise.all(jobs.map((job) => pool.run<null>(job)));
    else jobs.forEach(runFinishJob);
  };
  await run(segments.map((segment, index) => ({ kind: 'finish-measure', audio: mix, index, sums, spectra, levels, warmUp: warmUps[index], ...segment })));
  let total = 0;
  for (const sum of sums) total += sum;
  const songSpectra = new Float64Array(SPECTRA_PER_SEGMENT);
  for (let i = 0; i < spectra.length; i++) songSpectra[i % SPECTRA_PER_SEGMENT] += spectra[i];
  const inputGain = busInputGain(total, mix.left.length);
  const settings = finishSettings(c, mix.sampleRate, songSpectra);
  await run(segments.map((segment, index) => ({ kind: 'finish-apply', audio: mix, index, inputGain, settings, warmUp: warmUps[index], ...segment })));
}
