import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_RATE } from '../synth/dsp.js';
import { distinctDrumTakes } from '../synth/drums.js';
import { distinctNoteSounds } from '../synth/notes.js';
import { fixtureComposition } from './fixtures.js';
import { buildNoteTable, buildNoteTableInline, PAGE_BYTES, returnNoteTable, synthesiseShared, type NoteTable, type SharedSounds } from './note-table.js';
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

  it('packs each sound exactly into the pages it is given, adding pages where they run out', () => {
    const asTable = (packed: SharedSounds): NoteTable =>
      new Map(packed.keys.map((key, i) => [key, new Float32Array(packed.pages[packed.pageOf[i]], packed.offsets[i] * 4, packed.lengths[i])]));
    const fresh = synthesiseShared(sounds, SAMPLE_RATE, []);
    expect(fresh.pages.length).toBeGreaterThan(0);
    expect(fresh.pages.every((page) => page.byteLength === PAGE_BYTES)).toBe(true);
    const given = [stalePage(PAGE_BYTES), stalePage(PAGE_BYTES), stalePage(PAGE_BYTES)];
    const reused = synthesiseShared(sounds, SAMPLE_RATE, given);
    // The given pages come back first, in order, whether filled or not; new ones only once they are full.
    expect(reused.pages.slice(0, 3)).toEqual(given);
    expect(reused.pages.length).toBe(Math.max(3, fresh.pages.length));
    for (const packed of [fresh, reused]) {
      expectSameSounds(asTable(packed));
      // No two sounds share samples.
      const ranges = packed.keys.map((_, i) => [packed.pageOf[i], packed.offsets[i], packed.offsets[i] + packed.lengths[i]]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      ranges.forEach((r, i) => i > 0 && r[0] === ranges[i - 1][0] && expect(r[1]).toBeGreaterThanOrEqual(ranges[i - 1][2]));
    }
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
