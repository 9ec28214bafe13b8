import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { breakingChanges, breakingChangesSince, MARKS, unmarked } from './schema-changes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

test('finds removed fields, new required arguments and narrowed types; deprecations and additions are not breaking', () => {
  const before = 'type Query { a: String, b(x: Int): Int, c: String }';
  assert.deepEqual(breakingChanges(before, 'type Query { a: String @deprecated(reason: "use d"), b(x: Int): Int, c: String, d: String }'), []);
  assert.deepEqual(breakingChanges(before, 'type Query { b(x: Int, y: Int!): Int, c: Int }'), [
    'Query.a was removed.',
    'A required arg y on Query.b was added.',
    'Query.c changed type from String to Int.',
  ]);
});

test('a change is marked by a line of the marks file holding its description', () => {
  const marks = '# Accepted\n- Query.a was removed. (nobody used it)\n';
  assert.deepEqual(unmarked(['Query.a was removed.', 'Query.c was removed.'], marks), ['Query.c was removed.']);
});

test('every breaking change to schema.graphql since the baseline is marked', { skip: !isGitCheckout() && 'not a git checkout' }, () => {
  const marks = readFileSync(path.join(root, MARKS), 'utf8');
  const missing = breakingChangesSince(root).filter(({ description }) => unmarked([description], marks).length > 0);
  assert.deepEqual(missing, [], `deprecate instead, or mark each in ${MARKS}`);
});

function isGitCheckout() {
  try {
    execFileSync('git', ['rev-parse', '--git-dir'], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
