/** A row of genre station cards for the home page; a card's play button starts its station. */
import { StationCard } from './StationCard';
import { useRadioStations } from './useRadioStations';
import { useStartStation } from './useStartStation';
import './RadioPages.css';

export function GenreStationsRow({ limit = 8 }: { limit?: number }) {
  const { data } = useRadioStations();
  const startStation = useStartStation();
  const stations = (data?.radioStations ?? []).filter((s) => s.songsAvailable > 0).slice(0, limit);
  if (stations.length === 0) return null;
  return (
    <section className="genre-stations" aria-labelledby="genre-stations-title">
      <h2 id="genre-stations-title" className="genre-stations__title">
        Genre stations
      </h2>
      <ul className="station-row" aria-label="Genre stations">
        {stations.map((station) => (
          <StationCard key={station.id} station={station} onPlay={(genre) => void startStation(genre)} />
        ))}
      </ul>
    </section>
  );
}
