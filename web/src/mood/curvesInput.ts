import type { EnergyCurvesFieldsFragment, EnergyCurvesInput } from '../gql/graphql';
import type { CurvePoint } from './EnergyCurveChart';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The GraphQL answer without __typename, as the save mutations take it. */
export function toCurvesInput(curves: EnergyCurvesFieldsFragment): EnergyCurvesInput {
  const points = (list: readonly CurvePoint[]) => list.map(({ hour, energy }) => ({ hour, energy }));
  return {
    perWeekday: curves.perWeekday,
    everyDay: points(curves.everyDay),
    weekdays: curves.weekdays ? (Object.fromEntries(WEEKDAYS.map((day) => [day, points(curves.weekdays![day])])) as Record<Weekday, CurvePoint[]>) : null,
    moods: { morning: [...curves.moods.morning], afternoon: [...curves.moods.afternoon], evening: [...curves.moods.evening], night: [...curves.moods.night] },
  };
}
