/**
 * The song's note sounds and drum takes, synthesised once per song before mixing. Synthesis is
 * split across the workers by estimated cost, each worker returns its sounds in shared memory, and
 * the merged table is shared (not copied) with every worker that mixes a slice. A sound's samples
 * depend only on its key, so the table is the same whatever the split. Drum takes are here rather
 * than cached in each worker: a kit's eight takes per voice cost each worker most of a second and
 * about 11 MB, kept for every kit the process had played.
 */
import type { Composition } from '../types.js';
import { distinctDrumTakes, drumSample, type DrumTakeSound } from '../synth/drums.js';
import { distinctNoteSounds, synthesiseNote, type NoteSound } from '../synth/notes.js';
import { SampleArena } from '../synth/arena.js';
import type { EnginePool } from './worker-pool.js';

/** Sound key -> samples (views into shared memory when built by workers). */
export type NoteTable = ReadonlyMap<string, Float32Array>;

/** A sound of the table: an instrument's note or a drum take. */
export type TableSound = NoteSound | DrumTakeSound;

const isDrum = (s: TableSound): s is DrumTakeSound => 'take' in s;

function synthesise(s: TableSound, sampleRate: number, allocate?: (length: number) => Float32Array): Float32Array {
  return isDrum(s) ? drumSample(s.kit, s.voice, sampleRate, s.take) : synthesiseNote(s, sampleRate, allocate);
}

/** Every distinct sound the song plays. */
function songSounds(c: Composition): TableSound[] {
  return [...distinctNoteSounds(c), ...distinctDrumTakes(c)];
}

/**
 * Synthesised sounds packed into one SharedArrayBuffer: sound `keys[i]` is `lengths[i]` samples
 * from sample `offsets[i]` of `slab`. One buffer per job instead of one per sound: a song has a
 * few hundred sounds of 50-500 KB, and glibc keeps freed blocks of that size in the threads'
 * arenas (its mmap threshold rises to the largest block freed), so the process grew song by song.
 */
export interface SharedSounds {
  keys: string[];
  slab: SharedArrayBuffer;
  offsets: number[];
  lengths: number[];
}

const arena = new SampleArena();
/** Slab sizes are rounded up to this (bytes), with a quarter to spare, so slabs fit songs of about the same size. */
const SLAB_STEP_BYTES = 1 << 20;

const slabBytesFor = (samples: number): number => SLAB_STEP_BYTES * Math.ceil((1.25 * samples * Float32Array.BYTES_PER_ELEMENT) / SLAB_STEP_BYTES);

/**
 * Synthesises `sounds` (runs on a worker) in this thread's reusable arena, packing them into
 * `slab` (a spare from an earlier song; its old contents are overwritten) or, where that is too
 * small or missing, a new one: the table reaches every worker without a copy, and synthesis leaves
 * no garbage.
 */
export function synthesiseShared(sounds: TableSound[], sampleRate: number, slab: SharedArrayBuffer | null): SharedSounds {
  let into = slab;
  let used = 0;
  const offsets: number[] = [];
  const lengths: number[] = [];
  for (const [i, s] of sounds.entries()) {
    arena.reset();
    const rendered = synthesise(s, sampleRate, arena.allocate);
    const end = used + rendered.length;
    if (!into || end * Float32Array.BYTES_PER_ELEMENT > into.byteLength) {
      // Sized for all the job's sounds at the average length so far (they come longest first, so
      // this errs large): one new slab per job, not one per overflow, each outgrown one garbage
      // until this thread's next collection. Pages never written cost no memory.
      const bigger = new SharedArrayBuffer(slabBytesFor(Math.max(end, (end / (i + 1)) * sounds.length)));
      if (into) new Float32Array(bigger).set(new Float32Array(into, 0, used));
      into = bigger;
    }
    new Float32Array(into, used * Float32Array.BYTES_PER_ELEMENT, rendered.length).set(rendered);
    offsets.push(used);
    lengths.push(rendered.length);
    used = end;
  }
  return { keys: sounds.map((s) => s.key), slab: into ?? new SharedArrayBuffer(0), offsets, lengths };
}

/** Rough synthesis cost of a sound: its length (held part plus a typical release; a drum take's is about that). */
const cost = (s: TableSound): number => (isDrum(s) ? 0.4 : s.hold + 0.4);

/** Splits sounds into `parts` groups of similar total cost (longest first onto the lightest group). */
export function partitionSounds(sounds: TableSound[], parts: number): TableSound[][] {
  const groups = Array.from({ length: parts }, () => ({ load: 0, sounds: [] as TableSound[] }));
  for (const s of [...sounds].sort((a, b) => cost(b) - cost(a))) {
    const lightest = groups.reduce((best, g) => (g.load < best.load ? g : best));
    lightest.load += cost(s);
    lightest.sounds.push(s);
  }
  return groups.map((g) => g.sounds).filter((g) => g.length > 0);
}

/**
 * Synthesis jobs per worker: the cost estimate ignores how dear each instrument is (an additive
 * piano note costs many times a drum hit of the same length), so the sounds go out in several
 * smaller jobs and the pool hands them to whichever worker is free.
 */
const SYNTHESIS_JOBS_PER_WORKER = 4;

/**
 * Slabs of finished songs' tables (returnNoteTable), for the next song's synthesis jobs: like the
 * song's mix (mix-buffers.ts), the table is reused rather than left for the collector, which frees
 * a SharedArrayBuffer only a while after its song and would stack it on the next song's peak.
 */
const spareSlabs: SharedArrayBuffer[] = [];
/** Spares kept: one per synthesis job of a two-worker pool, and a few more. */
const MAX_SPARE_SLABS = 12;
const handedOut = new WeakSet<SharedArrayBuffer>();

/** Builds the song's note table on the worker pool. */
export async function buildNoteTable(c: Composition, sampleRate: number, pool: EnginePool): Promise<NoteTable> {
  const groups = partitionSounds(songSounds(c), pool.workers * SYNTHESIS_JOBS_PER_WORKER);
  const parts = await Promise.all(groups.map((sounds) => pool.run<SharedSounds>({ kind: 'synthesise', sounds, sampleRate, slab: spareSlabs.pop() ?? null })));
  const table = new Map<string, Float32Array>();
  for (const { keys, slab, offsets, lengths } of parts) {
    handedOut.add(slab);
    keys.forEach((key, i) => table.set(key, new Float32Array(slab, offsets[i] * Float32Array.BYTES_PER_ELEMENT, lengths[i])));
  }
  return table;
}

/**
 * Gives a table from buildNoteTable back once no job reads it any more (every slice of its song
 * rendered); its memory goes to the next song's table. Other tables are ignored.
 */
export function returnNoteTable(notes: NoteTable): void {
  for (const samples of notes.values()) {
    const slab = samples.buffer;
    if (!(slab instanceof SharedArrayBuffer) || !handedOut.has(slab)) continue;
    handedOut.delete(slab);
    spareSlabs.push(slab);
  }
  // The largest last, so that the next jobs (popped from the end) start with them.
  spareSlabs.sort((a, b) => a.byteLength - b.byteLength);
  spareSlabs.splice(0, Math.max(0, spareSlabs.length - MAX_SPARE_SLABS));
}

/** Builds the song's note table on the calling thread. */
export function buildNoteTableInline(c: Composition, sampleRate: number): NoteTable {
  return new Map(songSounds(c).map((s) => [s.key, synthesise(s, sampleRate)]));
}
