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
 * Synthesised sounds packed into pages of shared memory: sound `keys[i]` is `lengths[i]` samples
 * from sample `offsets[i]` of `pages[pageOf[i]]`. `pages` also lists pages the job was given and
 * did not need, so that every page goes back to the pool.
 */
export interface SharedSounds {
  keys: string[];
  pages: SharedArrayBuffer[];
  pageOf: number[];
  offsets: number[];
  lengths: number[];
}

const arena = new SampleArena();
/**
 * The table lives in pages of one size (4 MB, about 24 s of samples), pooled from song to song
 * (`returnNoteTable`): any page fits any job, so a song heavier than the last takes more pages
 * instead of replacing outgrown buffers. An outgrown buffer is garbage that the main thread's
 * collector frees only when it gets round to it, often songs later: the process grew song by
 * song. A sound longer than a page gets a buffer of its own (not pooled).
 */
export const PAGE_BYTES = 4 << 20;
const PAGE_SAMPLES = PAGE_BYTES / Float32Array.BYTES_PER_ELEMENT;

/**
 * Synthesises `sounds` (runs on a worker) in this thread's reusable arena, packing them into the
 * given pages (spares from earlier songs; their old contents are overwritten) and new ones where
 * those are full: the table reaches every worker without a copy, and synthesis leaves no garbage.
 * Each sound goes into the first page with room for it (sounds come longest first).
 */
export function synthesiseShared(sounds: TableSound[], sampleRate: number, spares: SharedArrayBuffer[]): SharedSounds {
  const pages = [...spares];
  const used = pages.map(() => 0);
  const pageOf: number[] = [];
  const offsets: number[] = [];
  const lengths: number[] = [];
  for (const s of sounds) {
    arena.reset();
    const rendered = synthesise(s, sampleRate, arena.allocate);
    let page = pages.findIndex((p, k) => (used[k] + rendered.length) * Float32Array.BYTES_PER_ELEMENT <= p.byteLength);
    if (page < 0) {
      page = pages.push(new SharedArrayBuffer(Math.max(PAGE_SAMPLES, rendered.length) * Float32Array.BYTES_PER_ELEMENT)) - 1;
      used.push(0);
    }
    new Float32Array(pages[page], used[page] * Float32Array.BYTES_PER_ELEMENT, rendered.length).set(rendered);
    pageOf.push(page);
    offsets.push(used[page]);
    lengths.push(rendered.length);
    used[page] += rendered.length;
  }
  return { keys: sounds.map((s) => s.key), pages, pageOf, offsets, lengths };
}

/** Lets this thread's synthesis arena go (the next synthesis job makes a new one). */
export function releaseSynthesisArena(): void {
  arena.release();
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
 * Pages of finished songs' tables (returnNoteTable), for the next song's synthesis jobs: like the
 * song's mix (mix-buffers.ts), the table is reused rather than left for the collector, which frees
 * a SharedArrayBuffer only a while after its song and would stack it on the next song's peak.
 * The pool keeps what the heaviest song so far needed.
 */
const sparePages: SharedArrayBuffer[] = [];
/** The pages of each table built on the pool, for returnNoteTable. */
const tablePages = new WeakMap<NoteTable, SharedArrayBuffer[]>();

/**
 * Samples per second of cost() the last table took (releases and tails vary by instrument): each
 * job is handed about the pages it will fill, so that no job runs short while spares sit idle.
 */
let samplesPerCostSecond = 44100;

/** Builds the song's note table on the worker pool. */
export async function buildNoteTable(c: Composition, sampleRate: number, pool: EnginePool): Promise<NoteTable> {
  const groups = partitionSounds(songSounds(c), pool.workers * SYNTHESIS_JOBS_PER_WORKER);
  const parts = await Promise.all(
    groups.map((sounds) => {
      const pages = Math.ceil((sounds.reduce((n, s) => n + cost(s), 0) * samplesPerCostSecond) / PAGE_SAMPLES);
      return pool.run<SharedSounds>({ kind: 'synthesise', sounds, sampleRate, pages: sparePages.splice(0, pages) });
    }),
  );
  const table = new Map<string, Float32Array>();
  const pages: SharedArrayBuffer[] = [];
  for (const part of parts) {
    const used = new Set(part.pageOf);
    part.pages.forEach((page, k) => {
      if (!used.has(k)) sparePages.push(page);
      else if (page.byteLength === PAGE_BYTES) pages.push(page);
    });
    part.keys.forEach((key, i) => table.set(key, new Float32Array(part.pages[part.pageOf[i]], part.offsets[i] * Float32Array.BYTES_PER_ELEMENT, part.lengths[i])));
  }
  let samples = 0;
  for (const sound of table.values()) samples += sound.length;
  const costSeconds = groups.flat().reduce((n, s) => n + cost(s), 0);
  if (costSeconds > 0 && samples > 0) samplesPerCostSecond = samples / costSeconds;
  tablePages.set(table, pages);
  return table;
}

/**
 * Gives a table from buildNoteTable back once no job reads it any more (every slice of its song
 * rendered); its pages go to the next song's table. Other tables are ignored.
 */
export function returnNoteTable(notes: NoteTable): void {
  const pages = tablePages.get(notes);
  if (!pages) return;
  tablePages.delete(notes);
  sparePages.push(...pages);
}

/** Builds the song's note table on the calling thread. */
export function buildNoteTableInline(c: Composition, sampleRate: number): NoteTable {
  return new Map(songSounds(c).map((s) => [s.key, synthesise(s, sampleRate)]));
}
