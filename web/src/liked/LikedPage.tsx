/** Liked Songs (/liked): the user's liked songs, most recently liked first. */
import { useQuery } from '@apollo/client/react';
import { LIKED_SONGS_QUERY } from '../library/libraryOperations';
import { SongList } from '../library/SongList';
import { Spinner } from '../shell/Spinner';
import '../library/SongList.css';

export function LikedPage() {
  const { data, loading, error } = useQuery(LIKED_SONGS_QUERY, { fetchPolicy: 'cache-and-network' });
  // An unlike updates the song in the cache, so it leaves this list at once.
  const songs = data?.likedSongs.filter((song) => song.isLiked) ?? [];

  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">Liked Songs</h1>
        {data && <p className="page__status">{songs.length === 1 ? '1 song' : `${songs.length} songs`}</p>}
      </header>
      {error && !data && <p className="page__status" role="alert">Liked songs could not be loaded: {error.message}</p>}
      {loading && !data && <Spinner label="Loading liked songs" />}
      {data && songs.length === 0 && <p className="page__empty">Songs you like show up here.</p>}
      {songs.length > 0 && <SongList songs={songs} label="Liked songs" />}
    </div>
  );
}
