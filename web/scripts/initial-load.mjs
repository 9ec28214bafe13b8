/**
 * `npm run bench:web-load`: what a first visit downloads before the app can draw, from the build in
 * web/dist (issue 20: at most 120 KB gzip of JS + CSS). The shell is what index.html loads eagerly
 * (its script, modulepreloads and stylesheets, and every chunk those import statically); the home page
 * adds the `/` page's chunk and its static imports and styles. Prints each file's gzip size (the .gz
 * copy the build wrote, else gzipped here), the totals and the target. Not a test: a figure to read.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const TARGET_KB = 120;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('No web build in web/dist: run npm run build -w web first.');
  process.exit(1);
}

const gzipBytes = (file) => {
  const full = path.join(dist, file);
  return existsSync(`${full}.gz`) ? readFileSync(`${full}.gz`).length : gzipSync(readFileSync(full), { level: 9 }).length;
};

/** The chunk and every chunk it imports statically (`import ... from "./x.js"`, not `import("./x.js")`). */
function withStaticImports(file, into = new Set()) {
  if (into.has(file)) return into;
  into.add(file);
  const code = readFileSync(path.join(dist, file), 'utf8');
  for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)) withStaticImports(path.posix.join(path.posix.dirname(file), match[1]), into);
  return into;
}

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const attribute = (tag, name) => new RegExp(`${name}="/?([^"]+)"`).exec(tag)?.[1];
const shell = new Set();
for (const [tag] of html.matchAll(/<script[^>]*type="module"[^>]*>|<link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*>/g)) {
  const file = attribute(tag, tag.startsWith('<script') ? 'src' : 'href');
  if (!file) continue;
  if (file.endsWith('.js')) withStaticImports(file, shell);
  else shell.add(file);
}

const assets = readdirSync(path.join(dist, 'assets'));
const homeChunk = assets.find((f) => /^HomePage-[\w-]+\.js$/.test(f));
const home = new Set();
if (homeChunk) {
  for (const file of withStaticImports(`assets/${homeChunk}`)) if (!shell.has(file)) home.add(file);
  // A lazy chunk's styles are a CSS file of the same name, which the chunk loads with it.
  for (const file of [...home]) {
    const css = assets.find((f) => f.endsWith('.css') && f.split('-')[0] === path.basename(file).split('-')[0]);
    if (css) home.add(`assets/${css}`);
  }
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const report = (label, files) => {
  let total = 0;
  for (const file of [...files].sort()) {
    const bytes = gzipBytes(file);
    total += bytes;
    console.log(`  ${file}: ${kb(bytes)} KB gzip`);
  }
  console.log(`${label}: ${kb(total)} KB gzip in ${files.size} files`);
  return total;
};
const shellBytes = report('Shell (index.html and its static imports)', shell);
const homeBytes = report('Home page on top of the shell', home);
console.log(`\n| first load | KB gzip (JS + CSS) | target |\n|---|---|---|`);
console.log(`| shell | ${kb(shellBytes)} | <= ${TARGET_KB} |`);
console.log(`| shell + home page | ${kb(shellBytes + homeBytes)} | <= ${TARGET_KB} |`);
