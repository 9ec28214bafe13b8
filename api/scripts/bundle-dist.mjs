/**
 * The last step of `npm run build`: joins tsc's output for the two process entries (dist/main.js,
 * dist/worker.js) and the packages they use into a few files, written over those entries, so a start
 * reads, resolves and compiles a few files instead of thousands (docs/decisions.md, "bundled").
 * tsc still compiles (it emits the decorator metadata type-graphql and MikroORM read); esbuild only joins.
 * Every other file of dist/ stays as tsc wrote it: the engine's worker script and the CLIs load from there.
 */
import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropSuperfluousNames } from './superfluous-names.mjs';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const CHUNK_PREFIX = 'bundle-';
/** Native or WebAssembly code loaded from files beside it, and database drivers knex names but we do not install. */
const EXTERNAL = ['@electric-sql/*', '@node-rs/*', '@resvg/*', 'sharp', 'pg-native', 'pg-query-stream', 'better-sqlite3', 'sqlite3', 'libsql', 'mysql', 'mysql2', 'mariadb', 'mariadb/*', 'oracledb', 'tedious'];

/** A path from the bundle (all its files are in dist/) to a file, as a relative URL. */
const fromDist = (file) => JSON.stringify(`./${path.relative(distDir, file).split(path.sep).join('/')}`);

/**
 * Keeps every file's own location where it is read: `import.meta.url` in our modules (wasm files,
 * migrations, the worker script and the initial data folder are found beside them) and `__dirname` /
 * `__filename` in CommonJS packages (BullMQ's Lua scripts, package.json files).
 */
const ownLocations = {
  name: 'own-locations',
  setup(builder) {
    builder.onLoad({ filter: /\.[cm]?js$/ }, async (args) => {
      let contents = await readFile(args.path, 'utf8');
      const original = contents;
      contents = contents.replaceAll('import.meta.url', `new URL(${fromDist(args.path)}, import.meta.url).href`);
      if (!args.path.startsWith(distDir + path.sep) && /\b__(dirname|filename)\b/.test(contents)) {
        contents = `var __filename = __bundlePath(${fromDist(args.path)}), __dirname = __bundlePath(${fromDist(path.dirname(args.path))});${contents}`;
      }
      return contents === original ? undefined : { contents, loader: 'js' };
    });
    // A package's relative require that finds no file (MikroORM tries `../../package.json` inside a
    // try) must keep failing, not find a file of ours relative to dist/ at run time.
    builder.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData?.probing || !args.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const found = await builder.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { probing: true } });
      return found.errors.length ? { path: `${args.importer} -> ${args.path}`, namespace: 'missing-file' } : undefined;
    });
    builder.onLoad({ filter: /.*/, namespace: 'missing-file' }, (args) => ({
      contents: `throw Object.assign(new Error(${JSON.stringify(`Cannot find module ${args.path}`)}), { code: 'MODULE_NOT_FOUND' });`,
      loader: 'js',
    }));
  },
};

for (const file of readdirSync(distDir)) if (file.startsWith(CHUNK_PREFIX)) rmSync(path.join(distDir, file));
const { outputFiles } = await build({
  entryPoints: ['main.js', 'worker.js'].map((file) => path.join(distDir, file)),
  outdir: distDir,
  allowOverwrite: true,
  bundle: true,
  // What main.ts and lazy.ts import at first use stays in chunks of its own, loaded only then.
  splitting: true,
  chunkNames: `${CHUNK_PREFIX}[name]-[hash]`,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  // MikroORM and type-graphql take entity and type names from the classes (the wrappers that change
  // no name are dropped after the build: superfluous-names.mjs).
  keepNames: true,
  banner: {
    js: [
      "import { createRequire as __bundleCreateRequire } from 'node:module';",
      "import { fileURLToPath as __bundleFileURLToPath } from 'node:url';",
      // CommonJS packages require Node's built-ins and the external packages at run time.
      'const require = __bundleCreateRequire(import.meta.url);',
      'const __bundlePath = (relative) => __bundleFileURLToPath(new URL(relative, import.meta.url));',
    ].join(' '),
  },
  logLevel: 'error',
  // Written below, once the __name wrappers that change nothing are dropped.
  write: false,
  plugins: [ownLocations],
});
for (const { path: file, text } of outputFiles) await writeFile(file, file.endsWith('.js') ? dropSuperfluousNames(text) : text);
