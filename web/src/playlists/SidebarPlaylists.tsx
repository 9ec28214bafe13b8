/** The sidebar's Playlists section (under Library): the user's playlists and a button that starts a new one. */
import { useQuery } from '@apollo/client/react';
import { Plus } from 'lucide-react';
import { NavLink } from 'react-router';
import { PlaylistCover } from './PlaylistCover';
import { PLAYLISTS_QUERY } from './playlistOperations';
import { useStartNewPlaylist } from './useStartNewPlaylist';
import './SidebarPlaylists.css';

export function SidebarPlaylists({ onNavigate }: { onNavigate?: () => void }) {
  const { data } = useQuery(PLAYLISTS_QUERY);
  const startNew = useStartNewPlaylist();
  const playlists = data?.playlists ?? [];
  return (
    <section className="sidebar__section sidebar-playlists" aria-labelledby="sidebar-playlists-heading">
      <div className="sidebar-playlists__header">
        <h2 id="sidebar-playlists-heading" className="sidebar__heading">
          Playlists
        </h2>
        <button
          type="button"
          className="icon-button sidebar-playlists__new"
          aria-label="New playlist"
          title="New playlist"
          onClick={() => void startNew().then(() => onNavigate?.())}
        >
          <Plus size={16} aria-hidden />
        </button>
      </div>
      <ul className="sidebar__list sidebar-playlists__list">
        {playlists.map((playlist) => (
          <li key={playlist.id}>
            <NavLink to={`/playlists/${playlist.id}`} className="sidebar-link sidebar-playlists__link" onClick={onNavigate}>
              <PlaylistCover name={playlist.name} coverUrls={playlist.coverUrls.slice(0, 1)} size={24} />
              <span className="sidebar-link__label">{playlist.name}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
