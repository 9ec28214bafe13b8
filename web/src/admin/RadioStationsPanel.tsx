import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { toast } from '../ui/toastStore';
import type { RadioStationFieldsFragment, RadioStationInput } from '../gql/graphql';
import { CREATE_RADIO_STATION_MUTATION, RADIO_DIALS_QUERY, RADIO_STATIONS_QUERY, UPDATE_RADIO_STATION_MUTATION } from '../radio/radioOperations';
import { runAdminAction } from './adminAction';
import { OrderButtons } from './controls';

/**
 * The radio line-up (SPEC 3 radio_stations), edited here only: every station, active or not, with
 * its mood, songs queued, description and place; new stations for genres without one.
 */
export function RadioStationsPanel() {
  const { data, error } = useQuery(RADIO_STATIONS_QUERY, { variables: { includeInactive: true }, fetchPolicy: 'cache-and-network' });
  const dials = useQuery(RADIO_DIALS_QUERY);
  const stations = data?.radioStations ?? [];
  const moods = dials.data?.radioDials.moods ?? [];
  return (
    <div className="admin__stations">
      {error && <p role="alert">{error.message}</p>}
      <NewStationForm moods={moods} genres={(dials.data?.radioDials.genres ?? []).filter((g) => !stations.some((s) => s.genre === g))} />
      <ul className="admin__cards" aria-label="Radio line-up">
        {stations.map((station, index) => (
          <li key={station.id} className="admin__card" aria-label={`${station.genre} station`}>
            <StationEditor station={station} moods={moods} place={index + 1} last={index === stations.length - 1} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function NewStationForm({ moods, genres }: { moods: readonly string[]; genres: readonly string[] }) {
  const [create, { loading }] = useMutation(CREATE_RADIO_STATION_MUTATION, { refetchQueries: [RADIO_STATIONS_QUERY] });
  const [genre, setGenre] = useState('');
  const [mood, setMood] = useState('');
  return (
    <form
      className="station-editor"
      aria-label="New station"
      onSubmit={(event) => {
        event.preventDefault();
        void runAdminAction(() => create({ variables: { input: { genre, mood } } }), 'Station not created').then((ok) => ok && toast({ title: `Created the ${genre} station` }));
      }}
    >
      <label className="station-editor__field">
        Genre
        <input list="station-genres" required maxLength={100} value={genre} onChange={(e) => setGenre(e.target.value)} />
        <datalist id="station-genres">
          {genres.map((g) => (
            <option key={g} value={g} />
          ))}
        </datalist>
      </label>
      <label className="station-editor__field">
        Mood
        <select required value={mood} onChange={(e) => setMood(e.target.value)}>
          <option value="">Choose…</option>
          {moods.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button" disabled={loading}>
        Add station
      </button>
    </form>
  );
}

function StationEditor({ station, moods, place, last }: { station: RadioStationFieldsFragment; moods: readonly string[]; place: number; last: boolean }) {
  const [update, { loading }] = useMutation(UPDATE_RADIO_STATION_MUTATION, { refetchQueries: [RADIO_STATIONS_QUERY] });
  const [description, setDescription] = useState(station.description ?? '');
  const [songCount, setSongCount] = useState(String(station.songCount));
  const [mood, setMood] = useState(station.mood);
  const save = async (input: RadioStationInput, done: string) => {
    if (await runAdminAction(() => update({ variables: { id: station.id, input } }), 'Station not saved')) toast({ title: done });
  };
  const label = `${station.genre} station`;
  return (
    <form
      className="station-editor"
      aria-label={`Edit ${label}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save({ mood, description, songCount: Number(songCount) }, `Saved the ${label}`);
      }}
    >
      <strong className="station-editor__name">
        {place}. {station.genre} · {station.songsAvailable} songs
      </strong>
      <label className="station-editor__toggle">
        <input type="checkbox" checked={station.isActive} disabled={loading} onChange={(e) => void save({ isActive: e.target.checked }, `${label} ${e.target.checked ? 'on' : 'off'} air`)} />
        Active
      </label>
      <OrderButtons label={label} place={place} last={last} disabled={loading} onMove={(displayOrder, done) => void save({ displayOrder }, done)} />
      <label className="station-editor__field">
        Mood
        <select value={mood} onChange={(e) => setMood(e.target.value)}>
          {[...new Set([station.mood, ...moods])].map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      <label className="station-editor__field">
        Songs queued
        <input type="number" min={1} max={20} value={songCount} onChange={(e) => setSongCount(e.target.value)} />
      </label>
      <label className="station-editor__field station-editor__field--wide">
        Description
        <textarea rows={2} maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <button type="submit" className="button" disabled={loading}>
        Save
      </button>
    </form>
  );
}
