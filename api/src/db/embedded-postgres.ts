import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgres {
  /** postgres:// URL of the in-process server (loopback, ephemeral port). */
  url: string;
  stop(): Promise<void>;
}

/**
 * PostgreSQL embedded in this process (PGlite), served over the PostgreSQL wire protocol on
 * loopback so the ORM talks to it exactly as to a real server. PGlite runs one query at a time,
 * so clients must use a single connection (pool max 1): measured, larger pools drop connections.
 *
 * @param dataDir folder that persists the database; null keeps it in memory (tests).
 */
export async function startEmbeddedPostgres(dataDir: string | null): Promise<EmbeddedPostgres> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ?? undefined);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
  await server.start();
  return {
    url: `postgres://postgres@${server.getServerConn()}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
