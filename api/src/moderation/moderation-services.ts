import type { MikroORM } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/config.js';
import type { Logger } from '../app/logger.js';
import type { GenerationServices } from '../generation/generation-services.js';
import { ModerationService } from './moderation.service.js';
import { RegenerationJobs } from './regeneration-jobs.js';
import { RegenerationService } from './regeneration.service.js';
import { SongRegenerator } from './song-regenerator.js';
import type { MediaStorage } from '../storage/media-storage.js';

/**
 * Moderation with its regeneration jobs on the generation queue: registers them (every process that
 * runs or queues generation jobs calls this before the workers start) and answers the service.
 */
export function createModerationServices(deps: { config: AppConfig; orm: MikroORM; logger: Logger; storage: MediaStorage } & Pick<GenerationServices, 'generationQueue' | 'musicProvider'>): { moderation: ModerationService } {
  const regenerator = new SongRegenerator(deps.musicProvider, deps.storage);
  deps.generationQueue.addJobSource(new RegenerationJobs(deps.orm, regenerator, deps.logger));
  return { moderation: new ModerationService(new RegenerationService(deps.generationQueue, regenerator)) };
}
