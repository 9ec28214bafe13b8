/** One radio station: its genre art, mood and description, and a play button that starts it. */
import { Play, Radio } from 'lucide-react';
import type { RadioStationFieldsFragment } from '../gql/graphql';
import { useRadioGenre } from '../player/PlayerProvider';

export function StationCard({ station, onPlay }: { station: RadioStationFieldsFragment; onPlay: (genre: string) => void }) {
  const onAir = useRadioGenre() === station.genre;
  const empty = station.songsAvailable === 0;
  const making = station.songsInMaking;
  return (
    <li className={`station-card${onAir ? ' station-card--on-air' : ''}`} aria-label={`${station.genre} station`}>
      <div className="station-card__art" style={station.artUrl ? { backgroundImage: `url(${station.artUrl})` } : undefined}>
        {!station.artUrl && <Radio aria-hidden size={36} />}
        <button
          type="button"
          className="station-card__play"
          onClick={() => onPlay(station.genre)}
          disabled={empty}
          aria-label={`Play ${station.genre} radio`}
          title={empty ? (making > 0 ? 'Its first songs are being made' : 'No songs on this station yet') : `Play ${station.genre} radio`}
        >
          <Play aria-hidden size={22} />
        </button>
      </div>
      <div className="station-card__body">
        <h3 className="station-card__genre">{station.genre}</h3>
        <p className="station-card__meta">
          {station.mood} · {station.songsAvailable === 1 ? '1 song' : `${station.songsAvailable} songs`}
          {onAir && <span className="station-card__on-air"> · On air</span>}
        </p>
        {making > 0 && (
          <p className="station-card__making" role="status">
            {making === 1 ? 'Making a new song for you' : `Making ${making} new songs for you`}
          </p>
        )}
        {station.description && <p className="station-card__description">{station.description}</p>}
      </div>
    </li>
  );
}
