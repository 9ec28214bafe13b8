/**
 * Song rendering: the composition is cut into fixed slices of note onsets, each slice is rendered
 * with its full tails on a worker (render/chunk.ts) and the slices are summed; the vocals go on
 * top (vocals/mix.ts); then the non-linear bus stages (glue compression, tape saturation) run on the whole mix (render/finish.ts).
 * The slicing depends only on the composition, so output is identical whatever the worker count.
 */
import type { Composition, StereoAudio } from '../types.js';
import { SAMPLE_RATE } from '../synth/dsp.js';
import { onsetInSlice, renderSliceInto, type ChunkAudio, type ChunkRequest, type SliceRequest } from './chunk.js';
import { finishMix } from './finish.js';
import { takeMix } from './mix-buffers.js';
import { buildNoteTable, buildNoteTableInline, returnNoteTable, type NoteTable } from './note-table.js';
import { enginePool, type EnginePool } from './worker-pool.js';
import { addVocals } from '../vocals/mix.js';

/** Extra seconds after the last bar so reverb and releases ring out. */
export const RENDER_TAIL_SECONDS = 2;
/** Target slice length; shorter slices balance better across workers, each costs one reverb tail. */
const SLICE_SECONDS = 15;

export function renderLength(c: Composition, sampleRate = SAMPLE_RATE): number {
  return Math.round((c.durationSeconds + RENDER_TAIL_SECONDS) * sampleRate);
}

export function sliceRequests(c: Composition, notes: NoteTable, sampleRate = SAMPLE_RATE): ChunkRequest[] {
  const totalSamples = renderLength(c, sampleRate);
  const count = Math.max(1, Math.round(c.durationSeconds / SLICE_SECONDS));
  const step = c.durationSeconds / count;
  return Array.from({ length: count }, (_, i) => {
    const startSeconds = i * step;
    const endSeconds = i === count - 1 ? Infinity : (i + 1) * step;
    return { composition: sliceOfComposition(c, startSeconds, endSeconds), startSeconds, endSeconds, totalSamples, sampleRate, notes };
  });
}

/**
 * What a slice needs of the composition: the notes and hits it renders, and every kick (the
 * sidechain ducks after kicks on either side of the window). A job message is cloned for its
 * worker, and the whole song's notes would cost every slice several milliseconds on both threads.
 */
function sliceOfComposition(c: Composition, startSeconds: number, endSeconds: number): Composition {
  const inSlice = (t: number): boolean => onsetInSlice(t, startSeconds, endSeconds);
  return {
    ...c,
    tracks: c.tracks.map((track) => ({ ...track, notes: track.notes.filter((n) => inSlice(n.start)) })),
    drums: { ...c.drums, hits: c.drums.hits.filter((h) => h.voice === 'kick' || inSlice(h.time)) },
  };
}

/**
 * Slices as rendered into `mix`: each owns the samples up to where the next one starts.
 * Requests must be in time order, the first starting at 0.
 */
function intoMix(requests: ChunkRequest[], mix: StereoAudio): SliceRequest[] {
  // Between them the slices assign every sample of the mix, which need not start out silent.
  if (requests.length === 0 || requests[0].startSeconds > 0) throw new Error('Slices must start at the beginning of the song');
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
  const mix = takeMix(renderLength(c), SAMPLE_RATE);
  await renderBandInto(c, notes, mix, pool);
  // Every slice is in: the next song may reuse the table's memory.
  returnNoteTable(notes);
  await addVocals(c, mix, pool);
  await finishMix(c, mix, pool);
  return mix;
}

/**
 * The band (every track and drum hit of `c`, before the vocals and the mix bus) into `mix`, which
 * must be shared memory of renderLength(c); the sounds come from `notes`, which may hold more.
 */
export async function renderBandInto(c: Composition, notes: NoteTable, mix: StereoAudio, pool: EnginePool): Promise<void> {
  const tails = await Promise.all(intoMix(sliceRequests(c, notes), mix).map((request) => pool.run<ChunkAudio>({ kind: 'render', request })));
  // In slice order: float addition is not associative, and the result must not depend on timing.
  for (const tail of tails) addChunk(mix, tail);
}

/** Renders on the calling thread with the given slices (tests compare slicings). */
export async function renderCompositionInline(c: Composition, requests: ChunkRequest[] = sliceRequests(c, buildNoteTableInline(c, SAMPLE_RATE))): Promise<StereoAudio> {
  const mix = takeMix(renderLength(c), SAMPLE_RATE);
  const tails = intoMix(requests, mix).map((request) => renderSliceInto(request));
  for (const tail of tails) addChunk(mix, tail);
  await addVocals(c, mix, null);
  await finishMix(c, mix, null);
  return mix;
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
