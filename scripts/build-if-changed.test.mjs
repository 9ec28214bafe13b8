import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { buildIfChanged, PARTS } from './build-if-changed.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'songforge-build-stamp-'));
after(() => rmSync(root, { recursive: true, force: true }));

const write = (file, content) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
};

// A part shaped like the real ones; its "build" counts how often it ran.
const part = {
  inputs: ['package-lock.json', 'app/tsconfig.json', 'app/src'],
  output: 'app/dist',
  command: `node -e "const fs=require('fs');fs.mkdirSync('app/dist',{recursive:true});fs.appendFileSync('app/dist/builds','x')"`,
};
const builds = () => readFileSync(path.join(root, 'app/dist/builds'), 'utf8').length;
const quiet = () => {};

test('builds when never built, then only when an input changed', () => {
  write('package-lock.json', '{"lockfileVersion":3}');
  write('app/tsconfig.json', '{}');
  write('app/src/main.ts', 'export const a = 1;');
  write('app/src/nested/deep.ts', 'export const b = 2;');

  assert.equal(buildIfChanged(root, part, quiet), 'built');
  assert.equal(buildIfChanged(root, part, quiet), 'up to date');
  assert.equal(builds(), 1);

  write('app/src/nested/deep.ts', 'export const b = 3;');
  assert.equal(buildIfChanged(root, part, quiet), 'built');
  write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
  assert.equal(buildIfChanged(root, part, quiet), 'built');
  write('app/tsconfig.json', '{"compilerOptions":{}}');
  assert.equal(buildIfChanged(root, part, quiet), 'built');
  write('app/src/added.ts', '');
  assert.equal(buildIfChanged(root, part, quiet), 'built');
  rmSync(path.join(root, 'app/src/added.ts'));
  assert.equal(buildIfChanged(root, part, quiet), 'built');
  assert.equal(buildIfChanged(root, part, quiet), 'up to date');
  assert.equal(builds(), 6);
});

test('builds again when the output folder is gone, and leaves no stamp when the build fails', () => {
  rmSync(path.join(root, 'app/dist'), { recursive: true });
  assert.equal(buildIfChanged(root, part, quiet), 'built');
  write('app/src/main.ts', 'export const a = 4;');
  assert.throws(() => buildIfChanged(root, { ...part, command: 'node -e "process.exit(3)"' }, quiet));
  assert.equal(buildIfChanged(root, part, quiet), 'built');
});

test('every real part names its output and sources that exist', () => {
  const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  for (const [name, real] of Object.entries(PARTS)) {
    for (const input of real.inputs) assert.ok(existsSync(path.join(repo, input)), `${name}: ${input} is missing`);
    assert.ok(!real.inputs.some((input) => real.output.startsWith(`${input}/`)), `${name}: output inside an input`);
  }
});
