import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_RATE } from '../synth/dsp.js';
import { distinctDrumTakes } from '../synth/drums.js';
import { distinctNoteSounds } from '../synth/notes.js';
import { fixtureComposition } from './fixtures.js';
import { buildNoteTable, buildNoteTableInline, PAGE_BYTES, partitionSounds, returnNoteTable, synthesiseShared, type NoteTable, type PagePool, type SharedSounds } from './note-table.js';
import { EnginePool } from './worker-pool.js';

const pool = new EnginePool(2);
afterAll(() => pool.close());

const composition = fixtureComposition({ seconds: 6, sidechain: true, lofi: 0.2 });
const reference = buildNoteTableInline(composition, SAMPLE_RATE);

function expectSameSounds(table: NoteTable): void {
  expect([...table.keys()].sort()).toEqual([...reference.keys()].sort());
  for (const [key, samples] of reference) expect(Buffer.from(table.get(key)!.slice().buffer).equals(Buffer.from(samples.slice().buffer)), key).toBe(true);
}

/** A page full of a value no sound has, as a finished song's table leaves it. */
function stalePage(bytes: number): SharedArrayBuffer {
  const page = new SharedArrayBuffer(bytes);
  new Float32Array(page).fill(7.5);
  return page;
}

describe('note table', () => {
  const sounds = [...distinctNoteSounds(composition), ...distinctDrumTakes(composition)];

  const pagePool = (pages: SharedArrayBuffer[]): PagePool => ({ pages, filled: new Int32Array(new SharedArrayBuffer(4)) });
  /** Every sound of `parts` (packed from `pool`) as [page, first sample, end]. */
  const placements = (parts: SharedSounds[], pool: PagePool): [SharedArrayBuffer, number, number][] =>
    parts.flatMap((part) => part.keys.map((_, i): [SharedArrayBuffer, number, number] => [[...pool.pages, ...part.pages][part.pageOf[i]], part.offsets[i], part.offsets[i] + part.lengths[i]]));
  /** No two sounds share samples. */
  const expectDisjoint = (parts: SharedSounds[], pool: PagePool): void => {
    const byPage = new Map<SharedArrayBuffer, [number, number][]>();
    for (const [page, from, to] of placements(parts, pool)) byPage.set(page, [...(byPage.get(page) ?? []), [from, to]]);
    for (const ranges of byPage.values()) {
      ranges.sort((a, b) => a[0] - b[0]);
      ranges.forEach((r, i) => i > 0 && expect(r[0]).toBeGreaterThanOrEqual(ranges[i - 1][1]));
    }
  };
  const asTable = (packed: SharedSounds, pool: PagePool): NoteTable =>
    new Map(placements([packed], pool).map(([page, from, to], i) => [packed.keys[i], new Float32Array(page, from * 4, to - from)]));

  it("packs each sound exactly into the pool's pages, then into pages of its own once they are full", () => {
    const empty = pagePool([]);
    const fresh = synthesiseShared(sounds, SAMPLE_RATE, empty);
    expect(fresh.pages.length).toBeGreaterThan(1);
    expect(fresh.pages.every((page) => page.byteLength === PAGE_BYTES)).toBe(true);
    const given = pagePool([stalePage(PAGE_BYTES)]);
    const reused = synthesiseShared(sounds, SAMPLE_RATE, given);
    // The pool's page is filled first; pages of the job's own only once it is full.
    expect(reused.pageOf[0]).toBe(0);
    expect(reused.pages.length).toBeGreaterThan(0);
    expect(reused.pages.every((page) => page.byteLength === PAGE_BYTES)).toBe(true);
    for (const [packed, pool] of [[fresh, empty], [reused, given]] as const) {
      expectSameSounds(asTable(packed, pool));
      expectDisjoint([packed], pool);
    }
  });

  it('lets jobs sharing a pool fill its pages together, from the first on', () => {
    const pool = pagePool(Array.from({ length: 40 }, () => stalePage(PAGE_BYTES)));
    const parts = partitionSounds(sounds, 3).map((group) => synthesiseShared(group, SAMPLE_RATE, pool));
    expectDisjoint(parts, pool);
    expect(parts.every((part) => part.pages.length === 0)).toBe(true);
    const samples = placements(parts, pool).reduce((n, [, from, to]) => n + to - from, 0);
    const filledPages = Math.ceil(Atomics.load(pool.filled, 0) / (PAGE_BYTES / 4));
    // Only the pool's first pages are used, no more of them than the samples need plus a page.
    expect(new Set(placements(parts, pool).map(([page]) => page))).toEqual(new Set(pool.pages.slice(0, filledPages)));
    expect(filledPages).toBeLessThanOrEqual(Math.ceil(samples / (PAGE_BYTES / 4)) + 1);
  });

  it("gives the same table on workers, also from a returned table's memory", async () => {
    const first = await buildNoteTable(composition, SAMPLE_RATE, pool);
    expectSameSounds(first);
    const pages = new Set([...first.values()].map((s) => s.buffer));
    // Scribble over the returned memory: the next song must overwrite every sample it uses.
    for (const page of pages) new Float32Array(page).fill(7.5);
    returnNoteTable(first);
    const second = await buildNoteTable(composition, SAMPLE_RATE, pool);
    expectSameSounds(second);
    // The same memory, not new: past the sounds (pages are not filled to the end) the scribble is still there.
    const secondPages = [...new Set([...second.values()].map((s) => s.buffer))];
    expect(secondPages.filter((page) => new Float32Array(page).at(-1) === 7.5).length).toBeGreaterThan(secondPages.length / 2);
  });
});
