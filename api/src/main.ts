import { loadConfig } from './config/config.js';
import { createApp } from './app/server.js';

const config = loadConfig();
const app = await createApp(config);
const port = await app.listen();
app.logger.info(
  `Songforge listening on http://localhost:${port} (database: ${app.database.embedded ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}, pub/sub: ${config.redisUrl ? 'Redis' : 'in-memory'})`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    app.logger.info(`${signal}: shutting down`);
    await app.close();
    process.exit(0);
  });
}
