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
import { releaseTailSlot, tailSlots, type TailSlots } from './tail-slots.js';
import { collectYoungGarbage } from './young-garbage.js';

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
function intoMix(requests: ChunkRequest[], mix: StereoAudio, tails?: TailSlots): SliceRequest[] {
  // Between them the slices assign every sample of the mix, which need not start out silent.
  if (requests.length === 0 || requests[0].startSeconds > 0) throw new Error('Slices must start at the beginning of the song');
  const starts = requests.map((r) => Math.max(0, Math.floor(r.startSeconds * r.sampleRate)));
  return requests.map((r, i) => ({ ...r, mix, bodyEnd: starts[i + 1] ?? mix.left.length, tails }));
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
  // Every slice is in: the next song may reuse the table's memory, and the slices' tails are garbage.
  returnNoteTable(notes);
  collectYoungGarbage();
  await addVocals(c, mix, pool);
  await finishMix(c, mix, pool);
  collectYoungGarbage();
  return mix;
}

/**
 * The band (every track and drum hit of `c`, before the vocals and the mix bus) into `mix`, which
 * must be shared memory of renderLength(c); the sounds come from `notes`, which may hold more.
 */
export async function renderBandInto(c: Composition, notes: NoteTable, mix: StereoAudio, pool: EnginePool): Promise<void> {
  const requests = intoMix(sliceRequests(c, notes), mix, tailSlots());
  const tails = new TailJoiner(requests);
  await Promise.all(requests.map((request, i) => pool.run<ChunkAudio>({ kind: 'render', request }).then((tail) => tails.arrived(i, tail))));
}

/**
 * Adds slice tails into the mix as soon as it can, rather than holding every slice's tail until
 * the last slice is in (on long-ringing songs they came to tens of MB). A tail may be added once
 * every slice whose body it overlaps has been written (a body assigns its samples) and the tails
 * before it are in: each sample then still gets its own slice's body followed by the earlier
 * slices' tails in slice order (float addition is not associative, and the result must not
 * depend on timing).
 */
class TailJoiner {
  private readonly tails: (ChunkAudio | null)[];
  private readonly bodyIn: boolean[];
  private next = 0;

  constructor(private readonly slices: SliceRequest[]) {
    this.tails = slices.map(() => null);
    this.bodyIn = slices.map(() => false);
  }

  arrived(index: number, tail: ChunkAudio): void {
    this.tails[index] = tail;
    this.bodyIn[index] = true;
    for (let tail = this.tails[this.next]; tail && this.bodiesWritten(tail); tail = this.tails[this.next]) {
      const slice = this.slices[this.next];
      addChunk(slice.mix, tail);
      if (slice.tails && tail.slot !== undefined) releaseTailSlot(slice.tails, tail.slot);
      this.tails[this.next++] = null;
    }
  }

  /** Whether every body under the tail is in the mix (bodies follow each other in slice order). */
  private bodiesWritten(tail: ChunkAudio): boolean {
    const end = tail.offset + tail.left.length;
    for (let j = this.next + 1; j < this.slices.length && this.slices[j - 1].bodyEnd < end; j++) if (!this.bodyIn[j]) return false;
    return true;
  }
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
