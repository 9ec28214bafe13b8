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
import { sharedFloat32 } from '../master/audio-jobs.js';
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

/** Synthesised sounds, each in its own SharedArrayBuffer: `samples[i]` is the sound `keys[i]`. */
export interface SharedSounds {
  keys: string[];
  samples: Float32Array[];
}

const arena = new SampleArena();

/**
 * Synthesises `sounds` (runs on a worker) in this thread's reusable arena, copying each into
 * shared memory: the table reaches every worker without a copy, and synthesis leaves no garbage.
 */
export function synthesiseShared(sounds: TableSound[], sampleRate: number): SharedSounds {
  const samples = sounds.map((s) => {
    arena.reset();
    const rendered = synthesise(s, sampleRate, arena.allocate);
    const shared = sharedFloat32(rendered.length);
    shared.set(rendered);
    return shared;
  });
  return { keys: sounds.map((s) => s.key), samples };
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

/** Builds the song's note table on the worker pool. */
export async function buildNoteTable(c: Composition, sampleRate: number, pool: EnginePool): Promise<NoteTable> {
  const groups = partitionSounds(songSounds(c), pool.workers * SYNTHESIS_JOBS_PER_WORKER);
  const parts = await Promise.all(groups.map((sounds) => pool.run<SharedSounds>({ kind: 'synthesise', sounds, sampleRate })));
  return new Map(parts.flatMap((part) => part.keys.map((key, i) => [key, part.samples[i]] as const)));
}

/** Builds the song's note table on the calling thread. */
export function buildNoteTableInline(c: Composition, sampleRate: number): NoteTable {
  return new Map(songSounds(c).map((s) => [s.key, synthesise(s, sampleRate)]));
}
