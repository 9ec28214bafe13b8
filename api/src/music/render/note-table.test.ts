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

  const pagePool = (pages: SharedArrayBuffer[]): PagePool => ({ pages, claimed: new Int32Array(new SharedArrayBuffer(4)) });
  const asTable = (packed: SharedSounds): NoteTable =>
    new Map(packed.keys.map((key, i) => [key, new Float32Array(packed.pages[packed.pageOf[i]], packed.offsets[i] * 4, packed.lengths[i])]));
  /** No two sounds of `packed` share samples. */
  const expectDisjoint = (packed: SharedSounds): void => {
    const ranges = packed.keys.map((_, i) => [packed.pageOf[i], packed.offsets[i], packed.offsets[i] + packed.lengths[i]]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    ranges.forEach((r, i) => i > 0 && r[0] === ranges[i - 1][0] && expect(r[1]).toBeGreaterThanOrEqual(ranges[i - 1][2]));
  };

  it('packs each sound exactly into pages claimed from the pool, adding pages once it is empty', () => {
    const fresh = synthesiseShared(sounds, SAMPLE_RATE, pagePool([]));
    expect(fresh.pages.length).toBeGreaterThan(1);
    expect(fresh.pages.every((page) => page.byteLength === PAGE_BYTES)).toBe(true);
    const given = [stalePage(PAGE_BYTES), stalePage(PAGE_BYTES)];
    const reused = synthesiseShared(sounds, SAMPLE_RATE, pagePool(given));
    // The pool's pages are used first, in order; new ones only once they are all claimed.
    expect(reused.pages.slice(0, 2)).toEqual(given);
    expect(reused.pages.length).toBe(fresh.pages.length);
    for (const packed of [fresh, reused]) {
      expectSameSounds(asTable(packed));
      expectDisjoint(packed);
    }
  });

  it('lets jobs sharing a pool claim only the pages they fill, each page by one job', () => {
    const spares = Array.from({ length: 40 }, () => stalePage(PAGE_BYTES));
    const pool = pagePool(spares);
    const parts = partitionSounds(sounds, 3).map((group) => synthesiseShared(group, SAMPLE_RATE, pool));
    const claimed = parts.flatMap((part) => part.pages);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(Atomics.load(pool.claimed, 0)).toBe(claimed.length);
    expect(claimed.sort((a, b) => spares.indexOf(a) - spares.indexOf(b))).toEqual(spares.slice(0, claimed.length));
    expect(claimed.length).toBeLessThan(spares.length);
    for (const part of parts) expectDisjoint(part);
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
