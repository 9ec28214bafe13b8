import type { MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';
import type { AppPubSub } from '../pubsub/pubsub.js';
import type { Logger } from '../app/logger.js';
import { createMusicProvider, type MusicProvider } from '../music/index.js';
import { GenerationEvents } from './events.js';
import { GenerationJobRunner } from './job-runner.js';
import { EmbeddedGenerationQueue } from './embedded-queue.js';
import type { GenerationQueue } from './queue.js';
import { GenerationService } from './generation.service.js';
import { HeartbeatStore } from './worker-heartbeat.js';
import { LocalSongStreams, RedisSongStreams, type SongStreams } from './song-stream.js';
import type { MediaStorage } from '../storage/media-storage.js';

export interface GenerationServices {
  musicProvider: MusicProvider;
  generationQueue: GenerationQueue;
  generationRunner: GenerationJobRunner;
  generation: GenerationService;
  workerHeartbeats: HeartbeatStore;
  /** The encoded chunks of songs being made, from their jobs to their listeners. */
  songStreams: SongStreams;
}

/**
 * The generation pipeline's objects: BullMQ with REDIS_URL, else the table-backed in-process queue.
 * BullMQ (and luxon, cron-parser, msgpackr with it: about a fifth of what a start loads) is imported
 * only when Redis is configured.
 */
export async function createGenerationServices(deps: {
  config: AppConfig;
  orm: MikroORM;
  pubsub: AppPubSub;
  /** Where worker heartbeats go; null: the database. */
  redis: Redis | null;
  logger: Logger;
  /** Where finished songs' media goes (createMediaStorage). */
  storage: MediaStorage;
  provider?: MusicProvider;
}): Promise<GenerationServices> {
  const { config, orm, logger } = deps;
  const provider = deps.provider ?? createMusicProvider();
  const events = new GenerationEvents(deps.pubsub);
  const queue: GenerationQueue = config.redisUrl
    ? new (await import('./bullmq-queue.js')).BullGenerationQueue({ redisUrl: config.redisUrl, name: config.generationQueueName, lockMs: config.jobLockMs, logger })
    : new EmbeddedGenerationQueue(orm, logger);
  // Across processes with Redis (workers may run on other machines than the API), else in memory.
  const songStreams: SongStreams = config.redisUrl && deps.redis ? new RedisSongStreams(deps.redis, config.generationQueueName) : new LocalSongStreams();
  const runner = new GenerationJobRunner({
    orm,
    provider,
    events,
    dataDir: config.dataDir,
    storage: deps.storage,
    streams: songStreams,
    retryDelayMs: config.generationRetryDelayMs,
    logger,
  });
  return { musicProvider: provider, generationQueue: queue, generationRunner: runner, generation: new GenerationService(provider, queue, events),
    workerHeartbeats: new HeartbeatStore(orm, deps.redis),
    songStreams,
  };
}
