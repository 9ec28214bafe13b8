import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { isMissingOrEmpty, unpackInitialDataDir } from './initial-data-dir.js';

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

/**
 * PostgreSQL embedded in this process (PGlite), served over the PostgreSQL wire protocol on
 * loopback so the ORM talks to it exactly as to a real server. PGlite runs one query at a time,
 * so clients must use a single connection (pool max 1): measured, larger pools drop connections.
 *
 * A folder without a database starts from the prepared data folder when there is one: PGlite's
 * initdb and the migrations took most of a first start (issue 20; docs/decisions.md), loading the
 * tarball a fraction of it. The migrator then applies only migrations newer than the tarball.
 *
 * @param dataDir folder that persists the database; null keeps it in memory (tests).
 * @param initialDataDir the prepared tarball to start an empty dataDir from, when the file exists.
 */
export async function startEmbeddedPostgres(dataDir: string | null, initialDataDir = INITIAL_DATA_DIR_FILE): Promise<EmbeddedPostgres> {
  const hasInitialDataDir = dataDir !== null && existsSync(initialDataDir);
  if (hasInitialDataDir && isMissingOrEmpty(dataDir)) await unpackInitialDataDir(initialDataDir, dataDir);
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // A folder with files but no database (a start that failed before PG_VERSION was written) is loaded through PGlite.
  const prepared = hasInitialDataDir && !existsSync(path.join(dataDir, 'PG_VERSION'));
  const db = await PGlite.create(dataDir ?? undefined, prepared ? { loadDataDir: new Blob([readFileSync(initialDataDir)]) } : {});
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    async dumpDataDir() {
      return Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
    },
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
