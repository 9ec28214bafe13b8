import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';
import type { CostModel } from './cost-model.js';
import type { UsageBreakdown, UsageTotals } from './usage.service.js';

@ObjectType('CostModel', { description: 'Prices (US dollars) that turn usage into money (docs/generation.md).' })
export class CostModelView {
  @Field(() => Float) cpuSecondPrice!: number;
  @Field(() => Float) gbMonthPrice!: number;
  @Field(() => String, { description: "'admin' or 'environment'" }) source!: string;
}

@ObjectType('UsageTotals')
export class UsageTotalsView {
  @Field(() => Int) generations!: number;
  @Field(() => Float) audioSeconds!: number;
  @Field(() => Float) cpuSeconds!: number;
  @Field(() => Float) wallSeconds!: number;
  @Field(() => Float) queueWaitSeconds!: number;
  @Field(() => Int) retries!: number;
  @Field(() => Float, { description: 'Media bytes of these generations.' }) storageBytes!: number;
  @Field(() => Float) cost!: number;
}

@ObjectType('UsageDay')
export class UsageDayView {
  @Field(() => String, { description: 'YYYY-MM-DD in the viewer’s timezone.' }) date!: string;
  @Field(() => Int) generations!: number;
  @Field(() => Float) cpuSeconds!: number;
  @Field(() => Float) cost!: number;
}

@ObjectType('UsageStage')
export class UsageStageView {
  @Field(() => String, { description: 'Pipeline step id (plan, lyrics, compose, render, master, encode, art).' }) stage!: string;
  @Field(() => Float) cpuSeconds!: number;
  @Field(() => Float) cost!: number;
}

@ObjectType('UsageGenre')
export class UsageGenreView {
  @Field(() => String) genre!: string;
  @Field(() => Int) generations!: number;
  @Field(() => Float) cpuSeconds!: number;
  @Field(() => Float) cost!: number;
}

@ObjectType('UsageSong')
export class UsageSongView {
  @Field(() => ID) requestId!: string;
  @Field(() => String, { nullable: true }) songId!: string | null;
  @Field(() => String, { nullable: true }) title!: string | null;
  @Field(() => String, { nullable: true }) genre!: string | null;
  @Field(() => String) username!: string;
  @Field(() => DateTimeISOResolver) createdAt!: Date;
  @Field(() => Float) cpuSeconds!: number;
  @Field(() => Float) storageBytes!: number;
  @Field(() => Float) cost!: number;
}

@ObjectType('UsageStorage')
export class UsageStorageView {
  @Field(() => Float, { description: 'Media bytes stored now.' }) bytes!: number;
  @Field(() => Float, { description: 'What a month of it costs.' }) monthlyCost!: number;
}

@ObjectType('UserUsage')
export class UserUsageView extends UsageTotalsView {
  @Field(() => ID) userId!: string;
  @Field(() => String) username!: string;
}

@ObjectType('UsageBreakdown')
export class UsageBreakdownView {
  @Field(() => String, { description: 'YYYY-MM' }) month!: string;
  @Field(() => String) timezone!: string;
  @Field(() => [String], { description: 'Months with usage, newest first (and the one shown).' }) months!: string[];
  @Field(() => Boolean) allUsers!: boolean;
  @Field(() => CostModelView) costModel!: CostModelView;
  @Field(() => UsageTotalsView) totals!: UsageTotalsView;
  @Field(() => [UsageDayView]) days!: UsageDayView[];
  @Field(() => [UsageStageView]) stages!: UsageStageView[];
  @Field(() => [UsageGenreView]) genres!: UsageGenreView[];
  @Field(() => [UsageSongView], { description: 'The most expensive generations of the month.' }) topSongs!: UsageSongView[];
  @Field(() => UsageStorageView) storage!: UsageStorageView;
  @Field(() => [UserUsageView], { description: 'Per user, most expensive first (all users only).' }) users!: UserUsageView[];
}

@InputType()
export class CostModelInput {
  @Field(() => Float, { nullable: true, description: 'null: the environment’s price.' }) cpuSecondPrice!: number | null;
  @Field(() => Float, { nullable: true, description: 'null: the environment’s price.' }) gbMonthPrice!: number | null;
}

export const toCostModelView = (model: CostModel): CostModelView => Object.assign(new CostModelView(), model);

const totalsView = (totals: UsageTotals): UsageTotalsView => Object.assign(new UsageTotalsView(), totals);

export function toUsageBreakdownView(usage: UsageBreakdown): UsageBreakdownView {
  return Object.assign(new UsageBreakdownView(), {
    month: usage.month,
    timezone: usage.timezone,
    months: usage.months,
    allUsers: usage.allUsers,
    costModel: toCostModelView(usage.costModel),
    totals: totalsView(usage.totals),
    days: usage.days.map((day) => Object.assign(new UsageDayView(), day)),
    stages: usage.stages.map((stage) => Object.assign(new UsageStageView(), stage)),
    genres: usage.genres.map((genre) => Object.assign(new UsageGenreView(), genre)),
    topSongs: usage.topSongs.map((song) => Object.assign(new UsageSongView(), { ...song, requestId: String(song.requestId) })),
    storage: Object.assign(new UsageStorageView(), usage.storage),
    users: usage.users.map((user) => Object.assign(new UserUsageView(), { ...user, userId: String(user.userId) })),
  });
}
