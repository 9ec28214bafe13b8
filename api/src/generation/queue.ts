import type { GenerationJobRunner } from './job-runner.js';

/** Requests the app makes on a user's behalf (the endless radio's songs) run after users' own (0). */
export const BACKGROUND_PRIORITY = -1;

export interface EnqueueOptions {
  /** Run no earlier than this many milliseconds from now (retry backoff). */
  delayMs?: number;
  /** Higher first; users' requests are 0, the demo catalogue below. */
  priority?: number;
}

/**
 * Jobs another feature runs on the generation workers (AI enhancement): rows of that feature's own
 * table, delivered by the same queue (the embedded loops, or BullMQ jobs named after the source),
 * after the generation requests waiting (a generation is claimed first whenever one is ready).
 */
export interface BackgroundJobSource {
  /** The BullMQ job name; unique among sources, never 'generate'. */
  readonly name: string;
  /** Embedded queue: marks the next ready row running and answers its id, or null when there is none. */
  claim(): Promise<number | null>;
  /** Rows a process that died left running become ready again (at start-up); answers their ids. */
  requeueUnfinished(): Promise<number[]>;
  /** Runs one row to its end; 'interrupted' when `signal` stopped it (the row stays to be run again). */
  run(id: number, signal: AbortSignal): Promise<'done' | 'interrupted'>;
}

/**
 * Delivers pending generation requests to job runners. The generation_requests row is the durable
 * record either way; the queue decides which process runs it and when.
 */
export interface GenerationQueue {
  readonly kind: 'embedded' | 'bullmq';
  /** The request's row is pending and ready to run (after delayMs). */
  enqueue(requestId: number, options?: EnqueueOptions): Promise<void>;
  /** A queued request's priority changed (the row holds it already): reorder its waiting job. */
  reprioritize(requestId: number, priority: number): Promise<void>;
  /** Registers a source of background jobs (before startWorkers, in every process that runs or queues them). */
  addJobSource(source: BackgroundJobSource): void;
  /** One background job of a registered source is ready to run. */
  enqueueJob(source: string, id: number): Promise<void>;
  /** Background jobs this process is running now (the worker heartbeat adds them to the generations). */
  readonly backgroundJobsRunning: number;
  /** Starts running jobs in this process (concurrency 0: this process only enqueues). */
  startWorkers(runner: GenerationJobRunner, concurrency: number): Promise<void>;
  /** Stops taking jobs; running ones stop at their next step (waited for up to JOB_STOP_GRACE_MS) and are resumed later. */
  close(): Promise<void>;
}

/**
 * How long close() waits for running jobs to reach the end of their step. A job still inside a
 * long step (a render) after that is left active, and the next start (embedded queue) or BullMQ's
 * stalled-job check resumes it from its last finished step; this keeps shutdown within seconds.
 */
export const JOB_STOP_GRACE_MS = 4000;

/** Resolves true when `work` settles within `ms`, false when the time ran out first. */
export async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true, () => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
