import type { MikroORM } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/config.js';
import type { Logger } from '../app/logger.js';
import { queueDemoCatalogue } from '../seed/demo-catalogue.js';
import type { GenerationServices } from './generation-services.js';
import { startWorkerHeartbeat } from './worker-heartbeat.js';

/** How long after its workers start a process readies the engine and the content analysis (GenerationJobRunner.warmUp). */
const WARM_UP_AFTER_MS = 1000;

/**
 * Starts this process's share of generation work (`concurrency` jobs at once), its heartbeat and, in
 * a process that generates, queues the demo catalogue of an empty installation. Answers the function
 * that stops the heartbeat and a warm-up not yet begun (the queue is closed by its owner).
 */
export async function startGeneration(
  deps: { config: AppConfig; orm: MikroORM } & Pick<GenerationServices, 'generationQueue' | 'generationRunner' | 'workerHeartbeats'>,
  concurrency: number,
  logger: Logger,
): Promise<() => Promise<void>> {
  await deps.generationQueue.startWorkers(deps.generationRunner, concurrency);
  if (concurrency <= 0) return async () => {};
  const runner = deps.generationRunner;
  // A moment after start-up's own work (the server answers first), off any request's path.
  const warming = deps.config.generationWarmUp
    ? setTimeout(() => void runner.warmUp().catch((e: unknown) => logger.error(e, 'Warming up the generation workers failed')), WARM_UP_AFTER_MS)
    : undefined;
  warming?.unref();
  const stopHeartbeat = startWorkerHeartbeat({ store: deps.workerHeartbeats, concurrency, jobsRunning: () => runner.jobsRunning + deps.generationQueue.backgroundJobsRunning, logger });
  if (deps.config.seed && deps.config.demoCatalogue) await queueDemoCatalogue(deps.orm.em.fork(), deps.generationQueue, logger);
  return async () => {
    clearTimeout(warming);
    await stopHeartbeat();
  };
}
