import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { DateTimeISOResolver } from 'graphql-scalars';

@ObjectType('CurvePoint')
@InputType('CurvePointInput')
export class CurvePointView {
  @Field(() => Float, { description: 'Local hour, 0 to under 24 (7.5 is 07:30).' }) hour!: number;
  @Field(() => Float, { description: '0 to 1.' }) energy!: number;
}

@ObjectType('WeekdayCurves')
@InputType('WeekdayCurvesInput')
export class WeekdayCurvesView {
  @Field(() => [CurvePointView]) monday!: CurvePointView[];
  @Field(() => [CurvePointView]) tuesday!: CurvePointView[];
  @Field(() => [CurvePointView]) wednesday!: CurvePointView[];
  @Field(() => [CurvePointView]) thursday!: CurvePointView[];
  @Field(() => [CurvePointView]) friday!: CurvePointView[];
  @Field(() => [CurvePointView]) saturday!: CurvePointView[];
  @Field(() => [CurvePointView]) sunday!: CurvePointView[];
}

@ObjectType('PartOfDayMoods', { description: 'Preferred moods for morning (06-12), afternoon (12-18), evening (18-22) and night (22-06).' })
@InputType('PartOfDayMoodsInput')
export class PartOfDayMoodsView {
  @Field(() => [String]) morning!: string[];
  @Field(() => [String]) afternoon!: string[];
  @Field(() => [String]) evening!: string[];
  @Field(() => [String]) night!: string[];
}

@ObjectType('EnergyCurves', { description: 'A 24-hour energy curve for every day, or one per weekday, and moods per part of the day.' })
@InputType('EnergyCurvesInput')
export class EnergyCurvesView {
  @Field(() => Boolean) perWeekday!: boolean;
  @Field(() => [CurvePointView], { description: 'Used for every day unless perWeekday.' }) everyDay!: CurvePointView[];
  @Field(() => WeekdayCurvesView, { nullable: true, description: 'Required when perWeekday.' }) weekdays!: WeekdayCurvesView | null;
  @Field(() => PartOfDayMoodsView) moods!: PartOfDayMoodsView;
}

@ObjectType('EnergySchedule')
export class EnergyScheduleView {
  @Field(() => EnergyCurvesView) curves!: EnergyCurvesView;
  @Field(() => String, { nullable: true, description: 'IANA zone; null until saved (the browser supplies its own).' }) timezone!: string | null;
  @Field(() => Boolean, { description: 'True until the user saves a schedule of their own.' }) isDefault!: boolean;
}

@ObjectType('EnergySchedulePreset')
export class EnergySchedulePresetView {
  @Field(() => ID) id!: number;
  @Field(() => Int, { description: '1-based place among the presets.' }) displayOrder!: number;
  @Field(() => String) name!: string;
  @Field(() => String) description!: string;
  @Field(() => EnergyCurvesView) curves!: EnergyCurvesView;
}

@InputType('EnergySchedulePresetInput', { description: 'An admin edit of a preset; omitted fields stay as they are (all but displayOrder are required to create one).' })
export class EnergySchedulePresetInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => EnergyCurvesView, { nullable: true }) curves?: EnergyCurvesView | null;
  @Field(() => Int, { nullable: true, description: '1-based place; the others move to make room.' }) displayOrder?: number | null;
}

@ObjectType('ScheduleOverride')
export class ScheduleOverrideView {
  @Field(() => ID) id!: number;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) description!: string | null;
  @Field(() => Float) energyLevel!: number;
  @Field(() => [String]) preferredMoods!: string[];
  @Field(() => String, { description: 'YYYY-MM-DD, local.' }) startDate!: string;
  @Field(() => String, { description: 'YYYY-MM-DD, local, included.' }) endDate!: string;
  @Field(() => String, { nullable: true, description: 'HH:MM daily window start, local.' }) startTime!: string | null;
  @Field(() => String, { nullable: true, description: 'HH:MM daily window end; at or before startTime runs past midnight.' }) endTime!: string | null;
  @Field(() => Boolean) isActive!: boolean;
  @Field(() => DateTimeISOResolver) createdAt!: Date;
}

@InputType()
export class ScheduleOverrideInput {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => Float) energyLevel!: number;
  @Field(() => [String], { nullable: true }) preferredMoods?: string[] | null;
  @Field(() => String) startDate!: string;
  @Field(() => String) endDate!: string;
  @Field(() => String, { nullable: true }) startTime?: string | null;
  @Field(() => String, { nullable: true }) endTime?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Default true on creation; unchanged on update when omitted.' }) isActive?: boolean | null;
}

@ObjectType('EnergyNow', { description: 'What Mood & Time asks for at an instant, and why.' })
export class EnergyNowView {
  @Field(() => Float) energy!: number;
  @Field(() => [String]) moods!: string[];
  @Field(() => String, { description: "'override' or 'schedule'." }) source!: string;
  @Field(() => ScheduleOverrideView, { nullable: true }) override!: ScheduleOverrideView | null;
  @Field(() => DateTimeISOResolver, { nullable: true, description: 'When the override in force ends.' }) until!: Date | null;
  @Field(() => String) timezone!: string;
  @Field(() => String, { description: "Local wall-clock time, e.g. '2026-03-29T03:30'." }) localTime!: string;
  @Field(() => String) partOfDay!: string;
  @Field(() => String) explanation!: string;
}
