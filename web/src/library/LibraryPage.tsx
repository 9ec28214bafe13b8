/**
 * Your Library (/library): the user's playlists, then the song catalogue (public songs, the demo
 * catalogue and the user's own), newest first, with a genre filter, a "mine" toggle, infinite
 * paging and multi-select (add the selected songs to a playlist).
 */
import { useState } from 'react';
import { useQuery } from '@apollo/client/react';
import { Spinner } from '../shell/Spinner';
import { LIBRARY_GENRES } from './genres';
import { LIBRARY_SONGS_QUERY } from './libraryOperations';
import { SongList, type SongSelection } from './SongList';
import { LoadMore, useNextPage } from './LoadMore';
import { PlaylistShelf } from '../playlists/PlaylistShelf';
import { AddSelectionToPlaylist } from '../playlists/SongMenu';
import './SongList.css';
import './LibraryPage.css';

export const LIBRARY_PAGE_SIZE = 30;

export function LibraryPage() {
  const [genre, setGenre] = useState('');
  const [mine, setMine] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selection: SongSelection = {
    selected,
    toggle: (songId, on) =>
      setSelected((before) => {
        const after = new Set(before);
        if (on) after.add(songId);
        else after.delete(songId);
        return after;
      }),
  };
  const { data, loading, error, fetchMore } = useQuery(LIBRARY_SONGS_QUERY, {
    variables: { first: LIBRARY_PAGE_SIZE, genre: genre || null, mine },
    fetchPolicy: 'cache-and-network',
  });
  const page = data?.songs;

  const next = useNextPage(
    page,
    (after) =>
      fetchMore({
        variables: { after },
        updateQuery: (previous, { fetchMoreResult }) => ({
          ...fetchMoreResult,
          songs: { ...fetchMoreResult.songs, songs: [...(previous?.songs.songs ?? []), ...fetchMoreResult.songs.songs] },
        }),
      }),
    'library',
  );

  return (
    <div className="page library">
      <header className="page__header">
        <h1 className="page__title">Your Library</h1>
        <div className="library__filters">
          <label className="library__filter">
            <span>Genre</span>
            <select value={genre} onChange={(event) => setGenre(event.target.value)}>
              <option value="">All genres</option>
              {LIBRARY_GENRES.map(({ id, label }) => (
                <option key={id} value={id}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label className="library__filter library__filter--toggle">
            <input type="checkbox" checked={mine} onChange={(event) => setMine(event.target.checked)} />
            <span>Only my songs</span>
          </label>
        </div>
      </header>

      <PlaylistShelf />

      {selected.size > 0 && (
        <div className="library__selection" role="toolbar" aria-label="Selected songs">
          <span>{selected.size} selected</span>
          <AddSelectionToPlaylist songIds={[...selected]} />
          <button type="button" className="page__button" onClick={() => setSelected(new Set())}>
            Clear selection
          </button>
        </div>
      )}

      {error && !page && <p className="page__status" role="alert">The library could not be loaded: {error.message}</p>}
      {loading && !page && <Spinner label="Loading songs" />}
      {page && page.songs.length === 0 && (
        <p className="page__empty">{mine ? 'You have no songs yet.' : genre ? 'No songs in this genre yet.' : 'No songs yet.'}</p>
      )}
      {page && page.songs.length > 0 && <SongList songs={page.songs} label="Songs" selection={selection} />}
      <LoadMore loader={next} />
    </div>
  );
}
