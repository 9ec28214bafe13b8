import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import { requireUser, type GraphQLContext } from '../graphql/context.js';
import type { TemporaryScheduleOverride } from './temporary-schedule-override.entity.js';
import type { EnergyNow } from './energy-schedule.js';
import type { EnergySchedulePreset } from './energy-schedule-preset.entity.js';
import type { StoredSchedule } from './schedules.service.js';
import { EnergyCurvesView, EnergyNowView, EnergySchedulePresetInput, EnergySchedulePresetView, EnergyScheduleView, ScheduleOverrideInput, ScheduleOverrideView } from './schedules.view.js';

@Resolver()
export class SchedulesResolver {
  @Query(() => EnergyScheduleView, { description: "The signed-in user's energy schedule (a default one until saved)." })
  async energySchedule(@Ctx() ctx: GraphQLContext): Promise<EnergyScheduleView> {
    return toScheduleView(await ctx.services.schedules.getSchedule(ctx.em, requireUser(ctx)));
  }

  @Query(() => [EnergySchedulePresetView], { description: "Ready-made schedules users start from, in order (seeded: 'Workday focus', 'Gym mornings', 'Wind down'; admins edit them)." })
  async energySchedulePresets(@Ctx() ctx: GraphQLContext): Promise<EnergySchedulePresetView[]> {
    requireUser(ctx);
    return (await ctx.services.schedulePresets.list(ctx.em)).map(toPresetView);
  }

  @Mutation(() => EnergySchedulePresetView, { description: 'Admins: a new Mood & Time preset.' })
  async createEnergySchedulePreset(@Arg('input', () => EnergySchedulePresetInput) input: EnergySchedulePresetInput, @Ctx() ctx: GraphQLContext): Promise<EnergySchedulePresetView> {
    return toPresetView(await ctx.services.schedulePresets.create(ctx.em, requireUser(ctx), presetFields(input)));
  }

  @Mutation(() => EnergySchedulePresetView, { description: "Admins: a preset's name, description, curves or place." })
  async updateEnergySchedulePreset(@Arg('id', () => ID) id: string, @Arg('input', () => EnergySchedulePresetInput) input: EnergySchedulePresetInput, @Ctx() ctx: GraphQLContext): Promise<EnergySchedulePresetView> {
    return toPresetView(await ctx.services.schedulePresets.update(ctx.em, requireUser(ctx), id, presetFields(input)));
  }

  @Mutation(() => Boolean, { description: 'Admins: removes a preset (users keep schedules they made from it).' })
  async deleteEnergySchedulePreset(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.services.schedulePresets.delete(ctx.em, requireUser(ctx), id);
  }

  @Mutation(() => EnergyScheduleView, { description: 'Saves the energy schedule and time zone.' })
  async saveEnergySchedule(
    @Arg('curves', () => EnergyCurvesView) curves: EnergyCurvesView,
    @Arg('timezone', () => String, { nullable: true }) timezone: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<EnergyScheduleView> {
    return toScheduleView(await ctx.services.schedules.saveSchedule(ctx.em, requireUser(ctx), { schedule: curves, timezone }));
  }

  @Query(() => [ScheduleOverrideView], { description: "The signed-in user's temporary overrides, by start date." })
  async scheduleOverrides(@Ctx() ctx: GraphQLContext): Promise<ScheduleOverrideView[]> {
    return (await ctx.services.schedules.listOverrides(ctx.em, requireUser(ctx))).map(toOverrideView);
  }

  @Mutation(() => ScheduleOverrideView)
  async createScheduleOverride(@Arg('input', () => ScheduleOverrideInput) input: ScheduleOverrideInput, @Ctx() ctx: GraphQLContext): Promise<ScheduleOverrideView> {
    return toOverrideView(await ctx.services.schedules.createOverride(ctx.em, requireUser(ctx), { ...input }));
  }

  @Mutation(() => ScheduleOverrideView)
  async updateScheduleOverride(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => ScheduleOverrideInput) input: ScheduleOverrideInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ScheduleOverrideView> {
    return toOverrideView(await ctx.services.schedules.updateOverride(ctx.em, requireUser(ctx), id, { ...input }));
  }

  @Mutation(() => ScheduleOverrideView, { description: 'Turns an override on or off without deleting it.' })
  async setScheduleOverrideActive(@Arg('id', () => ID) id: string, @Arg('isActive', () => Boolean) isActive: boolean, @Ctx() ctx: GraphQLContext): Promise<ScheduleOverrideView> {
    return toOverrideView(await ctx.services.schedules.setOverrideActive(ctx.em, requireUser(ctx), id, isActive));
  }

  @Mutation(() => Boolean)
  deleteScheduleOverride(@Arg('id', () => ID) id: string, @Ctx() ctx: GraphQLContext): Promise<boolean> {
    return ctx.services.schedules.deleteOverride(ctx.em, requireUser(ctx), id);
  }

  @Query(() => EnergyNowView, { description: "Target energy and moods at an instant (default now) in the user's time zone: overrides over the schedule." })
  async energyNow(
    @Arg('at', () => DateTimeISOResolver, { nullable: true }) at: Date | null,
    @Arg('timezone', () => String, { nullable: true, description: "Used when the user has saved no zone (the browser's)." }) timezone: string | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<EnergyNowView> {
    return toEnergyNowView(await ctx.services.schedules.energyNow(ctx.em, requireUser(ctx), { at, timezone }));
  }
}

/** GraphQL's input as the service reads it: omitted (null) fields left out, the curves as the schedule. */
function presetFields({ name, description, curves, displayOrder }: EnergySchedulePresetInput): Record<string, unknown> {
  return Object.fromEntries(Object.entries({ name, description, schedule: curves, displayOrder }).filter(([, value]) => value != null));
}

function toPresetView(preset: EnergySchedulePreset): EnergySchedulePresetView {
  return { id: preset.id, displayOrder: preset.displayOrder, name: preset.name, description: preset.description, curves: preset.schedule };
}

function toScheduleView({ schedule, timezone, isDefault }: StoredSchedule): EnergyScheduleView {
  return { curves: schedule, timezone, isDefault };
}

function toOverrideView(row: TemporaryScheduleOverride): ScheduleOverrideView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    energyLevel: row.energyLevel,
    preferredMoods: row.preferredMoods ?? [],
    startDate: row.startDate,
    endDate: row.endDate,
    startTime: row.startTime,
    endTime: row.endTime,
    isActive: row.isActive,
    createdAt: row.createdAt,
  };
}

function toEnergyNowView(now: EnergyNow<TemporaryScheduleOverride>): EnergyNowView {
  return {
    energy: now.energy,
    moods: now.moods,
    source: now.source,
    override: now.override ? toOverrideView(now.override) : null,
    until: now.until,
    timezone: now.timezone,
    localTime: now.localTime.toFormat("yyyy-LL-dd'T'HH:mm"),
    partOfDay: now.partOfDay,
    explanation: now.explanation,
  };
}
