/**
 * Song rendering: the composition is cut into fixed slices of note onsets, each slice is rendered
 * with its full tails on a worker (render/chunk.ts) and the slices are summed; then the
 * non-linear bus stages (glue compression, tape saturation) run once on the whole mix.
 * The slicing depends only on the composition, so output is identical whatever the worker count.
 */
import type { Composition, StereoAudio } from '../types.js';
import { compressStereo } from '../effects/compressor.js';
import { applyTapeSaturationAndHiss } from '../effects/lofi.js';
import { dbToGain, gainToDb, SAMPLE_RATE } from '../synth/dsp.js';
import { renderSliceInto, type ChunkAudio, type ChunkRequest, type SliceRequest } from './chunk.js';
import { buildNoteTable, buildNoteTableInline, type NoteTable } from './note-table.js';
import { enginePool, type EnginePool } from './worker-pool.js';

/** Extra seconds after the last bar so reverb and releases ring out. */
export const RENDER_TAIL_SECONDS = 2;
/** Target slice length; shorter slices balance better across workers, each costs one reverb tail. */
const SLICE_SECONDS = 15;
const FADE_OUT_SECONDS = 1;
/** The mix is brought to this RMS before the bus compressor so its threshold means the same for every song. */
const BUS_RMS_DB = -20;

export function renderLength(c: Composition, sampleRate = SAMPLE_RATE): number {
  return Math.round((c.durationSeconds + RENDER_TAIL_SECONDS) * sampleRate);
}

export function sliceRequests(c: Composition, notes: NoteTable, sampleRate = SAMPLE_RATE): ChunkRequest[] {
  const totalSamples = renderLength(c, sampleRate);
  const count = Math.max(1, Math.round(c.durationSeconds / SLICE_SECONDS));
  const step = c.durationSeconds / count;
  return Array.from({ length: count }, (_, i) => ({
    composition: c,
    startSeconds: i * step,
    endSeconds: i === count - 1 ? Infinity : (i + 1) * step,
    totalSamples,
    sampleRate,
    notes,
  }));
}

/**
 * Slices as rendered into `mix`: each owns the samples up to where the next one starts.
 * Requests must be in time order.
 */
function intoMix(requests: ChunkRequest[], mix: StereoAudio): SliceRequest[] {
  const starts = requests.map((r) => Math.max(0, Math.floor(r.startSeconds * r.sampleRate)));
  return requests.map((r, i) => ({ ...r, mix, bodyEnd: starts[i + 1] ?? mix.left.length }));
}

/**
 * Renders on the worker pool: first the song's note sounds (each synthesised once, split across
 * the workers), then the slices, each written straight into the shared mix; what rings on past a
 * slice comes back and is added afterwards.
 */
export async function renderComposition(c: Composition, pool: EnginePool = enginePool()): Promise<StereoAudio> {
  const notes = await buildNoteTable(c, SAMPLE_RATE, pool);
  const mix = emptyMix(renderLength(c));
  const tails = await Promise.all(intoMix(sliceRequests(c, notes), mix).map((request) => pool.run<ChunkAudio>({ kind: 'render', request })));
  // In slice order: float addition is not associative, and the result must not depend on timing.
  for (const tail of tails) addChunk(mix, tail);
  return finishMix(c, mix);
}

/** Renders on the calling thread with the given slices (tests compare slicings). */
export function renderCompositionInline(c: Composition, requests: ChunkRequest[] = sliceRequests(c, buildNoteTableInline(c, SAMPLE_RATE))): StereoAudio {
  const mix = emptyMix(renderLength(c));
  const tails = intoMix(requests, mix).map((request) => renderSliceInto(request));
  for (const tail of tails) addChunk(mix, tail);
  return finishMix(c, mix);
}

/** The song-length mix, in shared memory so later stages (mastering in place, encoding workers) never copy it. */
function emptyMix(totalSamples: number): StereoAudio {
  const channel = (): Float32Array => new Float32Array(new SharedArrayBuffer(totalSamples * 4));
  return { sampleRate: SAMPLE_RATE, left: channel(), right: channel() };
}

function addChunk(mix: StereoAudio, chunk: ChunkAudio): void {
  const { left, right } = mix;
  const { left: chunkLeft, right: chunkRight, offset } = chunk;
  const o = Math.max(0, offset);
  const skip = o - offset;
  const n = Math.min(chunkLeft.length - skip, left.length - o);
  for (let i = 0; i < n; i++) {
    left[o + i] += chunkLeft[skip + i];
    right[o + i] += chunkRight[skip + i];
  }
}

/** The non-linear bus stages on the summed mix, in place. */
function finishMix(c: Composition, mix: StereoAudio): StereoAudio {
  const { left, right } = mix;
  normaliseRms(left, right, BUS_RMS_DB);
  compressStereo(left, right, {
    thresholdDb: BUS_RMS_DB + 4 - 6 * c.mix.compression,
    ratio: 1.5 + 3 * c.mix.compression,
    attack: 0.01,
    release: 0.15,
    kneeDb: 6,
    makeupDb: 0,
  }, SAMPLE_RATE);
  applyTapeSaturationAndHiss(left, right, c.mix.lofi, Math.round(c.bpm * 1000 + c.durationSeconds));
  fadeOut(left, right, Math.round(FADE_OUT_SECONDS * SAMPLE_RATE));
  return mix;
}

function normaliseRms(left: Float32Array, right: Float32Array, targetDb: number): void {
  let sum = 0;
  for (let i = 0; i < left.length; i++) sum += left[i] * left[i] + right[i] * right[i];
  const rms = Math.sqrt(sum / Math.max(1, 2 * left.length));
  if (rms < 1e-9) return;
  const g = dbToGain(targetDb - gainToDb(rms));
  for (let i = 0; i < left.length; i++) {
    left[i] *= g;
    right[i] *= g;
  }
}

function fadeOut(left: Float32Array, right: Float32Array, samples: number): void {
  const n = Math.min(samples, left.length);
  for (let i = 0; i < n; i++) {
    const at = left.length - n + i;
    const g = Math.cos(((i + 1) / n) * (Math.PI / 2));
    left[at] *= g;
    right[at] *= g;
  }
}
