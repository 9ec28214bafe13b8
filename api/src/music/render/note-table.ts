/**
 * The song's note sounds, synthesised once per song before mixing. Synthesis is split across the
 * workers by estimated cost, each worker returns its sounds packed in one SharedArrayBuffer, and
 * the merged table is shared (not copied) with every worker that mixes a slice. A sound's samples
 * depend only on its key, so the table is the same whatever the split.
 */
import type { Composition } from '../types.js';
import { distinctNoteSounds, synthesiseNote, type NoteSound } from '../synth/notes.js';
import type { EnginePool } from './worker-pool.js';

/** Sound key -> samples (views into shared memory when built by workers). */
export type NoteTable = ReadonlyMap<string, Float32Array>;

/** Sounds packed back to back: `sounds[i]` is `samples[offsets[i] .. offsets[i + 1])`. */
export interface PackedSounds {
  keys: string[];
  offsets: number[];
  samples: Float32Array;
}

/** Synthesises `sounds` into one shared buffer (runs on a worker). */
export function synthesisePacked(sounds: NoteSound[], sampleRate: number): PackedSounds {
  const rendered = sounds.map((s) => synthesiseNote(s, sampleRate));
  const offsets = [0];
  for (const r of rendered) offsets.push(offsets[offsets.length - 1] + r.length);
  const samples = new Float32Array(new SharedArrayBuffer(offsets[offsets.length - 1] * 4));
  rendered.forEach((r, i) => samples.set(r, offsets[i]));
  return { keys: sounds.map((s) => s.key), offsets, samples };
}

function unpack(packed: PackedSounds, into: Map<string, Float32Array>): void {
  packed.keys.forEach((key, i) => into.set(key, packed.samples.subarray(packed.offsets[i], packed.offsets[i + 1])));
}

/** Rough synthesis cost of a sound: its length (held part plus a typical release). */
const cost = (s: NoteSound): number => s.hold + 0.4;

/** Splits sounds into `parts` groups of similar total cost (longest first onto the lightest group). */
export function partitionSounds(sounds: NoteSound[], parts: number): NoteSound[][] {
  const groups = Array.from({ length: parts }, () => ({ load: 0, sounds: [] as NoteSound[] }));
  for (const s of [...sounds].sort((a, b) => cost(b) - cost(a))) {
    const lightest = groups.reduce((best, g) => (g.load < best.load ? g : best));
    lightest.load += cost(s);
    lightest.sounds.push(s);
  }
  return groups.map((g) => g.sounds).filter((g) => g.length > 0);
}

/** Builds the song's note table on the worker pool. */
export async function buildNoteTable(c: Composition, sampleRate: number, pool: EnginePool): Promise<NoteTable> {
  const groups = partitionSounds(distinctNoteSounds(c), pool.workers);
  const packed = await Promise.all(groups.map((sounds) => pool.run<PackedSounds>({ kind: 'synthesise', sounds, sampleRate })));
  const table = new Map<string, Float32Array>();
  for (const p of packed) unpack(p, table);
  return table;
}

/** Builds the song's note table on the calling thread. */
export function buildNoteTableInline(c: Composition, sampleRate: number): NoteTable {
  return new Map(distinctNoteSounds(c).map((s) => [s.key, synthesiseNote(s, sampleRate)]));
}
