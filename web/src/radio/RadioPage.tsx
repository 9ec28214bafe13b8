/**
 * Radio (/radio): the active stations of the line-up in display order; play starts one. Admins see
 * every station with inline controls (active, place, songs queued, description), checked again
 * by the server.
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useSignedInUser } from '../auth/useCurrentUser';
import { hasPermission } from '../shell/permissions';
import { Spinner } from '../shell/Spinner';
import { toast } from '../ui/toastStore';
import type { RadioStationFieldsFragment, RadioStationInput } from '../gql/graphql';
import { RADIO_STATIONS_QUERY, UPDATE_RADIO_STATION_MUTATION } from './radioOperations';
import { StationCard } from './StationCard';
import { useStartStation } from './useStartStation';
import './RadioPages.css';

export function RadioPage() {
  const isAdmin = hasPermission(useSignedInUser(), 'canAccessAdmin');
  const { data, loading, error } = useQuery(RADIO_STATIONS_QUERY, { variables: { includeInactive: isAdmin }, fetchPolicy: 'cache-and-network' });
  const startStation = useStartStation();
  const stations = data?.radioStations ?? [];
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">Radio Stations</h1>
        <p className="page__status">Endless stations by genre: songs you have not heard lately come first.</p>
      </header>
      {error && !data && <p className="page__status" role="alert">Stations could not be loaded: {error.message}</p>}
      {loading && !data && <Spinner label="Loading stations" />}
      <ul className="station-grid" aria-label="Radio stations">
        {stations.map((station, index) => (
          <StationCard key={station.id} station={station} onPlay={(genre) => void startStation(genre)}>
            {isAdmin && <StationEditor station={station} place={index + 1} last={index === stations.length - 1} />}
          </StationCard>
        ))}
      </ul>
    </div>
  );
}

function StationEditor({ station, place, last }: { station: RadioStationFieldsFragment; place: number; last: boolean }) {
  const [update, { loading }] = useMutation(UPDATE_RADIO_STATION_MUTATION, { refetchQueries: [RADIO_STATIONS_QUERY] });
  const [description, setDescription] = useState(station.description ?? '');
  const [songCount, setSongCount] = useState(String(station.songCount));
  const save = async (input: RadioStationInput, done: string) => {
    try {
      await update({ variables: { id: station.id, input } });
      toast({ title: done });
    } catch (error) {
      toast({ title: 'Station not saved', description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    }
  };
  const label = `${station.genre} station`;
  return (
    <form
      className="station-editor"
      aria-label={`Edit ${label}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save({ description, songCount: Number(songCount) }, `Saved the ${label}`);
      }}
    >
      <label className="station-editor__toggle">
        <input type="checkbox" checked={station.isActive} disabled={loading} onChange={(e) => void save({ isActive: e.target.checked }, `${label} ${e.target.checked ? 'on' : 'off'} air`)} />
        Active
      </label>
      <div className="station-editor__order">
        <button type="button" className="icon-button" aria-label={`Move ${label} up`} disabled={loading || place === 1} onClick={() => void save({ displayOrder: place - 1 }, `Moved the ${label} up`)}>
          <ArrowUp aria-hidden size={16} />
        </button>
        <button type="button" className="icon-button" aria-label={`Move ${label} down`} disabled={loading || last} onClick={() => void save({ displayOrder: place + 1 }, `Moved the ${label} down`)}>
          <ArrowDown aria-hidden size={16} />
        </button>
      </div>
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
