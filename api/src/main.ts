import { createApp, type RunningApp } from './app/server.js';
import { createLogger } from './app/logger.js';
import { exitWithReason, loadConfigOrExit, onTerminationSignals } from './app/process-lifecycle.js';

const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);

async function start(): Promise<RunningApp> {
  const app = await createApp(config);
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
