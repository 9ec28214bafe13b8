/**
 * `npm run worker`: a generation worker for the scale-out setup (REDIS_URL + DATABASE_URL). It takes
 * BullMQ jobs queued by the API processes, runs them with the music engine and publishes progress
 * over Redis; media goes to the media storage the API processes read: a bucket (STORAGE=s3) for
 * workers on other machines, or MEDIA_DIR on a volume they share (docs/storage.md).
 */
import 'reflect-metadata';
import { cpus } from 'node:os';
import { Redis } from 'ioredis';
import { createLogger } from './app/logger.js';
import { openDatabase } from './db/database.js';
import { createPubSub } from './pubsub/pubsub.js';
import { createGenerationServices } from './generation/generation-services.js';
import { startGeneration } from './generation/start-generation.js';
import { createEnhancementServices } from './enhancement/enhancement-services.js';
import { registerRegenerationJobs } from './moderation/moderation-services.js';
import { loadConfigOrExit, onTerminationSignals } from './app/process-lifecycle.js';
import { createMediaStorage } from './storage/create-storage.js';
import { releaseIdleAsyncStorage } from './app/idle-async-storage.js';

releaseIdleAsyncStorage();
const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);
if (!config.redisUrl || !config.databaseUrl) {
  logger.error(new Error('REDIS_URL and DATABASE_URL are required'), 'A worker shares the job queue (Redis) and the database (PostgreSQL) with the API');
  process.exit(1);
}
// WORKER_CONCURRENCY means "jobs in this process"; a worker exists to generate, so it defaults to cores - 1.
const concurrency = process.env.WORKER_CONCURRENCY ? config.workerConcurrency : Math.max(1, cpus().length - 1);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const pubsub = createPubSub(config.redisUrl);
const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
const storage = await createMediaStorage(config);
const generation = await createGenerationServices({ config, orm: database.orm, pubsub, redis, logger, storage });
// This worker also runs AI enhancement batches' jobs (docs/admin.md).
createEnhancementServices({ config, orm: database.orm, logger, storage, pubsub, ...generation });
registerRegenerationJobs({ orm: database.orm, logger, storage, pubsub, ...generation });
const stopHeartbeat = await startGeneration({ config, orm: database.orm, ...generation }, Math.max(1, concurrency), logger);
logger.info(`Generation worker ready: queue "${config.generationQueueName}", ${Math.max(1, concurrency)} job(s) at a time`);

onTerminationSignals(logger, async () => {
  // Running jobs stop at their next step and are handed back to the queue (docs/generation.md).
  await generation.generationQueue.close();
  await stopHeartbeat();
  redis.disconnect();
  await pubsub.close();
  await database.close();
});
