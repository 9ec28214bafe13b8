import type { GenerationJobRunner } from './job-runner.js';

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
  /** Starts running jobs in this process (concurrency 0: this process only enqueues). */
  startWorkers(runner: GenerationJobRunner, concurrency: number): Promise<void>;
  /** Stops taking jobs; running ones stop at their next step and are resumed later. */
  close(): Promise<void>;
}
