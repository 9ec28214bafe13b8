import type { EnergySchedule } from './energy-schedule.js';

/**
 * Energy climbs 0.1 per hour from midnight to 10:00 and falls back to 0 at 20:00, so the tests
 * can read the local hour from the energy.
 */
export const RAMP_SCHEDULE: EnergySchedule = {
  perWeekday: false,
  everyDay: [
    { hour: 0, energy: 0 },
    { hour: 10, energy: 1 },
    { hour: 20, energy: 0 },
  ],
  weekdays: null,
  moods: { morning: ['peaceful'], afternoon: ['happy'], evening: ['chill'], night: ['dreamy'] },
};
