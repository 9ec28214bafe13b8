/**
 * Radio (/radio): the active stations of the line-up in display order; play starts one. Admins edit
 * the line-up in the Admin Panel (Radio stations), the one place for it; this page links there.
 */
import { Link } from 'react-router';
import { useSignedInUser } from '../auth/useCurrentUser';
import { hasPermission } from '../shell/permissions';
import { Spinner } from '../shell/Spinner';
import { StationCard } from './StationCard';
import { useRadioStations } from './useRadioStations';
import { useStartStation } from './useStartStation';
import './RadioPages.css';

export function RadioPage() {
  const isAdmin = hasPermission(useSignedInUser(), 'canAccessAdmin');
  const { data, loading, error } = useRadioStations('cache-and-network');
  const startStation = useStartStation();
  const stations = data?.radioStations ?? [];
  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">Radio Stations</h1>
        <p className="page__status">Endless stations by genre: songs you have not heard lately come first.</p>
        {isAdmin && (
          <p className="page__status">
            <Link to="/admin?section=radio">Edit the stations in the Admin Panel</Link>
          </p>
        )}
      </header>
      {error && !data && <p className="page__status" role="alert">Stations could not be loaded: {error.message}</p>}
      {loading && !data && <Spinner label="Loading stations" />}
      <ul className="station-grid" aria-label="Radio stations">
        {stations.map((station) => (
          <StationCard key={station.id} station={station} onPlay={(genre) => void startStation(genre)} />
        ))}
      </ul>
    </div>
  );
}
