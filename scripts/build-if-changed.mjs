/**
 * `npm start` (and `npm run worker`, `npm run test:browser`) build through this: each part is rebuilt
 * only when a hash of its inputs differs from the stamp its last successful build left in its output
 * folder, so a second start answers in seconds. Inputs are whole source folders and every file that
 * shapes the build (package.json files, the lock file, tsconfig and vite config).
 *
 * Usage: node scripts/build-if-changed.mjs [--force] [web] [api]   (no names: both; --force: build anyway)
 */
import { createHash } from 'node:crypto';
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const STAMP_FILE = '.build-stamp';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = ['package.json', 'package-lock.json', 'tsconfig.json'];

/** What each part is built from, where it goes and how. Paths are relative to the repository root. */
export const PARTS = {
  web: {
    inputs: [...shared, 'web/package.json', 'web/tsconfig.json', 'web/vite.config.ts', 'web/index.html', 'web/src', 'web/public'],
    output: 'web/dist',
    command: 'npm run build -w web',
  },
  api: {
    inputs: [...shared, 'api/package.json', 'api/tsconfig.json', 'api/tsconfig.build.json', 'api/src', 'api/scripts'],
    output: 'api/dist',
    command: 'npm run build -w api',
  },
};

function listFiles(root, relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .flatMap((entry) => listFiles(root, path.join(relative, entry.name)))
    .sort();
}

/** sha256 over every input file's path and content (and the Node major, which the build tools depend on). */
export function inputsHash(root, inputs) {
  const hash = createHash('sha256').update(`node ${process.versions.node.split('.')[0]}\n`);
  for (const file of inputs.flatMap((input) => listFiles(root, input))) {
    hash.update(`${file}\n`).update(readFileSync(path.join(root, file))).update('\n');
  }
  return hash.digest('hex');
}

/**
 * Builds the part unless its output holds a stamp equal to the current inputs' hash.
 * Returns 'built' or 'up to date'. The stamp is written only after a successful build.
 */
export function buildIfChanged(root, part, log = console.log, force = false) {
  const hash = inputsHash(root, part.inputs);
  const stampPath = path.join(root, part.output, STAMP_FILE);
  if (!force && existsSync(stampPath) && readFileSync(stampPath, 'utf8').trim() === hash) return 'up to date';
  log(`${part.output}: sources changed since the last build (or never built): ${part.command}`);
  execSync(part.command, { cwd: root, stdio: 'inherit' });
  writeFileSync(stampPath, `${hash}\n`);
  return 'built';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const names = args.filter((arg) => arg !== '--force');
  for (const name of names.length ? names : Object.keys(PARTS)) {
    const part = PARTS[name];
    if (!part) throw new Error(`Unknown part ${name}: expected ${Object.keys(PARTS).join(' or ')}`);
    const startedAt = Date.now();
    const outcome = buildIfChanged(repoRoot, part, console.log, force);
    console.log(`${part.output}: ${outcome === 'built' ? `built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s` : 'up to date, no build needed'}`);
  }
}
