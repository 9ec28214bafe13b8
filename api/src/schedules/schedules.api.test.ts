/** Mood & Time over GraphQL: the schedule, presets, override CRUD, validation errors and energyNow. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RAMP_SCHEDULE } from './test-fixtures.js';
import supertest from 'supertest';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';

const SCHEDULE = '{ energySchedule { isDefault timezone curves { perWeekday everyDay { hour energy } weekdays { monday { hour } } moods { morning night } } } }';
const SAVE = 'mutation ($c: EnergyCurvesInput!, $tz: String) { saveEnergySchedule(curves: $c, timezone: $tz) { isDefault timezone curves { everyDay { hour energy } } } }';
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => `${day} { hour energy }`).join(' ');
const PRESETS = `{ energySchedulePresets { name description curves { perWeekday everyDay { hour energy } weekdays { ${DAYS} } moods { morning afternoon evening night } } } }`;
const CREATE = 'mutation ($input: ScheduleOverrideInput!) { createScheduleOverride(input: $input) { id name energyLevel preferredMoods startDate endDate startTime endTime isActive } }';
const UPDATE = 'mutation ($id: ID!, $input: ScheduleOverrideInput!) { updateScheduleOverride(id: $id, input: $input) { id name isActive } }';
const TOGGLE = 'mutation ($id: ID!, $on: Boolean!) { setScheduleOverrideActive(id: $id, isActive: $on) { id isActive } }';
const DELETE = 'mutation ($id: ID!) { deleteScheduleOverride(id: $id) }';
const LIST = '{ scheduleOverrides { id name isActive } }';
const NOW = 'query ($at: DateTimeISO, $tz: String) { energyNow(at: $at, timezone: $tz) { energy moods source timezone localTime partOfDay until explanation override { name } } }';


describe.each(DATABASE_TARGETS)('Mood & Time GraphQL on %s PostgreSQL', (target) => {
  let t: TestApp;
  let accounts = 0;
  beforeAll(async () => {
    t = await startTestApp({ target, config: { demoCatalogue: false } });
  });
  afterAll(async () => {
    await t?.close();
  });
  async function client() {
    const cookie = await signUp(t, `moody${(accounts += 1)}`);
    return async (query: string, variables: Record<string, unknown> = {}) => (await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query, variables })).body;
  }

  it('edits the schedule from a preset and answers energyNow with what is in force and why', async () => {
    const gql = await client();
    const initial = (await gql(SCHEDULE)).data.energySchedule;
    expect(initial).toMatchObject({ isDefault: true, timezone: null, curves: { perWeekday: false, weekdays: null } });
    const presets = (await gql(PRESETS)).data.energySchedulePresets;
    expect(presets.map((p: { name: string }) => p.name)).toEqual(['Workday focus', 'Gym mornings', 'Wind down']);
    const workday = presets[0].curves;
    expect(workday.perWeekday).toBe(true);
    const saved = await gql(SAVE, { c: workday, tz: 'Europe/London' });
    expect(saved.errors).toBeUndefined();
    expect(saved.data.saveEnergySchedule).toMatchObject({ isDefault: false, timezone: 'Europe/London' });

    await gql(SAVE, { c: RAMP_SCHEDULE, tz: 'Europe/Berlin' });
    const before = (await gql(NOW, { at: '2026-03-29T00:30:00.000Z' })).data.energyNow;
    expect(before).toMatchObject({ energy: 0.15, source: 'schedule', timezone: 'Europe/Berlin', localTime: '2026-03-29T01:30', partOfDay: 'night', override: null, until: null });
    const created = (await gql(CREATE, { input: { name: 'Exam week', energyLevel: 0.3, preferredMoods: ['peaceful', 'chill'], startDate: '2026-03-23', endDate: '2026-03-29', startTime: '01:00', endTime: '18:00' } })).data.createScheduleOverride;
    expect(created).toMatchObject({ name: 'Exam week', isActive: true, startTime: '01:00', endTime: '18:00', preferredMoods: ['peaceful', 'chill'] });
    const during = (await gql(NOW, { at: '2026-03-29T00:30:00.000Z' })).data.energyNow;
    expect(during).toMatchObject({ source: 'override', energy: 0.3, moods: ['peaceful', 'chill'], override: { name: 'Exam week' }, until: '2026-03-29T16:00:00.000Z' });
    expect(during.explanation).toBe('Override "Exam week" until Sunday 18:00, energy 0.3, moods peaceful, chill');

    expect((await gql(TOGGLE, { id: created.id, on: false })).data.setScheduleOverrideActive.isActive).toBe(false);
    expect((await gql(NOW, { at: '2026-03-29T00:30:00.000Z' })).data.energyNow.source).toBe('schedule');
    expect((await gql(UPDATE, { id: created.id, input: { name: 'Revision', energyLevel: 0.2, startDate: '2026-03-23', endDate: '2026-03-29', isActive: true } })).data.updateScheduleOverride).toMatchObject({ name: 'Revision', isActive: true });
    expect((await gql(LIST)).data.scheduleOverrides).toEqual([{ id: created.id, name: 'Revision', isActive: true }]);
    expect((await gql(DELETE, { id: created.id })).data.deleteScheduleOverride).toBe(true);
    expect((await gql(LIST)).data.scheduleOverrides).toEqual([]);
    expect((await gql(DELETE, { id: created.id })).errors[0].extensions.code).toBe('NOT_FOUND');
  });

  it('refuses invalid input with BAD_USER_INPUT and a message', async () => {
    const gql = await client();
    const refusal = async (query: string, variables: Record<string, unknown>) => {
      const { errors } = await gql(query, variables);
      return { code: errors[0].extensions.code, message: errors[0].message };
    };
    expect(await refusal(SAVE, { c: { ...RAMP_SCHEDULE, everyDay: [{ hour: 3, energy: 0.5 }] } })).toEqual({ code: 'BAD_USER_INPUT', message: 'The every-day curve needs at least 2 points' });
    expect(await refusal(SAVE, { c: RAMP_SCHEDULE, tz: 'Atlantis/Capital' })).toEqual({ code: 'BAD_USER_INPUT', message: "Unknown time zone 'Atlantis/Capital'" });
    const override = { name: 'Bad', energyLevel: 0.5, startDate: '2026-03-10', endDate: '2026-03-12' };
    expect(await refusal(CREATE, { input: { ...override, energyLevel: -0.1 } })).toEqual({ code: 'BAD_USER_INPUT', message: 'energyLevel must be between 0 and 1' });
    expect(await refusal(CREATE, { input: { ...override, endDate: '2026-03-01' } })).toEqual({ code: 'BAD_USER_INPUT', message: 'endDate must not be before startDate' });
    expect(await refusal(CREATE, { input: { ...override, startTime: '9:00', endTime: '10:00' } })).toEqual({ code: 'BAD_USER_INPUT', message: 'startTime must be a time between 00:00 and 23:59 (HH:MM)' });
    expect((await refusal(CREATE, { input: { ...override, preferredMoods: ['focused'] } })).message).toMatch(/^Unknown mood 'focused' \(known: /);
    expect(await refusal(NOW, { tz: 'Nowhere' })).toEqual({ code: 'BAD_USER_INPUT', message: "Unknown time zone 'Nowhere'" });
  });
});
