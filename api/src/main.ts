import { createRequire } from 'node:module';
import { createLogger } from './app/logger.js';
import { exitWithReason, loadConfigOrExit, onTerminationSignals } from './app/process-lifecycle.js';
import { lockDataDir } from './db/data-dir-lock.js';
import { releaseIdleAsyncStorage } from './app/idle-async-storage.js';
import type { RunningApp } from './app/server.js';

releaseIdleAsyncStorage();
const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);

async function start(): Promise<RunningApp> {
  // The embedded database's folder is locked before the app's modules load (seconds), so a second
  // process on the same DATA_DIR stops at once.
  const dataDirLock = config.databaseUrl ? null : lockDataDir(config.dataDir);
  // @resvg/resvg-js (cover art, loaded with the app) asks process.report whether libc is musl, and a
  // report waits for every thread to answer: asked while the database's thread boots, it stalled
  // start-up by up to half a second (profile, issue 20). Loaded first, before that thread exists.
  if (dataDirLock) createRequire(import.meta.url)('@resvg/resvg-js');
  // The embedded database boots on its own thread while this one loads the app's modules.
  const embeddedStarting = dataDirLock ? import('./db/embedded-postgres.js').then((m) => m.startEmbeddedPostgres(m.embeddedDataDir(config.dataDir))) : null;
  embeddedStarting?.catch(() => {}); // awaited by openDatabase; this only keeps an early failure from being unhandled meanwhile
  const { openDatabase } = await import('./db/database.js');
  const { createApp } = await import('./app/server.js');
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, dataDirLock, embeddedStarting });
  const app = await createApp(config, { database });
  const port = await app.listen();
  logger.info(
    `Songforge listening on http://localhost:${port} (database: ${app.database.embedded ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}, pub/sub: ${config.redisUrl ? 'Redis' : 'in-memory'})`,
  );
  return app;
}

const starting = start();
// Installed before start-up finishes, so a signal during it still waits for it and closes the database.
onTerminationSignals(logger, async () => {
  const app = await starting.catch(() => null);
  await app?.close();
});
await starting.catch(exitWithReason);
