// Breaking changes to the public GraphQL schema (docs/api.md): every change of the committed
// schema.graphql since the check began (and the working tree's) is compared with the version before
// it, and each breaking change must be marked in docs/schema-changes.md, so a third-party client is
// never broken by accident. Run: node scripts/schema-changes.mjs (CI runs it through `npm test`).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSchema, findBreakingChanges } from 'graphql';

/** The last commit before the check existed; changes after it are checked. */
export const BASELINE = '1ba0d7a8221f6dba7a71a34feff64fb8f3f703ad';
export const SCHEMA = 'schema.graphql';
export const MARKS = 'docs/schema-changes.md';

/** Descriptions of the changes from one schema text to another that can break a client. */
export function breakingChanges(before, after) {
  return findBreakingChanges(buildSchema(before), buildSchema(after)).map((change) => change.description);
}

/** The changes no line of the marks file names (a mark is a line holding the description). */
export function unmarked(changes, marks) {
  return changes.filter((description) => !marks.includes(description));
}

const git = (root, args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** Every breaking change since the baseline, by commit (and 'working tree'). */
export function breakingChangesSince(root, baseline = BASELINE) {
  const found = [];
  const commits = git(root, ['rev-list', '--reverse', `${baseline}..HEAD`, '--', SCHEMA]).split('\n').filter(Boolean);
  for (const commit of commits) {
    const before = git(root, ['show', `${commit}^:${SCHEMA}`]);
    for (const description of breakingChanges(before, git(root, ['show', `${commit}:${SCHEMA}`]))) found.push({ commit: commit.slice(0, 10), description });
  }
  for (const description of breakingChanges(git(root, ['show', `HEAD:${SCHEMA}`]), readFileSync(path.join(root, SCHEMA), 'utf8'))) {
    found.push({ commit: 'working tree', description });
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const marks = existsSync(path.join(root, MARKS)) ? readFileSync(path.join(root, MARKS), 'utf8') : '';
  const found = breakingChangesSince(root);
  const missing = found.filter(({ description }) => unmarked([description], marks).length > 0);
  for (const { commit, description } of found) console.log(`${missing.some((m) => m.description === description) ? 'UNMARKED' : 'marked  '} ${commit}: ${description}`);
  if (missing.length) {
    console.error(`\n${missing.length} breaking schema change(s) not marked in ${MARKS}: deprecate instead, or add each description there with the reason.`);
    process.exit(1);
  }
  console.log(`No unmarked breaking schema changes since ${BASELINE.slice(0, 10)}.`);
}
