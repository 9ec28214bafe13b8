import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../users/user.entity.js';
import { GenerationUsage } from './generation-usage.entity.js';

export interface StepCost {
  cpuSeconds: number;
  wallSeconds: number;
}

export interface FinishedGeneration {
  requestId: number;
  userId: number;
  requestedAt: Date;
  startedAt: Date;
  completedAt: Date;
  songId: string;
  title: string;
  genre: string;
  audioSeconds: number;
  storageBytes: number;
  retries: number;
}

/** Measures a pipeline step: CPU seconds of this process (worker threads included) and wall time. */
export async function measureStep<T>(run: () => Promise<T>): Promise<{ result: T; cost: StepCost }> {
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const result = await run();
  const cpu = process.cpuUsage(cpuBefore);
  return { result, cost: { cpuSeconds: (cpu.user + cpu.system) / 1e6, wallSeconds: (performance.now() - wallBefore) / 1000 } };
}

async function usageRow(em: EntityManager, requestId: number, userId: number, requestedAt: Date): Promise<GenerationUsage> {
  const existing = await em.findOne(GenerationUsage, { requestId });
  return existing ?? em.create(GenerationUsage, { requestId, user: em.getReference(User, userId), createdAt: requestedAt });
}

/** Adds one step's CPU time to the request's usage (a retried step adds up: it was spent). */
export async function recordStepCost(em: EntityManager, requestId: number, userId: number, requestedAt: Date, step: string, cost: StepCost): Promise<void> {
  const row = await usageRow(em, requestId, userId, requestedAt);
  row.stageCpuSeconds = { ...row.stageCpuSeconds, [step]: (row.stageCpuSeconds[step] ?? 0) + cost.cpuSeconds };
  row.cpuSeconds = Object.values(row.stageCpuSeconds).reduce((sum, seconds) => sum + seconds, 0);
  await em.flush();
}

/** The saved song's figures: audio length, media bytes, wall time, queue wait and retries. */
export async function recordFinishedGeneration(em: EntityManager, finished: FinishedGeneration): Promise<void> {
  const row = await usageRow(em, finished.requestId, finished.userId, finished.requestedAt);
  const { startedAt } = finished;
  em.assign(row, {
    completedAt: finished.completedAt,
    songId: finished.songId,
    title: finished.title.slice(0, 255),
    genre: finished.genre.slice(0, 50),
    audioSeconds: finished.audioSeconds,
    storageBytes: finished.storageBytes,
    retries: finished.retries,
    wallSeconds: (finished.completedAt.getTime() - startedAt.getTime()) / 1000,
    queueWaitSeconds: Math.max(0, (startedAt.getTime() - finished.requestedAt.getTime()) / 1000),
  });
  await em.flush();
}

/** Media bytes of the songs that still exist: one user's (the storage their tier limits), or everyone's (null). */
export async function storageUsedBy(em: EntityManager, userId: number | null): Promise<number> {
  const [row] = await em
    .getConnection()
    .execute<Array<{ bytes: string | number | null }>>(
      `select coalesce(sum(u.storage_bytes), 0) as bytes from generation_usage u join songs s on s.id = u.song_id ${userId === null ? '' : 'where u.user_id = ?'}`,
      userId === null ? [] : [userId],
      'all',
      em.getTransactionContext(),
    );
  return Number(row?.bytes ?? 0);
}
