/** Temporary overrides of the schedule: create, edit, turn on or off, delete. */
import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { toast } from '../ui/toastStore';
import { ChoiceChips } from '../ui/ChoiceChips';
import type { ScheduleOverrideFieldsFragment, ScheduleOverrideInput } from '../gql/graphql';
import { CREATE_OVERRIDE_MUTATION, DELETE_OVERRIDE_MUTATION, ENERGY_NOW_QUERY, MOOD_TIME_QUERY, SET_OVERRIDE_ACTIVE_MUTATION, UPDATE_OVERRIDE_MUTATION } from './moodOperations';

const today = () => new Date().toLocaleDateString('en-CA');
const EMPTY: ScheduleOverrideInput = { name: '', description: '', energyLevel: 0.3, preferredMoods: [], startDate: today(), endDate: today(), startTime: null, endTime: null };
const refetchQueries = [MOOD_TIME_QUERY, ENERGY_NOW_QUERY];

function describe(o: ScheduleOverrideFieldsFragment): string {
  const dates = o.startDate === o.endDate ? o.startDate : `${o.startDate} to ${o.endDate}`;
  const window = o.startTime && o.endTime ? `, ${o.startTime}-${o.endTime} daily` : '';
  const moods = o.preferredMoods.length ? `, moods ${o.preferredMoods.join(', ')}` : '';
  return `${dates}${window}: energy ${o.energyLevel}${moods}`;
}

export function OverridesSection({ overrides, moods }: { overrides: readonly ScheduleOverrideFieldsFragment[]; moods: readonly string[] }) {
  const [editing, setEditing] = useState<{ id: string | null; input: ScheduleOverrideInput } | null>(null);
  const [create] = useMutation(CREATE_OVERRIDE_MUTATION, { refetchQueries });
  const [update] = useMutation(UPDATE_OVERRIDE_MUTATION, { refetchQueries });
  const [setActive] = useMutation(SET_OVERRIDE_ACTIVE_MUTATION, { refetchQueries });
  const [remove] = useMutation(DELETE_OVERRIDE_MUTATION, { refetchQueries });
  const attempt = async (work: () => Promise<unknown>, failed: string, done?: string) => {
    try {
      await work();
      if (done) toast({ title: done });
      return true;
    } catch (error) {
      toast({ title: failed, description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
      return false;
    }
  };
  const submit = async () => {
    if (!editing) return;
    const { id, input } = editing;
    const sent = { ...input, startTime: input.startTime || null, endTime: input.endTime || null };
    const saved = await attempt(() => (id ? update({ variables: { id, input: sent } }) : create({ variables: { input: sent } })), 'Override not saved', `Override "${input.name}" saved`);
    if (saved) setEditing(null);
  };

  return (
    <section className="mood-overrides" aria-labelledby="overrides-title">
      <h2 id="overrides-title">Temporary overrides</h2>
      {overrides.length === 0 && <p className="mood-hint">None yet: an override sets the energy for a few days ('Exam week') over the schedule.</p>}
      <ul className="mood-overrides__list" aria-label="Overrides">
        {overrides.map((o) => (
          <li key={o.id} className="mood-override">
            <label className="mood-override__toggle">
              <input type="checkbox" checked={o.isActive} aria-label={`${o.name} active`} onChange={(e) => {
                  const isActive = e.target.checked;
                  void attempt(() => setActive({ variables: { id: o.id, isActive }, optimisticResponse: { setScheduleOverrideActive: { ...o, isActive } } }), 'Override not changed');
                }}
              />
            </label>
            <div className="mood-override__text">
              <strong>{o.name}</strong> <span className="mood-hint">{describe(o)}</span>
              {o.description && <p className="mood-hint">{o.description}</p>}
            </div>
            <button type="button" className="button" onClick={() => setEditing({ id: o.id, input: { name: o.name, description: o.description ?? '', energyLevel: o.energyLevel, preferredMoods: [...o.preferredMoods], startDate: o.startDate, endDate: o.endDate, startTime: o.startTime, endTime: o.endTime } })}>
              Edit
            </button>
            <button type="button" className="button" aria-label={`Delete ${o.name}`} onClick={() => void attempt(() => remove({ variables: { id: o.id } }), 'Override not deleted', `Override "${o.name}" deleted`)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
      {!editing && (
        <button type="button" className="button button--primary" onClick={() => setEditing({ id: null, input: { ...EMPTY, startDate: today(), endDate: today() } })}>
          New override
        </button>
      )}
      {editing && (
        <form
          className="mood-override-form"
          aria-label={editing.id ? 'Edit override' : 'New override'}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label>
            Name
            <input required maxLength={255} value={editing.input.name} onChange={(e) => setEditing({ ...editing, input: { ...editing.input, name: e.target.value } })} />
          </label>
          <label>
            Description
            <input maxLength={2000} value={editing.input.description ?? ''} onChange={(e) => setEditing({ ...editing, input: { ...editing.input, description: e.target.value } })} />
          </label>
          <label>
            Energy: {editing.input.energyLevel.toFixed(2)}
            <input type="range" min={0} max={1} step={0.05} value={editing.input.energyLevel} onChange={(e) => setEditing({ ...editing, input: { ...editing.input, energyLevel: Number(e.target.value) } })} />
          </label>
          <ChoiceChips legend="Moods" options={moods} chosen={editing.input.preferredMoods ?? []} onChange={(preferredMoods) => setEditing({ ...editing, input: { ...editing.input, preferredMoods } })} />
          <div className="mood-override-form__row">
            <label>
              From
              <input type="date" required value={editing.input.startDate} onChange={(e) => setEditing({ ...editing, input: { ...editing.input, startDate: e.target.value } })} />
            </label>
            <label>
              Until
              <input type="date" required value={editing.input.endDate} onChange={(e) => setEditing({ ...editing, input: { ...editing.input, endDate: e.target.value } })} />
            </label>
            <label>
              Daily from (optional)
              <input type="time" value={editing.input.startTime ?? ''} onChange={(e) => setEditing({ ...editing, input: { ...editing.input, startTime: e.target.value } })} />
            </label>
            <label>
              Daily until
              <input type="time" value={editing.input.endTime ?? ''} onChange={(e) => setEditing({ ...editing, input: { ...editing.input, endTime: e.target.value } })} />
            </label>
          </div>
          <div className="mood-override-form__row">
            <button type="submit" className="button button--primary">
              {editing.id ? 'Save override' : 'Create override'}
            </button>
            <button type="button" className="button" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
