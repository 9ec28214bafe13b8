import type { MikroORM } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/config.js';
import type { Logger } from '../app/logger.js';
import type { GenerationServices } from '../generation/generation-services.js';
import { EnhancementJobs } from './enhancement-jobs.js';
import { EnhancementService } from './enhancement.service.js';
import { SongEnhancer } from './song-enhancer.js';
import type { MediaStorage } from '../storage/media-storage.js';
import type { AppPubSub } from '../pubsub/pubsub.js';

/**
 * AI enhancement on the generation queue: registers its jobs with the queue (every process that
 * runs or queues generation jobs calls this before the workers start) and answers the service.
 */
export function createEnhancementServices(deps: { config: AppConfig; orm: MikroORM; logger: Logger; storage: MediaStorage; pubsub: AppPubSub } & Pick<GenerationServices, 'generationQueue' | 'musicProvider'>): { enhancement: EnhancementService } {
  const enhancer = new SongEnhancer(deps.musicProvider, deps.storage);
  deps.generationQueue.addJobSource(new EnhancementJobs(deps.orm, enhancer, deps.logger, deps.pubsub));
  return { enhancement: new EnhancementService(deps.generationQueue, enhancer, deps.pubsub) };
}
