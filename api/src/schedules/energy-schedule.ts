/**
 * Mood & Time (docs/mood-and-time.md): a user's 24-hour energy curve (one for every day, or one per
 * weekday) with preferred moods per part of the day, temporary overrides on top, and which of them
 * is in force at an instant in the user's own time zone. Wall-clock times go through luxon, so a
 * curve point at 08:00 means 08:00 local on both sides of a DST change.
 */
import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';
import { moodListSchema } from '../radio/tuning.js';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const PARTS_OF_DAY = ['morning', 'afternoon', 'evening', 'night'] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];
/** Local hours each part of the day starts at; night runs from 22:00 to 06:00. */
const PART_STARTS: ReadonlyArray<[PartOfDay, number]> = [
  ['morning', 6],
  ['afternoon', 12],
  ['evening', 18],
  ['night', 22],
];
export const MAX_CURVE_POINTS = 24;

export interface CurvePoint {
  /** Local hour 0..24 (fractions are minutes: 7.5 is 07:30). */
  hour: number;
  energy: number;
}

export interface EnergySchedule {
  /** Curves per weekday (all seven) or one curve for every day. */
  perWeekday: boolean;
  everyDay: CurvePoint[];
  weekdays: Record<Weekday, CurvePoint[]> | null;
  moods: Record<PartOfDay, string[]>;
}

const energySchema = (name: string) =>
  z.number({ error: `${name} must be a number between 0 and 1` }).min(0, `${name} must be between 0 and 1`).max(1, `${name} must be between 0 and 1`);

const curveSchema = (name: string) =>
  z
    .array(
      z.object({
        hour: z.number({ error: `${name}: hour must be a number` }).min(0, `${name}: hours must be between 0 and 24`).lt(24, `${name}: hours must be between 0 and 24 (24:00 is 0:00)`),
        energy: energySchema(`${name}: energy`),
      }),
      { error: `${name} must be a list of points` },
    )
    .min(2, `${name} needs at least 2 points`)
    .max(MAX_CURVE_POINTS, `${name} has at most ${MAX_CURVE_POINTS} points`)
    .refine((points) => new Set(points.map((p) => p.hour)).size === points.length, { error: `${name} has two points at the same hour` })
    .transform((points) => [...points].sort((a, b) => a.hour - b.hour));

export const scheduleSchema = z
  .object({
    perWeekday: z.boolean({ error: 'perWeekday must be true or false' }),
    everyDay: curveSchema('The every-day curve'),
    weekdays: z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, curveSchema(`The ${day} curve`)])) as Record<Weekday, ReturnType<typeof curveSchema>>).nullish(),
    moods: z.object(Object.fromEntries(PARTS_OF_DAY.map((part) => [part, moodListSchema])) as Record<PartOfDay, typeof moodListSchema>),
  })
  .refine((s) => !s.perWeekday || s.weekdays, { error: 'A schedule per weekday needs a curve for each weekday' })
  .transform((s): EnergySchedule => ({ ...s, weekdays: s.weekdays ?? null }));

export const timezoneSchema = z
  .string({ error: 'timezone must be an IANA time zone such as Europe/Berlin' })
  .max(64, 'timezone is at most 64 characters')
  .refine((zone) => IANAZone.isValidZone(zone), { error: (issue) => `Unknown time zone '${String(issue.input)}'` });

/** A balanced day: quiet nights, a morning rise, the peak in the afternoon. */
export const DEFAULT_SCHEDULE: EnergySchedule = {
  perWeekday: false,
  everyDay: [
    { hour: 0, energy: 0.2 },
    { hour: 7, energy: 0.4 },
    { hour: 11, energy: 0.6 },
    { hour: 15, energy: 0.7 },
    { hour: 19, energy: 0.55 },
    { hour: 22, energy: 0.3 },
  ],
  weekdays: null,
  moods: { morning: ['peaceful', 'happy'], afternoon: ['happy', 'energetic'], evening: ['chill', 'romantic'], night: ['dreamy', 'peaceful'] },
};

