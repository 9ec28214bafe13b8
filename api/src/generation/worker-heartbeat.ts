import { hostname } from 'node:os';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Redis } from 'ioredis';
import { APP_VERSION } from '../config/version.js';
import type { Logger } from '../app/logger.js';
import { WorkerHeartbeatRow } from './worker-heartbeat.entity.js';

export const HEARTBEAT_INTERVAL_MS = 10_000;
/** A worker silent for longer than this is not counted as alive (three missed beats). */
export const HEARTBEAT_STALE_MS = 3 * HEARTBEAT_INTERVAL_MS;
const REDIS_PREFIX = 'songforge:worker-heartbeat:';

export interface WorkerHeartbeat {
  id: string;
  host: string;
  pid: number;
  concurrency: number;
  jobsRunning: number;
  engineVersion: string;
  startedAt: Date;
  lastHeartbeatAt: Date;
}

/**
 * Where heartbeats live: Redis keys that expire on their own when REDIS_URL is set (workers on other
 * machines share it), else the worker_heartbeats table (one process per database then).
 */
export class HeartbeatStore {
  constructor(
    private readonly orm: MikroORM,
    private readonly redis: Redis | null,
  ) {}

  async write(beat: WorkerHeartbeat): Promise<void> {
    if (this.redis) {
      await this.redis.set(REDIS_PREFIX + beat.id, JSON.stringify(beat), 'PX', HEARTBEAT_STALE_MS);
      return;
    }
    const em = this.orm.em.fork();
    await em.upsert(WorkerHeartbeatRow, { ...beat });
    // Rows of workers that died without stopping cleanly; Redis keys expire by themselves.
    await em.nativeDelete(WorkerHeartbeatRow, { lastHeartbeatAt: { $lt: new Date(Date.now() - 24 * 3_600_000) } });
  }

  async remove(id: string): Promise<void> {
    if (this.redis) await this.redis.del(REDIS_PREFIX + id);
    else await this.orm.em.fork().nativeDelete(WorkerHeartbeatRow, { id });
  }

  /** Workers heard from within HEARTBEAT_STALE_MS, most recent first. */
  async alive(): Promise<WorkerHeartbeat[]> {
    const since = Date.now() - HEARTBEAT_STALE_MS;
    let beats: WorkerHeartbeat[];
    if (this.redis) {
      const keys: string[] = [];
      for await (const batch of this.redis.scanStream({ match: `${REDIS_PREFIX}*`, count: 100 })) keys.push(...(batch as string[]));
      const values = keys.length ? await this.redis.mget(keys) : [];
      beats = values.flatMap((v) => (v ? [JSON.parse(v) as WorkerHeartbeat] : [])).map((b) => ({ ...b, startedAt: new Date(b.startedAt), lastHeartbeatAt: new Date(b.lastHeartbeatAt) }));
    } else {
      beats = await this.orm.em.fork().find(WorkerHeartbeatRow, { lastHeartbeatAt: { $gte: new Date(since) } });
    }
    return beats.filter((b) => b.lastHeartbeatAt.getTime() >= since).sort((a, b) => b.lastHeartbeatAt.getTime() - a.lastHeartbeatAt.getTime());
  }
}

/** Beats every HEARTBEAT_INTERVAL_MS for this process's generation workers; answers the stop function. */
export function startWorkerHeartbeat(deps: { store: HeartbeatStore; concurrency: number; jobsRunning: () => number; logger: Logger }): () => Promise<void> {
  const startedAt = new Date();
  const id = `${hostname()}:${process.pid}:${startedAt.getTime()}`;
  const beat = () =>
    deps.store
      .write({ id, host: hostname(), pid: process.pid, concurrency: deps.concurrency, jobsRunning: deps.jobsRunning(), engineVersion: APP_VERSION, startedAt, lastHeartbeatAt: new Date() })
      .catch((e) => deps.logger.error(e, 'Writing the worker heartbeat failed'));
  const first = beat();
  const timer = setInterval(() => void beat(), HEARTBEAT_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await first;
    await deps.store.remove(id).catch((e) => deps.logger.error(e, 'Removing the worker heartbeat failed'));
  };
}
