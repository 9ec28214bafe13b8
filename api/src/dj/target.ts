import { resolveEnergy, type EnergyNow, type EnergySchedule, type PartOfDay, type ScheduleOverrideRule } from '../schedules/energy-schedule.js';
import { PLAN_HORIZON_SECONDS, type TargetAt } from './planner.js';

/** The target is sampled this often (minutes) for planning and the studio's chart. */
const TARGET_STEP_MINUTES = 2;
/** Sampled this far past the horizon, for the last song's middle. */
const MARGIN_MINUTES = 30;

export interface TargetTimeline {
  /** What is in force at the start (its explanation is the studio's 'Following: ...'). */
  now: EnergyNow;
  /** The target `seconds` after the start: energy interpolated between samples, moods and part of day of the nearest. */
  at: (seconds: number) => TargetAt & { partOfDay: PartOfDay };
  /** The target over the horizon, one point every TARGET_STEP_MINUTES. */
  curve: Array<{ minutes: number; energy: number }>;
}

/** What Mood & Time asks for over the coming hour from `startMs`: overrides over the schedule, in `zone`, DST-correct. */
export function targetTimeline(schedule: EnergySchedule, overrides: readonly ScheduleOverrideRule[], zone: string, startMs: number): TargetTimeline {
  const samples: EnergyNow[] = [];
  for (let minutes = 0; minutes <= PLAN_HORIZON_SECONDS / 60 + MARGIN_MINUTES; minutes += TARGET_STEP_MINUTES) {
    samples.push(resolveEnergy(schedule, overrides, zone, new Date(startMs + minutes * 60_000)));
  }
  const at = (seconds: number) => {
    const position = Math.max(0, seconds / 60 / TARGET_STEP_MINUTES);
    const i = Math.min(samples.length - 2, Math.floor(position));
    const frac = Math.min(1, position - i);
    const nearest = samples[frac < 0.5 ? i : i + 1];
    const energy = samples[i].energy + (samples[i + 1].energy - samples[i].energy) * frac;
    return { energy: Math.round(energy * 1000) / 1000, moods: nearest.moods, partOfDay: nearest.partOfDay };
  };
  const curve = samples.filter((_, i) => i * TARGET_STEP_MINUTES <= PLAN_HORIZON_SECONDS / 60).map((s, i) => ({ minutes: i * TARGET_STEP_MINUTES, energy: s.energy }));
  return { now: samples[0], at, curve };
}