const workday = [
  { hour: 0, energy: 0.15 },
  { hour: 8, energy: 0.45 },
  { hour: 10, energy: 0.5 },
  { hour: 13, energy: 0.4 },
  { hour: 15, energy: 0.5 },
  { hour: 18, energy: 0.45 },
  { hour: 21, energy: 0.25 },
];
const weekend = [
  { hour: 0, energy: 0.25 },
  { hour: 10, energy: 0.45 },
  { hour: 15, energy: 0.7 },
  { hour: 20, energy: 0.65 },
  { hour: 23, energy: 0.35 },
];

export const SCHEDULE_PRESETS: ReadonlyArray<{ name: string; description: string; schedule: EnergySchedule }> = [
  {
    name: 'Workday focus',
    description: 'Steady, moderate energy through working hours on weekdays; livelier weekends.',
    schedule: {
      perWeekday: true,
      everyDay: workday,
      weekdays: { monday: workday, tuesday: workday, wednesday: workday, thursday: workday, friday: workday, saturday: weekend, sunday: weekend },
      moods: { morning: ['peaceful', 'chill'], afternoon: ['chill', 'mysterious'], evening: ['happy', 'romantic'], night: ['dreamy'] },
    },
  },
  {
    name: 'Gym mornings',
    description: 'A high-energy peak for a morning workout, then an easy day.',
    schedule: {
      perWeekday: false,
      everyDay: [
        { hour: 0, energy: 0.15 },
        { hour: 6, energy: 0.6 },
        { hour: 7, energy: 0.95 },
        { hour: 9, energy: 0.8 },
        { hour: 11, energy: 0.5 },
        { hour: 18, energy: 0.5 },
        { hour: 22, energy: 0.2 },
      ],
      weekdays: null,
      moods: { morning: ['energetic', 'aggressive'], afternoon: ['happy'], evening: ['chill'], night: ['peaceful'] },
    },
  },
  {
    name: 'Wind down',
    description: 'Energy that falls gently from the afternoon into a calm night.',
    schedule: {
      perWeekday: false,
      everyDay: [
        { hour: 0, energy: 0.1 },
        { hour: 8, energy: 0.4 },
        { hour: 14, energy: 0.5 },
        { hour: 19, energy: 0.3 },
        { hour: 21, energy: 0.15 },
      ],
      weekdays: null,
      moods: { morning: ['peaceful'], afternoon: ['chill', 'nostalgic'], evening: ['dreamy', 'romantic'], night: ['peaceful', 'dreamy'] },
    },
  },
];

/** The curve's energy at a local hour: straight lines between points, wrapping from the last point of the day to the first. */
export function curveEnergy(points: readonly CurvePoint[], hour: number): number {
  if (points.length === 1) return points[0].energy;
  const after = points.findIndex((p) => p.hour > hour);
  const next = after === -1 ? points[0] : points[after];
  const prev = after === -1 ? points[points.length - 1] : after === 0 ? points[points.length - 1] : points[after - 1];
  const span = (next.hour - prev.hour + 24) % 24 || 24;
  const into = (hour - prev.hour + 24) % 24;
  return round2(prev.energy + ((next.energy - prev.energy) * into) / span);
}

export function partOfDay(hour: number): PartOfDay {
  let part: PartOfDay = 'night';
  for (const [name, start] of PART_STARTS) if (hour >= start) part = name;
  return part;
}

export interface ScheduleOverrideRule {
  id: number;
  name: string;
  energyLevel: number;
  preferredMoods: string[] | null;
  /** 'YYYY-MM-DD', local dates, both included. */
  startDate: string;
  endDate: string;
  /** 'HH:MM' daily window (local); an end at or before the start runs past midnight. */
  startTime: string | null;
  endTime: string | null;
  isActive: boolean;
}

