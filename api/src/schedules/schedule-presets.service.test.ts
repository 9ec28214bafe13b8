/** Mood & Time presets: seeded by the migration, read by everyone, edited by admins (validated, audit-logged). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { expectAppError } from '../test-support/app-errors.js';
import { insertUser } from '../library/test-fixtures.js';
import { AdminAuditEntry } from '../admin/admin-audit-entry.entity.js';
import { User } from '../users/user.entity.js';
import { SCHEDULE_PRESETS } from './energy-schedule.js';

describe('Mood & Time presets', () => {
  let t: TestApp;
  const em = () => t.app.database.orm.em.fork() as EntityManager;
  const presets = () => t.app.services.schedulePresets;

  beforeAll(async () => {
    t = await startTestApp({ target: 'embedded' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts with the seeded presets and lets only admins change them, with clear errors', async () => {
    const seeded = await presets().list(em());
    expect(seeded.map((p) => ({ name: p.name, description: p.description, schedule: p.schedule, displayOrder: p.displayOrder }))).toEqual(
      SCHEDULE_PRESETS.map((p, i) => ({ name: p.name, description: p.description, schedule: p.schedule, displayOrder: i + 1 })),
    );
    const admin = await insertUser(em(), 'presetadmin');
    await em().nativeUpdate(User, { id: admin.id }, { userTier: 'admin', canAccessAdmin: true });
    admin.userTier = 'admin';
    admin.canAccessAdmin = true;
    const user = await insertUser(em(), 'presetuser');
    const schedule = SCHEDULE_PRESETS[1].schedule;

    await expectAppError(presets().create(em(), user, { name: 'Mine', description: 'x', schedule }), 'FORBIDDEN');
    await expectAppError(presets().create(em(), null, { name: 'Mine', description: 'x', schedule }), 'UNAUTHENTICATED');
    await expectAppError(presets().create(em(), admin, { name: ' ', description: 'x', schedule }), 'BAD_USER_INPUT', 'Name is required');
    await expectAppError(presets().create(em(), admin, { name: 'wind down', description: 'x', schedule }), 'CONFLICT', 'There is already a preset named wind down');
    await expectAppError(presets().create(em(), admin, { name: 'Bad', description: 'x', schedule: { ...schedule, everyDay: [] } }), 'BAD_USER_INPUT');

    const early = await presets().create(em(), admin, { name: 'Early bird', description: 'Up with the sun.', schedule, displayOrder: 1 });
    expect((await presets().list(em())).map((p) => [p.name, p.displayOrder])).toEqual([['Early bird', 1], ['Workday focus', 2], ['Gym mornings', 3], ['Wind down', 4]]);
    const renamed = await presets().update(em(), admin, early.id, { name: 'Dawn', displayOrder: 4 });
    expect(renamed).toMatchObject({ name: 'Dawn', description: 'Up with the sun.', displayOrder: 4 });
    await expectAppError(presets().update(em(), user, early.id, { name: 'Mine' }), 'FORBIDDEN');
    await expectAppError(presets().update(em(), admin, 99_999, { name: 'Nope' }), 'NOT_FOUND');
    expect(await presets().delete(em(), admin, early.id)).toBe(true);
    expect((await presets().list(em())).map((p) => [p.name, p.displayOrder])).toEqual([['Workday focus', 1], ['Gym mornings', 2], ['Wind down', 3]]);
    const audit = await em().find(AdminAuditEntry, { targetType: 'energy_schedule_preset', targetId: String(early.id) }, { orderBy: { id: 'asc' } });
    expect(audit.map((a) => a.action)).toEqual(['preset.create', 'preset.update', 'preset.delete']);
    expect(audit[1].before).toMatchObject({ name: 'Early bird' });
    expect(audit[1].after).toMatchObject({ name: 'Dawn' });
  });
});
