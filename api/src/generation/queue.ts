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
 * Delivers pending generation requests to job runners. The generation_requests row is the durable
 * record either way; the queue decides which process runs it and when.
 */
export interface GenerationQueue {
  readonly kind: 'embedded' | 'bullmq';
  /** The request's row is pending and ready to run (after delayMs). */
  enqueue(requestId: number, options?: EnqueueOptions): Promise<void>;
  /** A queued request's priority changed (the row holds it already): reorder its waiting job. */
  reprioritize(requestId: number, priority: number): Promise<void>;
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
