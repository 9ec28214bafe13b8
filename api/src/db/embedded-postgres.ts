import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * The embedded database after initdb and every migration, as PGlite's gzip tarball of its data
 * folder. `npm run build` writes it beside the built module (prepare-initial-data-dir.ts); running
 * from source there is none, and an empty folder starts with initdb as before.
 */
export const INITIAL_DATA_DIR_FILE = fileURLToPath(new URL('./initial-pgdata.tar.gz', import.meta.url));

/** Where the embedded database keeps its files under DATA_DIR (null: in memory). */
export function embeddedDataDir(dataDir: string | null): string | null {
  return dataDir ? path.join(dataDir, 'pgdata') : null;
}

export interface EmbeddedPostgres {
  /** postgres:// URL of the in-process server (loopback, ephemeral port). */
  url: string;
  /** The data folder as a gzip tarball (what INITIAL_DATA_DIR_FILE holds). */
  dumpDataDir(): Promise<Buffer>;
  stop(): Promise<void>;
}

/** What the database's thread (embedded-postgres-worker.ts) starts with, is asked and answers. */
export interface EmbeddedPostgresStart {
  dataDir: string | null;
  initialDataDir: string;
}
export type EmbeddedPostgresRequest = 'dump' | 'stop';
export type EmbeddedPostgresReply = { url: string } | { dump: ArrayBuffer } | 'stopped';

/**
 * PostgreSQL embedded in this process (PGlite), served over the PostgreSQL wire protocol on
 * loopback so the ORM talks to it exactly as to a real server. PGlite runs one query at a time,
 * so clients must use a single connection (pool max 1): measured, larger pools drop connections.
 * It runs on a thread of its own (embedded-postgres-worker.ts): its boot overlaps the loading of the
 * app's modules on another core, and its queries leave the app's thread free (issue 20: start-up).
 *
 * A folder without a database starts from the prepared data folder when there is one: PGlite's
 * initdb and the migrations took most of a first start (issue 20; docs/decisions.md), loading the
 * tarball a fraction of it. The migrator then applies only migrations newer than the tarball.
 *
 * @param dataDir folder that persists the database; null keeps it in memory (tests).
 * @param initialDataDir the prepared tarball to start an empty dataDir from, when the file exists.
 */
export async function startEmbeddedPostgres(dataDir: string | null, initialDataDir = INITIAL_DATA_DIR_FILE): Promise<EmbeddedPostgres> {
  const worker = spawnDatabaseThread({ dataDir, initialDataDir });
  /** The thread's failure (an error it threw, or its end) rejects whatever waits for its answer. */
  const failed = new Promise<never>((_resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The embedded database's thread ended (exit code ${code})`)));
  });
  let running = false;
  failed.catch((error: unknown) => {
    // Once started, the thread ends only when stopped: a failure ends the process, as PGlite's own did on the app's thread.
    if (running)
      process.nextTick(() => {
        throw error;
      });
  });
  const answer = <T extends EmbeddedPostgresReply>(request: EmbeddedPostgresRequest | null) => {
    const answered = new Promise<T>((resolve) => worker.once('message', resolve));
    if (request) worker.postMessage(request);
    return Promise.race([answered, failed]);
  };
  let url: string;
  try {
    ({ url } = await answer<{ url: string }>(null));
    running = true;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    url,
    async dumpDataDir() {
      return Buffer.from((await answer<{ dump: ArrayBuffer }>('dump')).dump);
    },
    async stop() {
      running = false;
      await answer('stop');
      await worker.terminate();
    },
  };
}

function spawnDatabaseThread(start: EmbeddedPostgresStart): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./embedded-postgres-worker.js', import.meta.url), { workerData: start });
  // Running from source (tsx, vitest): register the TypeScript loader inside the thread first.
  const entry = new URL('./embedded-postgres-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: start });
}
