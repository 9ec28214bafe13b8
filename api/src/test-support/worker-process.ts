import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { TEST_REDIS_URL } from './services-available.js';
import type { TestApp } from './test-app.js';

const apiDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** `npm run worker` from source, as its own process (tsx instead of the build). */
export function startWorker(env: Record<string, string>): { process: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], { cwd: apiDir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { process: child, output: () => output };
}

export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** A worker's environment for a test app on PostgreSQL and Redis: its database, queue and folders, one job at a time, a 2 s job lock. */
export function workerEnv(t: TestApp): Record<string, string> {
  return {
    DATABASE_URL: t.database.url!,
    REDIS_URL: TEST_REDIS_URL,
    DATA_DIR: t.config.dataDir,
    MEDIA_DIR: t.config.mediaDir,
    SESSION_SECRET: t.config.sessionSecret,
    GENERATION_QUEUE: t.config.generationQueueName,
    JOB_LOCK_MS: '2000',
    WORKER_CONCURRENCY: '1',
    GENERATION_WARM_UP: 'false',
    SEED: 'false',
    LOG_LEVEL: 'info',
  };
}

/** Stops the workers still running (SIGTERM) and waits for them. */
export async function stopWorkers(workers: ChildProcess[]): Promise<void> {
  for (const worker of workers) {
    if (worker.exitCode === null && worker.signalCode === null) {
      worker.kill('SIGTERM');
      await exited(worker);
    }
  }
}
