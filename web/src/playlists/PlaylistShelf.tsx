/** The Playlists section of Your Library: a row of cover cards (the user's playlists) and 'New playlist'. */
import { useQuery } from '@apollo/client/react';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { PlaylistCover } from './PlaylistCover';
import { PLAYLISTS_QUERY } from './playlistOperations';
import { songCountLabel } from './playlistFormat';
import { useStartNewPlaylist } from './useStartNewPlaylist';
import '../ui/cardRow.css';
import './PlaylistShelf.css';

export function PlaylistShelf() {
  const { data } = useQuery(PLAYLISTS_QUERY);
  const startNew = useStartNewPlaylist();
  const playlists = data?.playlists ?? [];
  return (
    <section className="playlist-shelf" aria-labelledby="library-playlists-heading">
      <div className="playlist-shelf__header">
        <h2 id="library-playlists-heading" className="playlist-shelf__heading">
          Playlists
        </h2>
        <button type="button" className="page__button" onClick={() => void startNew()}>
          <Plus aria-hidden size={16} />
          New playlist
        </button>
      </div>
      {playlists.length === 0 ? (
        <p className="page__empty">No playlists yet. Start one here, or pick "Add to playlist" in the ⋯ menu of any song.</p>
      ) : (
        <ul className="card-row" aria-label="Your playlists">
          {playlists.map((playlist) => (
            <li key={playlist.id}>
              <Link to={`/playlists/${playlist.id}`} className="playlist-card">
                <PlaylistCover name={playlist.name} coverUrls={playlist.coverUrls} size={148} />
                <span className="playlist-card__name">{playlist.name}</span>
                <span className="playlist-card__meta">{songCountLabel(playlist.songCount)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
