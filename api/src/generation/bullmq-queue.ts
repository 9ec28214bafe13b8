import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../app/logger.js';
import type { GenerationJobRunner } from './job-runner.js';
import { JOB_STOP_GRACE_MS, settlesWithin, BACKGROUND_PRIORITY, type BackgroundJobSource, type EnqueueOptions, type GenerationQueue } from './queue.js';

/** 'generate' jobs carry requestId; a background source's jobs (named after it) carry id. */
interface GenerationJobData {
  requestId?: number;
  id?: number;
}

/**
 * Ours are higher-first (the tier's queuePriority 0-5, an admin's -10..10, the demo catalogue -1);
 * BullMQ runs lower numbers first, and jobs without one before all prioritised jobs, so every job gets
 * one: a user's request at 0 is 100, the demo catalogue 101, a request raised to 5 is 95.
 */
const toBullPriority = (priority = 0) => 100 - priority;
const fromBullPriority = (bullmq = 100) => 100 - bullmq;

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
  private readonly sources = new Map<string, BackgroundJobSource>();
  backgroundJobsRunning = 0;

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
        priority: toBullPriority(options.priority),
        removeOnComplete: true,
        removeOnFail: 1000,
        // The runner records failures and schedules retries itself (resuming from the failed step).
        attempts: 1,
      },
    );
  }

  addJobSource(source: BackgroundJobSource): void {
    this.sources.set(source.name, source);
  }

  async enqueueJob(source: string, id: number): Promise<void> {
    // Behind every user's generation, like the app's own background requests.
    // The job id makes a second enqueue of a waiting job a no-op (a resumed batch re-enqueues its waiting items).
    await this.queue.add(source, { id }, { jobId: `${source}-${id}`, priority: toBullPriority(BACKGROUND_PRIORITY), removeOnComplete: true, removeOnFail: 1000, attempts: 1 });
  }

  async reprioritize(requestId: number, priority: number): Promise<void> {
    const waiting = await this.queue.getJobs(['prioritized', 'waiting', 'delayed']);
    for (const job of waiting) if (job.data.requestId === requestId) await job.changePriority({ priority: toBullPriority(priority) });
  }

  async startWorkers(runner: GenerationJobRunner, concurrency: number): Promise<void> {
    if (concurrency <= 0 || this.worker) return;
    this.worker = new Worker<GenerationJobData>(
      this.options.name,
      async (job) => {
        const source = this.sources.get(job.name);
        if (source) return this.runBackgroundJob(source, job.data.id!);
        const requestId = job.data.requestId!;
        const run = runner.run(requestId, this.abort.signal);
        this.running.add(run);
        const outcome = await run.finally(() => this.running.delete(run));
        const priority = fromBullPriority(job.opts.priority);
        if (outcome.kind === 'retry') await this.enqueue(requestId, { delayMs: outcome.delayMs, priority });
        // A shutdown mid-job: hand it back so another (or the restarted) worker resumes it.
        if (outcome.kind === 'interrupted') await this.enqueue(requestId, { priority });
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

  private async runBackgroundJob(source: BackgroundJobSource, id: number): Promise<string> {
    this.backgroundJobsRunning += 1;
    const run = source.run(id, this.abort.signal);
    this.running.add(run);
    try {
      const outcome = await run;
      if (outcome === 'interrupted') await this.enqueueJob(source.name, id);
      return outcome;
    } finally {
      this.running.delete(run);
      this.backgroundJobsRunning -= 1;
    }
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
