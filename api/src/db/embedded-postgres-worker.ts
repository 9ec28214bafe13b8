/**
 * The embedded database's thread (started by embedded-postgres.ts): PGlite and its wire-protocol
 * server run here, so its WebAssembly boot and every query use the second core instead of the
 * thread that loads and runs the app (issue 20, start-up; docs/decisions.md).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { isMissingOrEmpty, unpackInitialDataDir } from './initial-data-dir.js';
import type { EmbeddedPostgresReply, EmbeddedPostgresRequest, EmbeddedPostgresStart } from './embedded-postgres.js';

const { dataDir, initialDataDir } = workerData as EmbeddedPostgresStart;
const port = parentPort!;
const reply = (message: EmbeddedPostgresReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const hasInitialDataDir = dataDir !== null && existsSync(initialDataDir);
if (hasInitialDataDir && isMissingOrEmpty(dataDir)) await unpackInitialDataDir(initialDataDir, dataDir);
if (dataDir) mkdirSync(dataDir, { recursive: true });
// A folder with files but no database (a start that failed before PG_VERSION was written) is loaded through PGlite.
const prepared = hasInitialDataDir && !existsSync(path.join(dataDir, 'PG_VERSION'));
const db = await PGlite.create(dataDir ?? undefined, prepared ? { loadDataDir: new Blob([readFileSync(initialDataDir)]) } : {});
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
await server.start();

port.on('message', async (request: EmbeddedPostgresRequest) => {
  if (request === 'dump') {
    const data = await (await db.dumpDataDir('gzip')).arrayBuffer();
    reply({ dump: data }, [data]);
  } else {
    await server.stop();
    await db.close();
    reply('stopped');
    port.close();
  }
});
reply({ url: `postgres://postgres@${server.getServerConn()}/postgres` });
