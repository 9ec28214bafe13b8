import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../app/logger.js';
import type { GenerationJobRunner } from './job-runner.js';
import { JOB_STOP_GRACE_MS, settlesWithin, type BackgroundJobSource, type GenerationQueue } from './queue.js';

/** Picks up retries whose backoff ended, in case no enqueue() wakes the loops earlier. */
const POLL_MS = 1000;

/**
 * The queue without Redis: the generation_requests table itself. Each loop claims the oldest
 * ready pending row (FOR UPDATE SKIP LOCKED, so loops never take the same row) and runs it.
 * On start-up rows left processing/generating by a process that died are made pending again;
 * their finished steps are kept, so they resume where they stopped.
 */
export class EmbeddedGenerationQueue implements GenerationQueue {
  readonly kind = 'embedded' as const;
  private running = false;
  private loops: Promise<void>[] = [];
  private sleepers = new Set<() => void>();
  /** Counts wake-ups, so a loop whose claim was under way when one came does not sleep through it. */
  private wakeUps = 0;
  private readonly abort = new AbortController();
  private readonly sources: BackgroundJobSource[] = [];
  backgroundJobsRunning = 0;

  constructor(
    private readonly orm: MikroORM,
    private readonly logger: Logger,
  ) {}

  async enqueue(): Promise<void> {
    this.wakeAll();
  }

  /** Nothing to do: claim() reads the row's priority. */
  async reprioritize(): Promise<void> {}

  addJobSource(source: BackgroundJobSource): void {
    this.sources.push(source);
  }

  async enqueueJob(): Promise<void> {
    this.wakeAll();
  }

  async startWorkers(runner: GenerationJobRunner, concurrency: number): Promise<void> {
    if (concurrency <= 0 || this.running) return;
    const requeued = await this.requeueUnfinished();
    if (requeued.length) this.logger.info(`Generation queue: resuming ${requeued.length} unfinished request(s)`);
    for (const source of this.sources) {
      const ids = await source.requeueUnfinished();
      if (ids.length) this.logger.info(`Generation queue: resuming ${ids.length} unfinished ${source.name} job(s)`);
    }
    this.running = true;
    for (let i = 0; i < concurrency; i++) this.loops.push(this.loop(runner));
  }

  async close(): Promise<void> {
    this.running = false;
    this.abort.abort();
    this.wakeAll();
    // A job still inside a step after the grace keeps its row active; requeueUnfinished() at the next start resumes it.
    await settlesWithin(Promise.all(this.loops), JOB_STOP_GRACE_MS);
    this.loops = [];
  }

  /** Requests a process that died left running become pending again (their finished steps are kept). */
  async requeueUnfinished(): Promise<number[]> {
    const rows = await this.orm.em
      .fork()
      .getConnection()
      .execute<Array<{ id: number }>>(
        `update generation_requests set status = 'pending', run_after = now(), updated_at = now() where status in ('processing', 'generating') returning id`,
      );
    return rows.map((row) => row.id);
  }

  /** Claims the next ready request for this process, or null when there is none. */
  async claim(): Promise<number | null> {
    const rows = await this.orm.em.fork().getConnection().execute<Array<{ id: number }>>(
      `update generation_requests set status = 'processing', started_at = coalesce(started_at, now()), updated_at = now()
       where id = (
         select id from generation_requests
         where status = 'pending' and run_after <= now()
         order by priority desc, created_at, id
         for update skip locked
         limit 1
       )
       returning id`,
    );
    return rows[0]?.id ?? null;
  }

  private async loop(runner: GenerationJobRunner): Promise<void> {
    while (this.running) {
      let job: string | null = null;
      const wakeUpsBefore = this.wakeUps;
      try {
        const id = await this.claim();
        if (id !== null) {
          job = String(id);
          await runner.run(id, this.abort.signal);
        } else job = await this.runBackgroundJob();
      } catch (error) {
        if (this.running) this.logger.error(error, `Generation queue: job ${job ?? '(claim)'} failed`);
      }
      // A request enqueued while this claim was under way may have been committed after its select: look again at once.
      if (job === null && this.running && this.wakeUps === wakeUpsBefore) await this.sleep();
    }
  }

  /** Claims and runs one background job when no generation is ready; answers its name, or null when none was ready. */
  private async runBackgroundJob(): Promise<string | null> {
    for (const source of this.sources) {
      const id = await source.claim();
      if (id === null) continue;
      this.backgroundJobsRunning += 1;
      try {
        await source.run(id, this.abort.signal);
      } finally {
        this.backgroundJobsRunning -= 1;
      }
      return `${source.name} ${id}`;
    }
    return null;
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, POLL_MS);
      this.sleepers.add(wake);
    });
  }

  private wakeAll(): void {
    this.wakeUps += 1;
    for (const wake of [...this.sleepers]) wake();
  }
}
