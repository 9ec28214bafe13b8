import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../app/logger.js';
import type { GenerationJobRunner } from './job-runner.js';
import { JOB_STOP_GRACE_MS, settlesWithin, type EnqueueOptions, type GenerationQueue } from './queue.js';

interface GenerationJobData {
  requestId: number;
}

/** BullMQ priorities: lower runs first, and jobs without one run before all prioritised jobs. */
const LOW_PRIORITY = 10;

/**
 * The queue with Redis: BullMQ jobs that `npm run worker` processes on any machine take. A worker
 * that dies mid-job loses its lock; BullMQ's stalled-job check hands the job to another worker
 * after about `lockMs`, and the runner resumes from the last finished step.
 */
export class BullGenerationQueue implements GenerationQueue {
  readonly kind = 'bullmq' as const;
  private readonly queue: Queue<GenerationJobData>;
  private readonly connections: Redis[] = [];
  private worker: Worker<GenerationJobData> | null = null;
  private readonly running = new Set<Promise<unknown>>();
  private readonly abort = new AbortController();

  constructor(
    private readonly options: { redisUrl: string; name: string; lockMs: number; logger: Logger },
  ) {
    this.queue = new Queue<GenerationJobData>(options.name, { connection: this.connect() });
  }

  async enqueue(requestId: number, options: EnqueueOptions = {}): Promise<void> {
    await this.queue.add(
      'generate',
      { requestId },
      {
        delay: options.delayMs,
        priority: (options.priority ?? 0) < 0 ? LOW_PRIORITY : undefined,
        removeOnComplete: true,
        removeOnFail: 1000,
        // The runner records failures and schedules retries itself (resuming from the failed step).
        attempts: 1,
      },
    );
  }

  async startWorkers(runner: GenerationJobRunner, concurrency: number): Promise<void> {
    if (concurrency <= 0 || this.worker) return;
    this.worker = new Worker<GenerationJobData>(
      this.options.name,
      async (job) => {
        const run = runner.run(job.data.requestId, this.abort.signal);
        this.running.add(run);
        const outcome = await run.finally(() => this.running.delete(run));
        if (outcome.kind === 'retry') await this.enqueue(job.data.requestId, { delayMs: outcome.delayMs });
        // A shutdown mid-job: hand it back so another (or the restarted) worker resumes it.
        if (outcome.kind === 'interrupted') await this.enqueue(job.data.requestId);
        return outcome.kind;
      },
      {
        connection: this.connect(),
        concurrency,
        lockDuration: this.options.lockMs,
        stalledInterval: this.options.lockMs,
        maxStalledCount: 3,
      },
    );
    this.worker.on('error', (error) => this.options.logger.error(error, 'Generation worker error'));
    await this.worker.waitUntilReady();
  }

  async close(): Promise<void> {
    this.abort.abort();
    // Past the grace, close without waiting: the job's lock lapses and BullMQ hands it to the next worker.
    const finished = await settlesWithin(Promise.all(this.running), JOB_STOP_GRACE_MS);
    await this.worker?.close(!finished);
    await this.queue.close();
    for (const connection of this.connections) connection.disconnect();
  }

  private connect(): Redis {
    const connection = new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
    this.connections.push(connection);
    return connection;
  }
}
