/** Mood & Time on both databases: schedule and override storage, validation, and energyNow across zones and a DST change. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAMP_SCHEDULE } from './test-fixtures.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { expectAppError } from '../test-support/app-errors.js';
import { insertUser } from '../library/test-fixtures.js';
import type { User } from '../users/user.entity.js';
import { DEFAULT_SCHEDULE, SCHEDULE_PRESETS } from './energy-schedule.js';
import { MAX_OVERRIDES, SchedulesService } from './schedules.service.js';

const exam = { name: 'Exam week', energyLevel: 0.3, preferredMoods: ['peaceful', 'chill'], startDate: '2026-11-23', endDate: '2026-11-27' };

describe.each(DATABASE_TARGETS)('Mood & Time service on %s PostgreSQL', (target) => {
  let db: TestDatabase;
  const service = new SchedulesService();
  let users = 0;
  beforeAll(async () => {
    db = await createTestDatabase(target);
  });
  afterAll(async () => {
    await db?.close();
  });
  const em = () => db.orm.em.fork() as EntityManager;
  const newUser = (): Promise<User> => insertUser(em(), `timer${(users += 1)}`);

  it('answers the default schedule until one is saved, then the saved one with its zone', async () => {
    const user = await newUser();
    expect(await service.getSchedule(em(), user)).toEqual({ schedule: DEFAULT_SCHEDULE, timezone: null, isDefault: true });
    const preset = SCHEDULE_PRESETS.find((p) => p.name === 'Workday focus')!.schedule;
    await service.saveSchedule(em(), user, { schedule: preset, timezone: 'Europe/Berlin' });
    expect(await service.getSchedule(em(), user)).toEqual({ schedule: preset, timezone: 'Europe/Berlin', isDefault: false });
    await service.saveSchedule(em(), user, { schedule: RAMP_SCHEDULE, timezone: 'Asia/Tokyo' });
    expect(await service.getSchedule(em(), user)).toEqual({ schedule: RAMP_SCHEDULE, timezone: 'Asia/Tokyo', isDefault: false });
    await expectAppError(service.saveSchedule(em(), user, { schedule: RAMP_SCHEDULE, timezone: 'Mars/Olympus' }), 'BAD_USER_INPUT', "Unknown time zone 'Mars/Olympus'");
    await expectAppError(service.saveSchedule(em(), user, { schedule: { ...RAMP_SCHEDULE, everyDay: [{ hour: 1, energy: 2 }, { hour: 2, energy: 0 }] } }), 'BAD_USER_INPUT', 'energy must be between 0 and 1');
  });

  it('creates, edits, toggles and deletes overrides, each only by its owner', async () => {
    const user = await newUser();
    const other = await newUser();
    const created = await service.createOverride(em(), user, { ...exam, description: 'Quiet, please', startTime: '08:00', endTime: '18:00' });
    expect(created).toMatchObject({ name: 'Exam week', description: 'Quiet, please', energyLevel: 0.3, startDate: '2026-11-23', endDate: '2026-11-27', startTime: '08:00', endTime: '18:00', isActive: true });
    const edited = await service.updateOverride(em(), user, created.id, { ...exam, name: 'Exam fortnight', endDate: '2026-12-04', energyLevel: 0.25 });
    expect(edited).toMatchObject({ name: 'Exam fortnight', endDate: '2026-12-04', energyLevel: 0.25, startTime: null, endTime: null, description: null, isActive: true });
    expect((await service.setOverrideActive(em(), user, created.id, false)).isActive).toBe(false);
    expect((await service.listOverrides(em(), user)).map((o) => o.name)).toEqual(['Exam fortnight']);
    await expectAppError(service.setOverrideActive(em(), other, created.id, true), 'NOT_FOUND', 'Override not found');
    await expectAppError(service.updateOverride(em(), other, created.id, exam), 'NOT_FOUND');
    await expectAppError(service.deleteOverride(em(), other, created.id), 'NOT_FOUND');
    expect(await service.deleteOverride(em(), user, created.id)).toBe(true);
    expect(await service.listOverrides(em(), user)).toEqual([]);
  });

  it('refuses bad overrides with a message saying what is wrong', async () => {
    const user = await newUser();
    const refused = (changes: object, message: string) => expectAppError(service.createOverride(em(), user, { ...exam, ...changes }), 'BAD_USER_INPUT', message);
    await refused({ name: '  ' }, 'Name is required');
    await refused({ energyLevel: 1.2 }, 'energyLevel must be between 0 and 1');
    await refused({ preferredMoods: ['calm'] }, "Unknown mood 'calm'");
    await refused({ startDate: '2026-02-30' }, 'startDate is not a real date');
    await refused({ endDate: '27/11/2026' }, 'endDate must be a date (YYYY-MM-DD)');
    await refused({ endDate: '2026-11-20' }, 'endDate must not be before startDate');
    await refused({ startTime: '25:00', endTime: '26:00' }, 'startTime must be a time between 00:00 and 23:59 (HH:MM)');
    await refused({ startTime: '08:00' }, 'Give both startTime and endTime for a daily window, or neither');
    await refused({ startTime: '08:00', endTime: '08:00' }, 'startTime and endTime must differ');
    expect(await service.listOverrides(em(), user)).toEqual([]);
  });

  it(`keeps at most ${MAX_OVERRIDES} overrides per user, also under concurrent creation`, async () => {
    const user = await newUser();
    await Promise.all(Array.from({ length: MAX_OVERRIDES + 5 }, (_, i) => service.createOverride(em(), user, { ...exam, name: `O${i}` }).catch(() => null)));
    expect(await service.listOverrides(em(), user)).toHaveLength(MAX_OVERRIDES);
  });

  it("resolves energyNow in the saved zone, the browser's zone when none is saved, and across the spring DST change", async () => {
    const user = await newUser();
    await service.saveSchedule(em(), user, { schedule: RAMP_SCHEDULE, timezone: null });
    const at = new Date('2026-03-29T01:30:00Z');
    // No saved zone: the client's (browser) zone, else UTC.
    expect((await service.energyNow(em(), user, { at })).energy).toBe(0.15);
    const berlin = await service.energyNow(em(), user, { at, timezone: 'Europe/Berlin' });
    expect(berlin).toMatchObject({ energy: 0.35, source: 'schedule', timezone: 'Europe/Berlin', partOfDay: 'night' });
    await service.saveSchedule(em(), user, { schedule: RAMP_SCHEDULE, timezone: 'America/New_York' });
    // The saved zone wins over the browser's: 21:30 the evening before in New York.
    expect(await service.energyNow(em(), user, { at, timezone: 'Europe/Berlin' })).toMatchObject({ timezone: 'America/New_York', energy: 0, partOfDay: 'evening' });
    await service.saveSchedule(em(), user, { schedule: RAMP_SCHEDULE, timezone: 'Europe/Berlin' });
    const override = await service.createOverride(em(), user, { name: 'Early riser', energyLevel: 0.9, startDate: '2026-03-29', endDate: '2026-03-29', startTime: '03:00', endTime: '05:00' });
    const early = await service.energyNow(em(), user, { at });
    expect(early).toMatchObject({ source: 'override', energy: 0.9, moods: ['dreamy'] });
    expect(early.override?.id).toBe(override.id);
    expect(early.explanation).toBe('Override "Early riser" until Sunday 05:00, energy 0.9, moods dreamy');
    expect((await service.energyNow(em(), user, { at: new Date('2026-03-29T00:30:00Z') })).source).toBe('schedule');
    await service.setOverrideActive(em(), user, override.id, false);
    expect((await service.energyNow(em(), user, { at })).source).toBe('schedule');
    await expectAppError(service.energyNow(em(), user, { timezone: 'Nowhere/Town' }), 'BAD_USER_INPUT', "Unknown time zone 'Nowhere/Town'");
  });
});
