/**
 * Mood & Time (/mood-curation): the energy schedule (a curve for every day or per weekday, dragged
 * on a chart, moods per part of the day, presets, time zone), temporary overrides, and the rule in
 * force right now with the reason (docs/mood-and-time.md).
 */
import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Spinner } from '../shell/Spinner';
import { toast } from '../ui/toastStore';
import type { EnergyCurvesInput } from '../gql/graphql';
import { EnergyCurveChart, type CurvePoint } from './EnergyCurveChart';
import { toCurvesInput as toInput } from './curvesInput';
import { OverridesSection } from './OverridesSection';
import { ChoiceChips } from '../ui/ChoiceChips';
import { ENERGY_NOW_QUERY, MOOD_TIME_QUERY, SAVE_ENERGY_SCHEDULE_MUTATION } from './moodOperations';
import './MoodCurationPage.css';

import { WEEKDAYS, type Weekday } from './curvesInput';
const PARTS = ['morning', 'afternoon', 'evening', 'night'] as const;
const PART_HOURS: Record<(typeof PARTS)[number], string> = { morning: '06-12', afternoon: '12-18', evening: '18-22', night: '22-06' };
const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
const capitalised = (word: string) => word[0].toUpperCase() + word.slice(1);

export function MoodCurationPage() {
  const { data, loading, error } = useQuery(MOOD_TIME_QUERY, { fetchPolicy: 'cache-and-network' });
  const now = useQuery(ENERGY_NOW_QUERY, { variables: { timezone: BROWSER_ZONE }, fetchPolicy: 'network-only', pollInterval: 60_000 });
  const [save, saving] = useMutation(SAVE_ENERGY_SCHEDULE_MUTATION, { refetchQueries: [ENERGY_NOW_QUERY] });
  const [curves, setCurves] = useState<EnergyCurvesInput | null>(null);
  const [timezone, setTimezone] = useState(BROWSER_ZONE);
  const [day, setDay] = useState<Weekday>('monday');
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    if (data && !curves) {
      setCurves(toInput(data.energySchedule.curves));
      setTimezone(data.energySchedule.timezone ?? BROWSER_ZONE);
    }
  }, [data, curves]);

  if (error && !data) return <p className="page__status" role="alert">Mood & Time could not be loaded: {error.message}</p>;
  if (loading || !data || !curves) return <Spinner label="Loading your schedule" />;

  const edit = (next: EnergyCurvesInput) => {
    setCurves(next);
    setDirty(true);
  };
  const shownCurve = curves.perWeekday && curves.weekdays ? curves.weekdays[day] : curves.everyDay;
  const setShownCurve = (points: CurvePoint[]) =>
    curves.perWeekday && curves.weekdays ? edit({ ...curves, weekdays: { ...curves.weekdays, [day]: points } }) : edit({ ...curves, everyDay: points });
  const setPerWeekday = (perWeekday: boolean) =>
    edit({ ...curves, perWeekday, weekdays: perWeekday ? (curves.weekdays ?? (Object.fromEntries(WEEKDAYS.map((d) => [d, curves.everyDay])) as Record<Weekday, CurvePoint[]>)) : curves.weekdays });
  const onSave = async () => {
    try {
      await save({ variables: { curves, timezone } });
      setDirty(false);
      toast({ title: 'Schedule saved' });
    } catch (failure) {
      toast({ title: 'Schedule not saved', description: failure instanceof Error ? failure.message : undefined, variant: 'destructive' });
    }
  };

  return (
    <div className="page mood-page">
      <header className="page__header">
        <h1 className="page__title">Mood & Time</h1>
        <p className="page__status">The energy and moods your radio and DJ aim for through the day.</p>
      </header>

      <section className="mood-now" aria-labelledby="mood-now-title">
        <h2 id="mood-now-title">In force now</h2>
        {now.data ? (
          <p className="mood-now__line" data-source={now.data.energyNow.source}>
            {now.data.energyNow.explanation}
          </p>
        ) : (
          <p className="mood-now__line">{now.error ? `Could not work it out: ${now.error.message}` : 'Working it out...'}</p>
        )}
      </section>

      <section className="mood-schedule" aria-labelledby="schedule-title">
        <h2 id="schedule-title">Energy schedule {data.energySchedule.isDefault && !dirty && <span className="mood-hint">(default: save to make it yours)</span>}</h2>
        <div className="mood-presets" role="group" aria-label="Presets">
          {data.energySchedulePresets.map((preset) => (
            <button key={preset.name} type="button" className="button" title={preset.description} onClick={() => edit(toInput(preset.curves))}>
              {preset.name}
            </button>
          ))}
        </div>
        <div className="mood-mode" role="radiogroup" aria-label="Curves">
          <label>
            <input type="radio" name="mood-mode" checked={!curves.perWeekday} onChange={() => setPerWeekday(false)} /> One curve for every day
          </label>
          <label>
            <input type="radio" name="mood-mode" checked={curves.perWeekday} onChange={() => setPerWeekday(true)} /> A curve per weekday
          </label>
        </div>
        {curves.perWeekday && (
          <div className="mood-days" role="group" aria-label="Weekday">
            {WEEKDAYS.map((weekday) => (
              <button key={weekday} type="button" className="chip" aria-pressed={weekday === day} onClick={() => setDay(weekday)}>
                {capitalised(weekday).slice(0, 3)}
              </button>
            ))}
          </div>
        )}
        <EnergyCurveChart points={shownCurve} onChange={setShownCurve} label={`Energy curve for ${curves.perWeekday ? capitalised(day) : 'every day'}`} />
        <p className="mood-hint">Drag a point (or focus it and use the arrow keys); double-click to add one, Delete removes it.</p>
        <div className="mood-parts">
          {PARTS.map((part) => (
            <ChoiceChips
              key={part}
              legend={`${capitalised(part)} (${PART_HOURS[part]})`}
              options={data.radioDials.moods}
              chosen={curves.moods[part]}
              onChange={(moods) => edit({ ...curves, moods: { ...curves.moods, [part]: moods } })}
            />
          ))}
        </div>
        <label className="mood-zone">
          Time zone
          <input value={timezone} onChange={(e) => (setTimezone(e.target.value), setDirty(true))} list="mood-zones" />
          <datalist id="mood-zones">
            {Intl.supportedValuesOf('timeZone').map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </label>
        <button type="button" className="button button--primary" disabled={saving.loading} onClick={() => void onSave()}>
          {saving.loading ? 'Saving...' : 'Save schedule'}
        </button>
      </section>

      <OverridesSection overrides={data.scheduleOverrides} moods={data.radioDials.moods} />
    </div>
  );
}
