/**
 * `npm run bench:web-load`: what a first visit downloads before its first screen can draw, from the
 * build in web/dist and its manifest (dist/.vite/manifest.json); issue 20's target is at most 120 KB
 * gzip of JS + CSS. A screen is its source modules' chunks with every chunk they import statically and
 * their stylesheets (what the browser fetches for them; lazy imports inside them are not counted):
 * - signed out: index.html's entry, which asks GET /api/user, then the sign-in screen;
 * - signed in, home: the entry, then the app (Apollo, router, shell and player) and the home page.
 * Prints each file's gzip size (the .gz copy the build wrote, else gzipped here) and the totals, with
 * brotli beside them (the .br copy: what a browser that accepts it is sent; the target is gzip's).
 * Not a test: a figure to read.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const TARGET_KB = 120;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error('No web build with a manifest in web/dist: run npm run build -w web first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

const SCREENS = [
  { name: 'signed out (sign-in screen)', modules: ['index.html', 'src/auth/SignedOutApp.tsx'] },
  { name: 'signed in, home page', modules: ['index.html', 'src/app/App.tsx', 'src/apollo/createApolloClient.ts', 'src/home/HomePage.tsx'] },
];

const compressedBytes = (file, extension, compress) => {
  const full = path.join(dist, file);
  return existsSync(`${full}.${extension}`) ? readFileSync(`${full}.${extension}`).length : compress(readFileSync(full)).length;
};
const gzipBytes = (file) => compressedBytes(file, 'gz', (bytes) => gzipSync(bytes, { level: 9 }));
const brotliBytes = (file) => compressedBytes(file, 'br', brotliCompressSync);

/** A source module's manifest key: its path, or for a chunk shared with other modules (`_App-x.js`) the chunk named after it. */
function manifestKey(module) {
  if (manifest[module]) return module;
  const name = path.basename(module).replace(/\.\w+$/, '');
  const key = Object.keys(manifest).find((k) => k.startsWith('_') && manifest[k].name === name && manifest[k].file.endsWith('.js'));
  if (!key) throw new Error(`${module} is not in the build's manifest`);
  return key;
}

/** A manifest entry's chunk, its stylesheets and those of every chunk it imports statically. */
function withStaticImports(key, into) {
  const entry = manifest[key];
  if (into.has(entry.file)) return into;
  into.add(entry.file);
  for (const css of entry.css ?? []) into.add(css);
  for (const imported of entry.imports ?? []) withStaticImports(imported, into);
  return into;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const totals = [];
for (const screen of SCREENS) {
  const files = new Set();
  for (const module of screen.modules) withStaticImports(manifestKey(module), files);
  let total = 0;
  let brotliTotal = 0;
  console.log(`${screen.name}:`);
  for (const file of [...files].sort()) {
    const bytes = gzipBytes(file);
    total += bytes;
    brotliTotal += brotliBytes(file);
    console.log(`  ${file}: ${kb(bytes)} KB gzip`);
  }
  totals.push({ name: screen.name, total, brotliTotal, count: files.size });
}
console.log(`\n| first screen | KB gzip (JS + CSS) | KB brotli | files | target (gzip) |\n|---|---|---|---|---|`);
for (const { name, total, brotliTotal, count } of totals) console.log(`| ${name} | ${kb(total)} | ${kb(brotliTotal)} | ${count} | <= ${TARGET_KB} |`);
