import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import { DateTime } from 'luxon';
import { z } from 'zod';
import { badInput, notFound } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import { moodListSchema } from '../radio/tuning.js';
import { User } from '../users/user.entity.js';
import { TemporaryScheduleOverride } from './temporary-schedule-override.entity.js';
import { UserTimePreferences } from './user-time-preferences.entity.js';
import { DEFAULT_SCHEDULE, resolveEnergy, scheduleSchema, timezoneSchema, type EnergyNow, type EnergySchedule } from './energy-schedule.js';

/** Overrides one user may keep (old ones can be deleted). */
export const MAX_OVERRIDES = 100;
/** Without a saved zone and none from the browser, times are UTC. */
const FALLBACK_TIMEZONE = 'UTC';

export interface StoredSchedule {
  schedule: EnergySchedule;
  timezone: string | null;
  /** True until the user saves a schedule of their own. */
  isDefault: boolean;
}

const date = (name: string) =>
  z
    .string({ error: `${name} is required (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date (YYYY-MM-DD)`)
    .refine((value) => DateTime.fromISO(value).isValid, { error: `${name} is not a real date` });
const time = (name: string) => z.string({ error: `${name} must be a time (HH:MM)` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${name} must be a time between 00:00 and 23:59 (HH:MM)`).nullish();

const overrideSchema = z
  .object({
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(255, 'Name must be at most 255 characters'),
    description: z.string().trim().max(2000, 'Description must be at most 2000 characters').nullish(),
    energyLevel: z.number({ error: 'energyLevel must be a number between 0 and 1' }).min(0, 'energyLevel must be between 0 and 1').max(1, 'energyLevel must be between 0 and 1'),
    preferredMoods: moodListSchema.nullish(),
    startDate: date('startDate'),
    endDate: date('endDate'),
    startTime: time('startTime'),
    endTime: time('endTime'),
    isActive: z.boolean({ error: 'isActive must be true or false' }).nullish(),
  })
  .refine((o) => o.endDate >= o.startDate, { error: 'endDate must not be before startDate' })
  .refine((o) => !o.startTime === !o.endTime, { error: 'Give both startTime and endTime for a daily window, or neither' })
  .refine((o) => !o.startTime || o.startTime !== o.endTime, { error: 'startTime and endTime must differ' });

const saveSchema = z.object({ schedule: scheduleSchema, timezone: timezoneSchema.nullish() });
const idSchema = z.coerce.number({ error: 'Invalid override id' }).int('Invalid override id').positive('Invalid override id');
const energyNowSchema = z.object({ at: z.date({ error: 'at must be a date-time' }).nullish(), timezone: timezoneSchema.nullish() });

/** Told after a user's schedule or overrides changed (the DJ re-plans a playing set). */
export type ScheduleChangeListener = (em: EntityManager, user: User) => Promise<void>;

/** Mood & Time: the user's energy schedule, temporary overrides, and what is in force now. */
export class SchedulesService {
  private readonly listeners: ScheduleChangeListener[] = [];

  onChange(listener: ScheduleChangeListener): void {
    this.listeners.push(listener);
  }

  private async changed(em: EntityManager, user: User): Promise<void> {
    for (const listener of this.listeners) await listener(em, user);
  }

  async getSchedule(em: EntityManager, user: User): Promise<StoredSchedule> {
    const row = await em.findOne(UserTimePreferences, { user: user.id });
    return { schedule: row?.energySchedule ?? DEFAULT_SCHEDULE, timezone: row?.timezone ?? null, isDefault: !row?.energySchedule };
  }

  /** Saves the schedule and time zone (one row per user, upserted atomically). */
  async saveSchedule(em: EntityManager, user: User, input: unknown): Promise<StoredSchedule> {
    const { schedule, timezone } = parseInput(saveSchema, input);
    await em.upsert(
      UserTimePreferences,
      { user: em.getReference(User, user.id), energySchedule: schedule, timezone: timezone ?? null, updatedAt: new Date() },
      { onConflictFields: ['user'], onConflictAction: 'merge', onConflictMergeFields: ['energySchedule', 'timezone', 'updatedAt'] },
    );
    await this.changed(em, user);
    return { schedule, timezone: timezone ?? null, isDefault: false };
  }

  listOverrides(em: EntityManager, user: User): Promise<TemporaryScheduleOverride[]> {
    return em.find(TemporaryScheduleOverride, { user: user.id }, { orderBy: { startDate: 'asc', id: 'asc' } });
  }

  async createOverride(em: EntityManager, user: User, input: unknown): Promise<TemporaryScheduleOverride> {
    const fields = parseInput(overrideSchema, input);
    const created = await em.transactional(async (tx) => {
      // The user's row is locked so that concurrent creations count one after another.
      await tx.findOneOrFail(User, { id: user.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if ((await tx.count(TemporaryScheduleOverride, { user: user.id })) >= MAX_OVERRIDES) throw badInput(`At most ${MAX_OVERRIDES} overrides; delete old ones first`);
      return tx.create(TemporaryScheduleOverride, { user: tx.getReference(User, user.id), ...normalised(fields), isActive: fields.isActive ?? true });
    });
    await this.changed(em, user);
    return created;
  }

  async updateOverride(em: EntityManager, user: User, id: unknown, input: unknown): Promise<TemporaryScheduleOverride> {
    const override = await this.ownOverride(em, user, id);
    const fields = parseInput(overrideSchema, input);
    em.assign(override, { ...normalised(fields), isActive: fields.isActive ?? override.isActive });
    await em.flush();
    await this.changed(em, user);
    return override;
  }

  async setOverrideActive(em: EntityManager, user: User, id: unknown, isActive: unknown): Promise<TemporaryScheduleOverride> {
    const override = await this.ownOverride(em, user, id);
    override.isActive = parseInput(z.boolean({ error: 'isActive must be true or false' }), isActive);
    await em.flush();
    await this.changed(em, user);
    return override;
  }

  async deleteOverride(em: EntityManager, user: User, id: unknown): Promise<boolean> {
    const override = await this.ownOverride(em, user, id);
    await em.remove(override).flush();
    await this.changed(em, user);
    return true;
  }

  /**
   * Target energy and moods at `at` (default now): the newest active override whose dates and daily
   * window contain the user's local time, else the schedule. The zone is the saved one, else the
   * one the client gives (its browser's), else UTC.
   */
  async energyNow(em: EntityManager, user: User, input: unknown): Promise<EnergyNow<TemporaryScheduleOverride>> {
    const { at, timezone } = parseInput(energyNowSchema, input ?? {});
    const [stored, overrides] = await Promise.all([this.getSchedule(em, user), this.listOverrides(em, user)]);
    return resolveEnergy(stored.schedule, overrides, stored.timezone ?? timezone ?? FALLBACK_TIMEZONE, at ?? new Date());
  }

  private async ownOverride(em: EntityManager, user: User, id: unknown): Promise<TemporaryScheduleOverride> {
    const override = await em.findOne(TemporaryScheduleOverride, { id: parseInput(idSchema, id), user: user.id });
    if (!override) throw notFound('Override not found');
    return override;
  }
}

function normalised(fields: z.infer<typeof overrideSchema>) {
  return {
    name: fields.name,
    description: fields.description || null,
    energyLevel: fields.energyLevel,
    preferredMoods: fields.preferredMoods?.length ? fields.preferredMoods : null,
    startDate: fields.startDate,
    endDate: fields.endDate,
    startTime: fields.startTime ?? null,
    endTime: fields.endTime ?? null,
  };
}
