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
import { collectAllGarbage } from './young-garbage.js';

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
 * from sample `offsets[i]` of page `pageOf[i]` of the job's pool's pages followed by `pages`, the
 * pages the job made itself.
 */
export interface SharedSounds {
  keys: string[];
  pages: SharedArrayBuffer[];
  pageOf: number[];
  offsets: number[];
  lengths: number[];
}

/**
 * Spare pages that all of a song's synthesis jobs fill together, as one run of samples: a sound
 * takes the next `length` samples from `filled[0]` (advanced atomically; a sound that would
 * straddle two pages starts the next one), so the pages fill from the first on, and only once
 * every spare is full does a job make pages of its own. Handing each job the pages its cost
 * estimate asked for left some jobs short, making new pages, while others sat on spares they did
 * not fill: the pool grew from song to song (8 to 33 pages, 132 MB, over the 19 genres of
 * bench:engine) well past what any one song needed. Each job packing its own pages left every
 * job's last page part-filled, at a different place in each song, so that over many songs every
 * page of the pool was written to its end and stayed resident.
 */
export interface PagePool {
  pages: SharedArrayBuffer[];
  filled: Int32Array;
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
 * Synthesises `sounds` (runs on a worker) in this thread's reusable arena, into the pool's pages
 * (spares from earlier songs; their old contents are overwritten) and, once those are full, into
 * pages of the job's own (each sound into the first with room; sounds come longest first): the
 * table reaches every worker without a copy, and synthesis leaves no garbage.
 */
export function synthesiseShared(sounds: TableSound[], sampleRate: number, pool: PagePool): SharedSounds {
  const pages: SharedArrayBuffer[] = [];
  const used: number[] = [];
  const pageOf: number[] = [];
  const offsets: number[] = [];
  const lengths: number[] = [];
  for (const s of sounds) {
    arena.reset();
    const rendered = synthesise(s, sampleRate, arena.allocate);
    let page: SharedArrayBuffer;
    let offset: number;
    const inPool = takeFromPool(pool, rendered.length);
    if (inPool) {
      page = pool.pages[inPool.page];
      pageOf.push(inPool.page);
      offset = inPool.offset;
    } else {
      let own = pages.findIndex((p, k) => (used[k] + rendered.length) * Float32Array.BYTES_PER_ELEMENT <= p.byteLength);
      if (own < 0) {
        own = pages.push(new SharedArrayBuffer(Math.max(PAGE_SAMPLES, rendered.length) * Float32Array.BYTES_PER_ELEMENT)) - 1;
        used.push(0);
      }
      page = pages[own];
      pageOf.push(pool.pages.length + own);
      offset = used[own];
      used[own] += rendered.length;
    }
    new Float32Array(page, offset * Float32Array.BYTES_PER_ELEMENT, rendered.length).set(rendered);
    offsets.push(offset);
    lengths.push(rendered.length);
  }
  return { keys: sounds.map((s) => s.key), pages, pageOf, offsets, lengths };
}

/** Where the next `length` samples of the pool are (page index and sample offset), or null once it is full. */
function takeFromPool(pool: PagePool, length: number): { page: number; offset: number } | null {
  if (length > PAGE_SAMPLES) return null;
  for (;;) {
    const at = Atomics.load(pool.filled, 0);
    const start = (at % PAGE_SAMPLES) + length <= PAGE_SAMPLES ? at : Math.ceil(at / PAGE_SAMPLES) * PAGE_SAMPLES;
    const page = Math.floor(start / PAGE_SAMPLES);
    if (page >= pool.pages.length) return null;
    if (Atomics.compareExchange(pool.filled, 0, at, start + length) === at) return { page, offset: start - page * PAGE_SAMPLES };
  }
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
 * The pool keeps what the last song took (it had kept what the heaviest song so far needed:
 * bench:engine's peak 322 / 304 MB against 326 / 327, back to back).
 */
const sparePages: SharedArrayBuffer[] = [];
/** The pages of each table built on the pool, for returnNoteTable. */
const tablePages = new WeakMap<NoteTable, SharedArrayBuffer[]>();

/**
 * Samples of table per second of cost() the last song took (releases and tails vary by
 * instrument), to size the pool before a song's jobs start.
 */
let samplesPerCostSecond = 44100;
/**
 * The pool is topped up to this much over the estimate before the jobs start: a page costs no
 * memory until it is written (and only the pool's first pages are), while a job that finds the
 * pool full makes pages of its own and leaves the last of them part-filled.
 */
const POOL_MARGIN = 1.25;

/** Builds the song's note table on the worker pool. */
export async function buildNoteTable(c: Composition, sampleRate: number, pool: EnginePool): Promise<NoteTable> {
  const sounds = songSounds(c);
  const costSeconds = sounds.reduce((n, s) => n + cost(s), 0);
  const estimatedPages = Math.ceil((costSeconds * samplesPerCostSecond * POOL_MARGIN) / PAGE_SAMPLES);
  while (sparePages.length < estimatedPages) sparePages.push(new SharedArrayBuffer(PAGE_BYTES));
  const groups = partitionSounds(sounds, pool.workers * SYNTHESIS_JOBS_PER_WORKER);
  const pagePool: PagePool = { pages: sparePages.splice(0), filled: new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)) };
  const parts = await Promise.all(groups.map((sounds) => pool.run<SharedSounds>({ kind: 'synthesise', sounds, sampleRate, pool: pagePool })));
  const poolPagesUsed = Math.min(pagePool.pages.length, Math.ceil(Atomics.load(pagePool.filled, 0) / PAGE_SAMPLES));
  // Pages the song did not take go, and are freed now (the workers collect as their slices start):
  // kept, a heavier song's pages stayed resident under every lighter song's peak. Only then: in the
  // API process this thread's heap also holds the request caches, and a full collection is not free.
  if (pagePool.pages.length > poolPagesUsed) collectAllGarbage();
  const table = new Map<string, Float32Array>();
  // The pool's pages as this thread has them: a page a worker sends back is a new object for the same memory.
  const pages = pagePool.pages.slice(0, poolPagesUsed);
  for (const part of parts) {
    for (const page of part.pages) if (page.byteLength === PAGE_BYTES) pages.push(page);
    const partPages = [...pagePool.pages, ...part.pages];
    part.keys.forEach((key, i) => table.set(key, new Float32Array(partPages[part.pageOf[i]], part.offsets[i] * Float32Array.BYTES_PER_ELEMENT, part.lengths[i])));
  }
  let samples = 0;
  for (const sound of table.values()) samples += sound.length;
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
