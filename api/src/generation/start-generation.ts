import type { MikroORM } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/config.js';
import type { Logger } from '../app/logger.js';
import { queueDemoCatalogue } from '../seed/demo-catalogue.js';
import type { GenerationServices } from './generation-services.js';

/**
 * Starts this process's share of generation work (`concurrency` jobs at once) and, in a process
 * that generates, queues the demo catalogue of an empty installation.
 */
export async function startGeneration(
  deps: { config: AppConfig; orm: MikroORM } & Pick<GenerationServices, 'generationQueue' | 'generationRunner'>,
  concurrency: number,
  logger: Logger,
): Promise<void> {
  await deps.generationQueue.startWorkers(deps.generationRunner, concurrency);
  if (concurrency > 0 && deps.config.seed && deps.config.demoCatalogue) {
    await queueDemoCatalogue(deps.orm.em.fork(), deps.generationQueue, logger);
  }
}
