import { describe, expect, it } from 'vitest';
import { RAMP_SCHEDULE } from './test-fixtures.js';
import { curveEnergy, DEFAULT_SCHEDULE, partOfDay, resolveEnergy, scheduleSchema, SCHEDULE_PRESETS, type EnergySchedule, type ScheduleOverrideRule } from './energy-schedule.js';


const rule = (fields: Partial<ScheduleOverrideRule>): ScheduleOverrideRule => ({
  id: 1,
  name: 'Exam week',
  energyLevel: 0.3,
  preferredMoods: ['peaceful', 'chill'],
  startDate: '2026-11-23',
  endDate: '2026-11-27',
  startTime: null,
  endTime: null,
  isActive: true,
  ...fields,
});

describe('the energy curve', () => {
  it('interpolates between points and wraps from the last point of the day to the first', () => {
    const curve = [
      { hour: 6, energy: 0.4 },
      { hour: 12, energy: 1 },
      { hour: 22, energy: 0 },
    ];
    expect(curveEnergy(curve, 9)).toBe(0.7);
    expect(curveEnergy(curve, 12)).toBe(1);
    expect(curveEnergy(curve, 17)).toBe(0.5);
    // 22:00 (0) to 06:00 (0.4) across midnight: eight hours.
    expect(curveEnergy(curve, 2)).toBe(0.2);
    expect(curveEnergy(curve, 23)).toBe(0.05);
  });

  it('names the parts of the day', () => {
    expect([0, 5, 6, 11, 12, 17, 18, 21, 22, 23].map(partOfDay)).toEqual(['night', 'night', 'morning', 'morning', 'afternoon', 'afternoon', 'evening', 'evening', 'night', 'night']);
  });

  it('validates schedules: points, energies, hours, moods, weekday curves', () => {
    const problem = (changes: object) => {
      const result = scheduleSchema.safeParse({ ...RAMP_SCHEDULE, ...changes });
      return result.success ? null : result.error.issues[0].message;
    };
    expect(problem({})).toBeNull();
    expect(problem({ everyDay: [{ hour: 3, energy: 0.5 }] })).toBe('The every-day curve needs at least 2 points');
    expect(problem({ everyDay: [{ hour: 3, energy: 1.5 }, { hour: 4, energy: 0 }] })).toBe('The every-day curve: energy must be between 0 and 1');
    expect(problem({ everyDay: [{ hour: 24, energy: 0.5 }, { hour: 4, energy: 0 }] })).toBe('The every-day curve: hours must be between 0 and 24 (24:00 is 0:00)');
    expect(problem({ everyDay: [{ hour: 4, energy: 0.5 }, { hour: 4, energy: 0 }] })).toBe('The every-day curve has two points at the same hour');
    expect(problem({ moods: { ...RAMP_SCHEDULE.moods, night: ['sleepy'] } })).toMatch(/^Unknown mood 'sleepy'/);
    expect(problem({ perWeekday: true })).toBe('A schedule per weekday needs a curve for each weekday');
    // Points are stored in hour order.
    expect(scheduleSchema.parse({ ...RAMP_SCHEDULE, everyDay: [{ hour: 20, energy: 0 }, { hour: 5, energy: 1 }] }).everyDay.map((p) => p.hour)).toEqual([5, 20]);
    for (const preset of SCHEDULE_PRESETS) expect(scheduleSchema.safeParse(preset.schedule).success).toBe(true);
    expect(scheduleSchema.safeParse(DEFAULT_SCHEDULE).success).toBe(true);
  });
});

