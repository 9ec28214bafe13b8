import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { build } from 'esbuild';
import { dropSuperfluousNames } from './superfluous-names.mjs';

/** Two modules whose top-level names collide, so the bundle renames one of each pair. */
const MODULES = {
  'a.js': `
    export class Song {}
    export function handler() {
      const fail = (error) => error;
      const parser = { parse: (text) => text, [\`computed\`]: () => 1, 'quoted-key': () => 2 };
      function done() { return done.name; }
      let later;
      later = () => 3;
      const named = function inner() {};
      class Local { static make = () => new Local(); }
      return { fail, parser, done, later, named, Local, Song };
    }`,
  'b.js': `
    export class Song {}
    export function handler() { const fail = () => 0; return { fail, Song }; }`,
  'entry.js': `
    import { handler as a, Song as SongA } from './a.js';
    import { handler as b, Song as SongB } from './b.js';
    export const made = { a: a(), b: b(), SongA, SongB };`,
};

async function bundle() {
  const dir = mkdtempSync(path.join(tmpdir(), 'superfluous-names-'));
  try {
    for (const [file, source] of Object.entries(MODULES)) writeFileSync(path.join(dir, file), source);
    const result = await build({ entryPoints: [path.join(dir, 'entry.js')], bundle: true, format: 'esm', platform: 'node', keepNames: true, write: false });
    return result.outputFiles[0].text;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const load = async (code) => (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)).made;
const nameCalls = (code) => code.match(/__name\(/g)?.length ?? 0;

test('drops the __name calls that change nothing and keeps every name the bundle would have', async () => {
  const code = await bundle();
  const dropped = dropSuperfluousNames(code);
  assert.ok(nameCalls(dropped) < nameCalls(code) / 2, `${nameCalls(code)} calls before, ${nameCalls(dropped)} after`);
  const [before, after] = [await load(code), await load(dropped)];
  const names = (made) => {
    const { a, b } = made;
    return [
      a.fail.name, a.parser.parse.name, a.parser.computed.name, a.parser['quoted-key'].name, a.done.name, a.done(), a.later.name,
      a.named.name, a.Local.name, a.Local.make.name, a.Song.name, b.fail.name, b.Song.name, made.SongA.name, made.SongB.name,
    ];
  };
  assert.deepEqual(names(after), names(before));
  // The collision: esbuild renamed one Song, and its __name call (kept) gives the class its own name back.
  assert.match(code, /Song2/);
  assert.equal(after.SongB.name, 'Song');
});
