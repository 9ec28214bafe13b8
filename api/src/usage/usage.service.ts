import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { forbidden } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import { billingMonth, dayLabel, DEFAULT_TIMEZONE, isValidTimezone, monthRange } from '../common/billing-month.js';
import { userTimezone } from '../schedules/user-timezone.js';
import { isAdmin } from '../users/permissions.js';
import { User } from '../users/user.entity.js';
import { CostSettings } from './cost-settings.entity.js';
import { generationCost, storageCostPerMonth, type CostModel } from './cost-model.js';
import { GenerationUsage } from './generation-usage.entity.js';
import { storageUsedBy } from './usage-recorder.js';

const TOP_SONGS = 10;

const breakdownSchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must look like 2026-01').nullish(),
  allUsers: z.boolean().nullish(),
});

const priceSchema = z.number({ error: 'Prices are numbers' }).min(0, 'Prices must be between 0 and 1000').max(1000, 'Prices must be between 0 and 1000').nullable();
const costModelSchema = z.object({ cpuSecondPrice: priceSchema, gbMonthPrice: priceSchema });

export interface UsageTotals {
  generations: number;
  audioSeconds: number;
  cpuSeconds: number;
  wallSeconds: number;
  queueWaitSeconds: number;
  retries: number;
  storageBytes: number;
  cost: number;
}

export interface UsageBreakdown {
  month: string;
  timezone: string;
  months: string[];
  allUsers: boolean;
  costModel: CostModel;
  totals: UsageTotals;
  days: Array<{ date: string; generations: number; cpuSeconds: number; cost: number }>;
  stages: Array<{ stage: string; cpuSeconds: number; cost: number }>;
  genres: Array<{ genre: string; generations: number; cpuSeconds: number; cost: number }>;
  topSongs: Array<{ requestId: number; songId: string | null; title: string | null; genre: string | null; username: string; createdAt: Date; cpuSeconds: number; storageBytes: number; cost: number }>;
  /** Media stored now by the songs in scope, and what a month of it costs. */
  storage: { bytes: number; monthlyCost: number };
  /** Per user, most expensive first (admins, all users only). */
  users: Array<{ userId: number; username: string } & UsageTotals>;
  rows: GenerationUsage[];
}

const emptyTotals = (): UsageTotals => ({ generations: 0, audioSeconds: 0, cpuSeconds: 0, wallSeconds: 0, queueWaitSeconds: 0, retries: 0, storageBytes: 0, cost: 0 });

function addTo(totals: UsageTotals, row: GenerationUsage, cost: number): void {
  totals.generations += 1;
  totals.audioSeconds += row.audioSeconds;
  totals.cpuSeconds += row.cpuSeconds;
  totals.wallSeconds += row.wallSeconds ?? 0;
  totals.queueWaitSeconds += row.queueWaitSeconds ?? 0;
  totals.retries += row.retries;
  totals.storageBytes += row.storageBytes;
  totals.cost += cost;
}

/** What generation consumed and cost, per month: a user's own, or (admins) everyone's. */
export class UsageService {
  constructor(private readonly defaults: { cpuSecondPrice: number; gbMonthPrice: number }) {}

  async costModel(em: EntityManager): Promise<CostModel> {
    const settings = await em.findOne(CostSettings, { id: 1 }, { refresh: true });
    return {
      cpuSecondPrice: settings?.cpuSecondPrice ?? this.defaults.cpuSecondPrice,
      gbMonthPrice: settings?.gbMonthPrice ?? this.defaults.gbMonthPrice,
      source: settings && (settings.cpuSecondPrice !== null || settings.gbMonthPrice !== null) ? 'admin' : 'environment',
    };
  }

  /** Admins: sets the prices; null returns a price to the environment's. */
  async setCostModel(em: EntityManager, admin: User, input: unknown): Promise<CostModel> {
    if (!isAdmin(admin)) throw forbidden('Only admins can set the cost model');
    const prices = parseInput(costModelSchema, input);
    const settings = (await em.findOne(CostSettings, { id: 1 })) ?? em.create(CostSettings, { id: 1 });
    em.assign(settings, { ...prices, updatedBy: em.getReference(User, admin.id) });
    await em.flush();
    return this.costModel(em);
  }