export interface EnergyNow<R extends ScheduleOverrideRule = ScheduleOverrideRule> {
  energy: number;
  moods: string[];
  source: 'override' | 'schedule';
  override: R | null;
  /** When the override in force stops (null for the schedule). */
  until: Date | null;
  timezone: string;
  localTime: DateTime;
  partOfDay: PartOfDay;
  /** One sentence: which rule is in force and why. */
  explanation: string;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The stretch of an override that contains `local`, as [start, end) in the zone, or null. Without a
 * daily window it is startDate 00:00 to the day after endDate 00:00; with one, the window of the day
 * it started on (a window past midnight belongs to the day before).
 */
function overrideStretch(rule: ScheduleOverrideRule, local: DateTime): { end: DateTime } | null {
  const zone = local.zone;
  const day = (iso: string) => DateTime.fromISO(iso, { zone });
  const inDates = (date: DateTime) => {
    const iso = date.toISODate()!;
    return iso >= rule.startDate && iso <= rule.endDate;
  };
  if (!rule.startTime || !rule.endTime) {
    return inDates(local) ? { end: day(rule.endDate).plus({ days: 1 }).startOf('day') } : null;
  }
  const start = minutesOf(rule.startTime);
  const end = minutesOf(rule.endTime);
  const now = local.hour * 60 + local.minute;
  const at = (date: DateTime, minutes: number) => date.startOf('day').set({ hour: Math.floor(minutes / 60), minute: minutes % 60 });
  if (end > start) return now >= start && now < end && inDates(local) ? { end: at(local, end) } : null;
  // Past midnight: from start today to end tomorrow.
  if (now >= start && inDates(local)) return { end: at(local.plus({ days: 1 }), end) };
  if (now < end && inDates(local.minus({ days: 1 }))) return { end: at(local, end) };
  return null;
}

/** Overrides win over the schedule; of several in force, the newest (highest id) wins. */
export function resolveEnergy<R extends ScheduleOverrideRule>(schedule: EnergySchedule, overrides: readonly R[], timezone: string, at: Date): EnergyNow<R> {
  const localTime = DateTime.fromJSDate(at, { zone: timezone }).setLocale('en-GB');
  const hour = localTime.hour + localTime.minute / 60;
  const part = partOfDay(localTime.hour);
  const winner = [...overrides]
    .filter((rule) => rule.isActive)
    .sort((a, b) => b.id - a.id)
    .map((rule) => ({ rule, stretch: overrideStretch(rule, localTime) }))
    .find(({ stretch }) => stretch !== null);
  if (winner) {
    const { rule, stretch } = winner;
    const moods = rule.preferredMoods?.length ? rule.preferredMoods : schedule.moods[part];
    const until = stretch!.end;
    return {
      energy: rule.energyLevel,
      moods,
      source: 'override',
      override: rule,
      until: until.toJSDate(),
      timezone,
      localTime,
      partOfDay: part,
      explanation: `Override "${rule.name}" until ${describeInstant(until, localTime)}, energy ${rule.energyLevel}, moods ${describeMoods(moods)}`,
    };
  }
  const weekday = WEEKDAYS[localTime.weekday - 1];
  const curve = schedule.perWeekday && schedule.weekdays ? schedule.weekdays[weekday] : schedule.everyDay;
  const energy = curveEnergy(curve, hour);
  const moods = schedule.moods[part];
  const dayName = weekday[0].toUpperCase() + weekday.slice(1);
  return {
    energy,
    moods,
    source: 'schedule',
    override: null,
    until: null,
    timezone,
    localTime,
    partOfDay: part,
    explanation: `Schedule for ${schedule.perWeekday ? dayName : 'every day'}, ${part} at ${localTime.toFormat('HH:mm')}: energy ${energy}, moods ${describeMoods(moods)}`,
  };
}

/** 'Friday 18:00' within the coming week, 'Fri 5 Dec 18:00' beyond; midnight reads as the end of the day before. */
function describeInstant(when: DateTime, now: DateTime): string {
  const midnight = when.hour === 0 && when.minute === 0;
  const shown = midnight ? when.minus({ minutes: 1 }) : when;
  const day = shown.diff(now, 'days').days < 6 ? shown.toFormat('cccc') : shown.toFormat('ccc d LLL');
  return midnight ? `the end of ${day}` : `${day} ${shown.toFormat('HH:mm')}`;
}

function describeMoods(moods: readonly string[]): string {
  return moods.length ? moods.join(', ') : 'any';
}

const round2 = (value: number) => Math.round(value * 100) / 100;