describe('what is in force, in the user\'s time zone', () => {
  it('reads the schedule at the local time of each zone for the same instant', () => {
    const instant = new Date('2026-11-25T12:00:00Z');
    const at = (zone: string) => resolveEnergy(RAMP_SCHEDULE, [], zone, instant);
    expect(at('UTC')).toMatchObject({ energy: 0.8, partOfDay: 'afternoon', source: 'schedule' });
    expect(at('America/New_York')).toMatchObject({ energy: 0.7, partOfDay: 'morning', moods: ['peaceful'] }); // 07:00
    expect(at('Asia/Tokyo')).toMatchObject({ energy: 0, partOfDay: 'evening', moods: ['chill'] }); // 21:00, after the curve's last point
    expect(at('Asia/Kolkata').energy).toBe(0.25); // 17:30
    expect(at('Asia/Kolkata').explanation).toBe('Schedule for every day, afternoon at 17:30: energy 0.25, moods happy');
  });

  it('uses the weekday curve of the local date, which may differ from the UTC one', () => {
    const flat = (energy: number) => [{ hour: 0, energy }, { hour: 12, energy }];
    const perDay: EnergySchedule = {
      ...RAMP_SCHEDULE,
      perWeekday: true,
      weekdays: { monday: flat(0.1), tuesday: flat(0.2), wednesday: flat(0.3), thursday: flat(0.4), friday: flat(0.5), saturday: flat(0.6), sunday: flat(0.7) },
    };
    // Wednesday 23:30 UTC is already Thursday in Berlin, still Wednesday in Los Angeles.
    const instant = new Date('2026-11-25T23:30:00Z');
    expect(resolveEnergy(perDay, [], 'Europe/Berlin', instant).energy).toBe(0.4);
    expect(resolveEnergy(perDay, [], 'America/Los_Angeles', instant).energy).toBe(0.3);
    expect(resolveEnergy(perDay, [], 'Europe/Berlin', instant).explanation).toMatch(/^Schedule for Thursday, night at 00:30/);
  });

  it('follows the wall clock across the spring DST change (Berlin, 29 March 2026, 02:00 to 03:00)', () => {
    // 00:30 UTC is 01:30 CET; 01:30 UTC is 03:30 CEST (a fixed +1 offset would say 02:30).
    expect(resolveEnergy(RAMP_SCHEDULE, [], 'Europe/Berlin', new Date('2026-03-29T00:30:00Z'))).toMatchObject({ energy: 0.15 });
    expect(resolveEnergy(RAMP_SCHEDULE, [], 'Europe/Berlin', new Date('2026-03-29T01:30:00Z'))).toMatchObject({ energy: 0.35 });
    expect(resolveEnergy(RAMP_SCHEDULE, [], 'Europe/Berlin', new Date('2026-03-29T01:30:00Z')).localTime.toFormat('HH:mm ZZZZ')).toBe('03:30 CEST');
    // The same in autumn (25 October 2026, 03:00 back to 02:00): 01:30 UTC is 02:30 CET, 00:30 UTC is 02:30 CEST.
    expect(resolveEnergy(RAMP_SCHEDULE, [], 'Europe/Berlin', new Date('2026-10-25T00:30:00Z')).energy).toBe(0.25);
    expect(resolveEnergy(RAMP_SCHEDULE, [], 'Europe/Berlin', new Date('2026-10-25T01:30:00Z')).energy).toBe(0.25);
    expect(resolveEnergy(RAMP_SCHEDULE, [], 'Europe/Berlin', new Date('2026-10-25T02:30:00Z')).energy).toBe(0.35);
  });

  it('puts an active override in force over the schedule for its local dates, and explains until when', () => {
    const exam = rule({});
    // Wednesday 25 November 2026, 14:00 in Berlin.
    const now = resolveEnergy(RAMP_SCHEDULE, [exam], 'Europe/Berlin', new Date('2026-11-25T13:00:00Z'));
    expect(now).toMatchObject({ source: 'override', energy: 0.3, moods: ['peaceful', 'chill'] });
    expect(now.override?.name).toBe('Exam week');
    expect(now.until?.toISOString()).toBe('2026-11-27T23:00:00.000Z');
    expect(now.explanation).toBe('Override "Exam week" until the end of Friday, energy 0.3, moods peaceful, chill');
    // The end date's local end: 23:30 UTC on the 27th is already the 28th in Berlin, but not in New York.
    expect(resolveEnergy(RAMP_SCHEDULE, [exam], 'Europe/Berlin', new Date('2026-11-27T23:30:00Z')).source).toBe('schedule');
    expect(resolveEnergy(RAMP_SCHEDULE, [exam], 'America/New_York', new Date('2026-11-27T23:30:00Z')).source).toBe('override');
    // Inactive, or before its dates: the schedule.
    expect(resolveEnergy(RAMP_SCHEDULE, [{ ...exam, isActive: false }], 'Europe/Berlin', new Date('2026-11-25T13:00:00Z')).source).toBe('schedule');
    expect(resolveEnergy(RAMP_SCHEDULE, [exam], 'Europe/Berlin', new Date('2026-11-22T13:00:00Z')).source).toBe('schedule');
    // Without its own moods, the schedule's moods for the part of the day.
    expect(resolveEnergy(RAMP_SCHEDULE, [{ ...exam, preferredMoods: null }], 'Europe/Berlin', new Date('2026-11-25T13:00:00Z')).moods).toEqual(['happy']);
  });

  it('applies a daily window, including one past midnight, and the newest of overlapping overrides', () => {
    const evenings = rule({ id: 2, name: 'Study evenings', startTime: '18:00', endTime: '22:00', energyLevel: 0.2 });
    const at = (iso: string, rules = [evenings]) => resolveEnergy(RAMP_SCHEDULE, rules, 'Europe/Berlin', new Date(iso));
    expect(at('2026-11-25T16:59:00Z').source).toBe('schedule'); // 17:59
    expect(at('2026-11-25T17:00:00Z').source).toBe('override'); // 18:00
    expect(at('2026-11-25T17:00:00Z').explanation).toBe('Override "Study evenings" until Wednesday 22:00, energy 0.2, moods peaceful, chill');
    expect(at('2026-11-25T21:00:00Z').source).toBe('schedule'); // 22:00
    const nights = rule({ id: 3, name: 'Night shift', startTime: '22:00', endTime: '06:00', energyLevel: 0.9, startDate: '2026-11-23', endDate: '2026-11-23' });
    expect(at('2026-11-23T22:00:00Z', [nights]).source).toBe('override'); // Monday 23:00
    expect(at('2026-11-24T04:00:00Z', [nights]).until?.toISOString()).toBe('2026-11-24T05:00:00.000Z'); // Tuesday 05:00, still Monday's night
    expect(at('2026-11-24T22:00:00Z', [nights]).source).toBe('schedule'); // Tuesday 23:00: Tuesday is not in its dates
    // Overlapping: the newest wins.
    const both = [evenings, rule({ id: 5, name: 'Party', startDate: '2026-11-25', endDate: '2026-11-25', energyLevel: 1 })];
    expect(at('2026-11-25T18:00:00Z', both).override?.name).toBe('Party');
  });

  it('keeps a daily window on local time across the DST change', () => {
    const mornings = rule({ name: 'Quiet mornings', startTime: '03:00', endTime: '05:00', startDate: '2026-03-29', endDate: '2026-03-29' });
    const at = (iso: string) => resolveEnergy(RAMP_SCHEDULE, [mornings], 'Europe/Berlin', new Date(iso));
    expect(at('2026-03-29T00:30:00Z').source).toBe('schedule'); // 01:30 CET
    expect(at('2026-03-29T01:00:00Z').source).toBe('override'); // 03:00 CEST, an hour after 01:00 UTC would be with a fixed offset
    expect(at('2026-03-29T01:00:00Z').until?.toISOString()).toBe('2026-03-29T03:00:00.000Z'); // 05:00 CEST
    expect(at('2026-03-29T03:00:00Z').source).toBe('schedule');
  });
});