  async breakdown(em: EntityManager, viewer: User, input: unknown, now: Date = new Date()): Promise<UsageBreakdown> {
    const { month: asked, allUsers } = parseInput(breakdownSchema, input ?? {});
    if (allUsers && !isAdmin(viewer)) throw forbidden('Only admins can see every user’s usage');
    const zone = await userTimezone(em, viewer.id);
    const timezone = isValidTimezone(zone) ? zone : DEFAULT_TIMEZONE;
    const month = asked ?? billingMonth(now, timezone).label;
    const { start, end } = monthRange(month, timezone);
    const scope = allUsers ? {} : { user: viewer.id };
    const [model, rows, months, storageBytes] = await Promise.all([
      this.costModel(em),
      em.find(GenerationUsage, { ...scope, createdAt: { $gte: start, $lt: end } }, { orderBy: { createdAt: 'asc', requestId: 'asc' }, populate: ['user'] }),
      this.monthsWithUsage(em, allUsers ? null : viewer.id, timezone),
      storageUsedBy(em, allUsers ? null : viewer.id),
    ]);
    const totals = emptyTotals();
    const days = new Map<string, { date: string; generations: number; cpuSeconds: number; cost: number }>();
    for (let day = start; day < end; day = new Date(day.getTime() + 86_400_000)) {
      const date = dayLabel(day, timezone);
      days.set(date, { date, generations: 0, cpuSeconds: 0, cost: 0 });
    }
    const stages = new Map<string, { stage: string; cpuSeconds: number; cost: number }>();
    const genres = new Map<string, { genre: string; generations: number; cpuSeconds: number; cost: number }>();
    const users = new Map<number, { userId: number; username: string } & UsageTotals>();
    const costed = rows.map((row) => ({ row, cost: generationCost(model, row) }));
    for (const { row, cost } of costed) {
      addTo(totals, row, cost);
      const date = dayLabel(row.createdAt, timezone);
      const day = days.get(date) ?? { date, generations: 0, cpuSeconds: 0, cost: 0 };
      days.set(date, { date, generations: day.generations + 1, cpuSeconds: day.cpuSeconds + row.cpuSeconds, cost: day.cost + cost });
      for (const [stage, cpuSeconds] of Object.entries(row.stageCpuSeconds)) {
        const entry = stages.get(stage) ?? { stage, cpuSeconds: 0, cost: 0 };
        stages.set(stage, { stage, cpuSeconds: entry.cpuSeconds + cpuSeconds, cost: entry.cost + cpuSeconds * model.cpuSecondPrice });
      }
      const genre = row.genre ?? 'unfinished';
      const byGenre = genres.get(genre) ?? { genre, generations: 0, cpuSeconds: 0, cost: 0 };
      genres.set(genre, { genre, generations: byGenre.generations + 1, cpuSeconds: byGenre.cpuSeconds + row.cpuSeconds, cost: byGenre.cost + cost });
      if (allUsers) {
        const perUser = users.get(row.user.id) ?? { userId: row.user.id, username: row.user.username, ...emptyTotals() };
        addTo(perUser, row, cost);
        users.set(row.user.id, perUser);
      }
    }
    return {
      month,
      timezone,
      months: months.includes(month) ? months : [month, ...months].sort().reverse(),
      allUsers: Boolean(allUsers),
      costModel: model,
      totals,
      days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
      stages: [...stages.values()].sort((a, b) => b.cpuSeconds - a.cpuSeconds),
      genres: [...genres.values()].sort((a, b) => b.cost - a.cost),
      topSongs: [...costed]
        .sort((a, b) => b.cost - a.cost)
        .slice(0, TOP_SONGS)
        .map(({ row, cost }) => ({ requestId: row.requestId, songId: row.songId, title: row.title, genre: row.genre, username: row.user.username, createdAt: row.createdAt, cpuSeconds: row.cpuSeconds, storageBytes: row.storageBytes, cost })),
      storage: { bytes: storageBytes, monthlyCost: storageCostPerMonth(model, storageBytes) },
      users: [...users.values()].sort((a, b) => b.cost - a.cost),
      rows,
    };
  }

  /** The month's generations as CSV, one line per request (the page's export). */
  async csv(em: EntityManager, viewer: User, input: unknown): Promise<{ filename: string; body: string }> {
    const usage = await this.breakdown(em, viewer, input);
    const stageNames = [...new Set(usage.rows.flatMap((row) => Object.keys(row.stageCpuSeconds)))].sort();
    const header = ['request_id', 'created_at', 'user', 'title', 'genre', 'audio_seconds', 'cpu_seconds', ...stageNames.map((s) => `cpu_seconds_${s}`), 'wall_seconds', 'queue_wait_seconds', 'storage_bytes', 'retries', 'cost_usd'];
    const lines = usage.rows.map((row) =>
      [
        row.requestId,
        row.createdAt.toISOString(),
        row.user.username,
        row.title ?? '',
        row.genre ?? '',
        row.audioSeconds.toFixed(2),
        row.cpuSeconds.toFixed(3),
        ...stageNames.map((s) => (row.stageCpuSeconds[s] ?? 0).toFixed(3)),
        row.wallSeconds?.toFixed(2) ?? '',
        row.queueWaitSeconds?.toFixed(2) ?? '',
        row.storageBytes,
        row.retries,
        generationCost(usage.costModel, row).toFixed(6),
      ].map(csvField),
    );
    const body = [header, ...lines].map((fields) => fields.join(',')).join('\r\n') + '\r\n';
    return { filename: `usage-${usage.allUsers ? 'all-users-' : ''}${usage.month}.csv`, body };
  }

  private async monthsWithUsage(em: EntityManager, userId: number | null, timezone: string): Promise<string[]> {
    const rows = await em
      .getConnection()
      .execute<Array<{ month: string }>>(
        `select distinct to_char(created_at at time zone ?, 'YYYY-MM') as month from generation_usage ${userId === null ? '' : 'where user_id = ?'} order by month desc`,
        userId === null ? [timezone] : [timezone, userId],
      );
    return rows.map((row) => row.month);
  }
}

/** A CSV field, quoted when needed; a leading =, +, - or @ is prefixed so spreadsheets do not run it. */
function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
