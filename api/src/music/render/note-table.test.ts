import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_RATE } from '../synth/dsp.js';
import { distinctDrumTakes } from '../synth/drums.js';
import { distinctNoteSounds } from '../synth/notes.js';
import { fixtureComposition } from './fixtures.js';
import { buildNoteTable, buildNoteTableInline, returnNoteTable, synthesiseShared, type NoteTable } from './note-table.js';
import { EnginePool } from './worker-pool.js';

const pool = new EnginePool(2);
afterAll(() => pool.close());

const composition = fixtureComposition({ seconds: 6, sidechain: true, lofi: 0.2 });
const reference = buildNoteTableInline(composition, SAMPLE_RATE);

function expectSameSounds(table: NoteTable): void {
  expect([...table.keys()].sort()).toEqual([...reference.keys()].sort());
  for (const [key, samples] of reference) expect(Buffer.from(table.get(key)!.slice().buffer).equals(Buffer.from(samples.slice().buffer)), key).toBe(true);
}

/** A slab full of a value no sound has, as a finished song's table leaves it. */
function staleSlab(bytes: number): SharedArrayBuffer {
  const slab = new SharedArrayBuffer(bytes);
  new Float32Array(slab).fill(7.5);
  return slab;
}

describe('note table', () => {
  const sounds = [...distinctNoteSounds(composition), ...distinctDrumTakes(composition)];

  it('packs each sound exactly into a reused slab, growing one that is too small', () => {
    const tooSmall = synthesiseShared(sounds, SAMPLE_RATE, staleSlab(4096));
    const roomy = synthesiseShared(sounds, SAMPLE_RATE, staleSlab(64 << 20));
    expect(roomy.slab.byteLength).toBe(64 << 20);
    expect(tooSmall.slab.byteLength).toBeGreaterThan(4096);
    for (const packed of [tooSmall, roomy, synthesiseShared(sounds, SAMPLE_RATE, null)]) {
      expectSameSounds(new Map(packed.keys.map((key, i) => [key, new Float32Array(packed.slab, packed.offsets[i] * 4, packed.lengths[i])])));
    }
  });

  it("gives the same table on workers, also from a returned table's memory", async () => {
    const first = await buildNoteTable(composition, SAMPLE_RATE, pool);
    expectSameSounds(first);
    const slabs = new Set([...first.values()].map((s) => s.buffer));
    // Scribble over the returned memory: the next song must overwrite every sample it uses.
    for (const slab of slabs) new Float32Array(slab).fill(7.5);
    returnNoteTable(first);
    const second = await buildNoteTable(composition, SAMPLE_RATE, pool);
    expectSameSounds(second);
    // The same memory, not new: past the sounds (slabs have room to spare) the scribble is still there.
    for (const slab of new Set([...second.values()].map((s) => s.buffer))) expect(new Float32Array(slab).at(-1)).toBe(7.5);
  });
});
