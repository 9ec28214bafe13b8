import type { EntityManager } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import type { User } from '../users/user.entity.js';
import { APP_VERSION } from '../config/version.js';
import type { HeartbeatStore, WorkerHeartbeat } from '../generation/worker-heartbeat.js';
import { ACTIVE_STATUSES } from '../generation/stages.js';
import { requireAdmin } from './admin-access.js';
import type { MediaStorage } from '../storage/media-storage.js';

export interface ServiceHealth {
  status: 'up' | 'down' | 'not configured';
  detail: string | null;
}

export interface AdminOverview {
  users: number;
  songs: number;
  generationsToday: number;
  generationsThisMonth: number;
  failuresToday: number;
  queueDepth: Array<{ status: string; count: number }>;
  workers: WorkerHeartbeat[];
  completedLastHour: number;
  mediaBytes: number;
  databaseBytes: number;
  postgres: ServiceHealth;
  redis: ServiceHealth;
  appVersion: string;
  generatedAt: Date;
}

/** The admin overview's figures, read fresh on every call (the page polls it). */
export class AdminOverviewService {
  constructor(
    private readonly deps: { storage: MediaStorage; redis: Redis | null; embeddedDatabase: boolean; heartbeats: HeartbeatStore },
  ) {}

  async overview(em: EntityManager, asker: User | null): Promise<AdminOverview> {
    requireAdmin(asker);
    const now = new Date();
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const connection = em.getConnection();
    const [counts] = await connection.execute<Array<Record<string, string>>>(
      `select
         (select count(*) from users where not is_system) as users,
         (select count(*) from songs) as songs,
         (select count(*) from generation_requests where created_at >= ?) as today,
         (select count(*) from generation_requests where created_at >= ?) as month,
         (select count(*) from generation_requests where status = 'failed' and completed_at >= ?) as failures_today,
         (select count(*) from generation_requests where status = 'completed' and completed_at >= ?) as completed_last_hour`,
      [dayStart, monthStart, dayStart, hourAgo],
    );
    const depth = await connection.execute<Array<{ status: string; count: string }>>(
      `select status, count(*) as count from generation_requests where status in (${ACTIVE_STATUSES.map(() => '?').join(', ')}) group by status`,
      [...ACTIVE_STATUSES],
    );
    const byStatus = new Map(depth.map((row) => [row.status, Number(row.count)]));
    const [postgres, databaseBytes] = await this.postgres(em);
    return {
      users: Number(counts.users),
      songs: Number(counts.songs),
      generationsToday: Number(counts.today),
      generationsThisMonth: Number(counts.month),
      failuresToday: Number(counts.failures_today),
      queueDepth: ACTIVE_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
      workers: await this.deps.heartbeats.alive(),
      completedLastHour: Number(counts.completed_last_hour),
      mediaBytes: await storedBytes(this.deps.storage),
      databaseBytes,
      postgres,
      redis: await this.redis(),
      appVersion: APP_VERSION,
      generatedAt: now,
    };
  }

  private async postgres(em: EntityManager): Promise<[ServiceHealth, number]> {
    try {
      const [row] = await em.getConnection().execute<Array<{ version: string; size: string }>>(`select version() as version, pg_database_size(current_database()) as size`);
      const kind = this.deps.embeddedDatabase ? 'embedded (PGlite)' : 'server';
      return [{ status: 'up', detail: `${kind}: ${row.version.split(' on ')[0]}` }, Number(row.size)];
    } catch (error) {
      return [{ status: 'down', detail: error instanceof Error ? error.message : String(error) }, 0];
    }
  }

  private async redis(): Promise<ServiceHealth> {
    if (!this.deps.redis) return { status: 'not configured', detail: 'in-memory pub/sub and the embedded job queue' };
    try {
      const started = Date.now();
      await this.deps.redis.ping();
      return { status: 'up', detail: `ping ${Date.now() - started} ms` };
    } catch (error) {
      return { status: 'down', detail: error instanceof Error ? error.message : String(error) };
    }
  }
}

/** Bytes of every stored media object. */
async function storedBytes(storage: MediaStorage): Promise<number> {
  let total = 0;
  for await (const object of storage.list()) total += object.size;
  return total;
}
