import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@apollo/client/react';
import { toast } from '../ui/toastStore';
import type { EnergySchedulePresetInput, EnergySchedulePresetsQuery } from '../gql/graphql';
import {
  CREATE_ENERGY_SCHEDULE_PRESET_MUTATION,
  DELETE_ENERGY_SCHEDULE_PRESET_MUTATION,
  ENERGY_SCHEDULE_PRESETS_QUERY,
  MOOD_TIME_QUERY,
  UPDATE_ENERGY_SCHEDULE_PRESET_MUTATION,
} from '../mood/moodOperations';
import { toCurvesInput } from '../mood/curvesInput';
import { runAdminAction } from './adminAction';
import { OrderButtons } from './controls';

type Preset = EnergySchedulePresetsQuery['energySchedulePresets'][number];
type Curves = EnergySchedulePresetsQuery['energySchedule']['curves'];
const REFETCH = { refetchQueries: [ENERGY_SCHEDULE_PRESETS_QUERY, MOOD_TIME_QUERY] };

/** A one-line summary of a preset's curve: its lowest and highest energy and the hour of the peak. */
function curveSummary(curves: Curves): string {
  const points = curves.perWeekday && curves.weekdays ? curves.weekdays.monday : curves.everyDay;
  const peak = points.reduce((best, p) => (p.energy > best.energy ? p : best), points[0]);
  const low = Math.min(...points.map((p) => p.energy));
  return `${curves.perWeekday ? 'per weekday (Monday shown)' : 'every day'}: energy ${low.toFixed(2)}–${peak.energy.toFixed(2)}, peak at ${peak.hour}:00`;
}

/**
 * The Mood & Time presets users start from: name, description, place, and curves taken from the
 * admin's own schedule (designed with the full editor on /mood-curation).
 */
export function MoodPresetsPanel() {
  const { data, error } = useQuery(ENERGY_SCHEDULE_PRESETS_QUERY, { fetchPolicy: 'cache-and-network' });
  const presets = data?.energySchedulePresets ?? [];
  const mine = data?.energySchedule.curves ?? null;
  return (
    <div className="admin__presets">
      <p className="admin__muted">
        Curves come from your own schedule: shape it on <Link to="/mood-curation">Mood &amp; Time</Link>, then use it for a preset here. Your schedule now: {mine ? curveSummary(mine) : '…'}
      </p>
      {error && <p role="alert">{error.message}</p>}
      {mine && <NewPresetForm curves={mine} />}
      <ul className="admin__cards" aria-label="Mood and Time presets">
        {presets.map((preset, index) => (
          <li key={preset.id} className="admin__card" aria-label={`${preset.name} preset`}>
            <PresetEditor preset={preset} mine={mine} last={index === presets.length - 1} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A preset's name and description inputs (new and existing presets alike). */
function PresetTextFields({ name, description, onName, onDescription }: { name: string; description: string; onName: (name: string) => void; onDescription: (description: string) => void }) {
  return (
    <>
      <label className="station-editor__field">
        Name
        <input required maxLength={100} value={name} onChange={(e) => onName(e.target.value)} />
      </label>
      <label className="station-editor__field station-editor__field--wide">
        Description
        <textarea required rows={2} maxLength={500} value={description} onChange={(e) => onDescription(e.target.value)} />
      </label>
    </>
  );
}

function NewPresetForm({ curves }: { curves: Curves }) {
  const [create, { loading }] = useMutation(CREATE_ENERGY_SCHEDULE_PRESET_MUTATION, REFETCH);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  return (
    <form
      className="station-editor"
      aria-label="New preset"
      onSubmit={(event) => {
        event.preventDefault();
        void runAdminAction(() => create({ variables: { input: { name, description, curves: toCurvesInput(curves) } } }), 'Preset not created').then((ok) => {
          if (!ok) return;
          toast({ title: `Created the preset ${name}` });
          setName('');
          setDescription('');
        });
      }}
    >
      <PresetTextFields name={name} description={description} onName={setName} onDescription={setDescription} />
      <button type="submit" className="button" disabled={loading}>
        Add preset from my schedule
      </button>
    </form>
  );
}

function PresetEditor({ preset, mine, last }: { preset: Preset; mine: Curves | null; last: boolean }) {
  const [update, { loading }] = useMutation(UPDATE_ENERGY_SCHEDULE_PRESET_MUTATION, REFETCH);
  const [remove] = useMutation(DELETE_ENERGY_SCHEDULE_PRESET_MUTATION, REFETCH);
  const [name, setName] = useState(preset.name);
  const [description, setDescription] = useState(preset.description);
  const label = `${preset.name} preset`;
  const save = async (input: EnergySchedulePresetInput, done: string) => {
    if (await runAdminAction(() => update({ variables: { id: preset.id, input } }), 'Preset not saved')) toast({ title: done });
  };
  return (
    <form
      className="station-editor"
      aria-label={`Edit ${label}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save({ name, description }, `Saved the ${name} preset`);
      }}
    >
      <strong className="station-editor__name">
        {preset.displayOrder}. {curveSummary(preset.curves)}
      </strong>
      <OrderButtons label={label} place={preset.displayOrder} last={last} disabled={loading} onMove={(displayOrder, done) => void save({ displayOrder }, done)} />
      <PresetTextFields name={name} description={description} onName={setName} onDescription={setDescription} />
      <button type="submit" className="button" disabled={loading}>
        Save
      </button>
      <button type="button" className="button" disabled={loading || !mine} onClick={() => mine && void save({ curves: toCurvesInput(mine) }, `${preset.name} now uses your schedule`)}>
        Use my schedule
      </button>
      <button
        type="button"
        className="button"
        disabled={loading}
        onClick={() => void runAdminAction(() => remove({ variables: { id: preset.id } }), 'Preset not deleted').then((ok) => ok && toast({ title: `Deleted the ${preset.name} preset` }))}
      >
        Delete
      </button>
    </form>
  );
}
