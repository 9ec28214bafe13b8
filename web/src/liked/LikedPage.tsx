/** Liked Songs (/liked): the user's liked songs, most recently liked first, a page at a time. */
import { useQuery } from '@apollo/client/react';
import { LIKED_SONGS_QUERY } from '../library/libraryOperations';
import { SongList } from '../library/SongList';
import { LoadMore, useNextPage } from '../library/LoadMore';
import { Spinner } from '../shell/Spinner';
import '../library/SongList.css';

export const LIKED_PAGE_SIZE = 50;

export function LikedPage() {
  const { data, loading, error, fetchMore } = useQuery(LIKED_SONGS_QUERY, { variables: { first: LIKED_PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const liked = data?.likedSongsConnection;
  const loaded = liked?.edges.map((edge) => edge.node) ?? [];
  // An unlike updates the song in the cache, so it leaves this list (and the count) at once.
  const songs = loaded.filter((song) => song.isLiked);
  const count = liked ? liked.totalCount - (loaded.length - songs.length) : 0;
  const next = useNextPage(liked?.pageInfo, (after) => fetchMore({ variables: { after } }), 'liked');

  return (
    <div className="page">
      <header className="page__header">
        <h1 className="page__title">Liked Songs</h1>
        {liked && <p className="page__status">{count === 1 ? '1 song' : `${count} songs`}</p>}
      </header>
      {error && !data && <p className="page__status" role="alert">Liked songs could not be loaded: {error.message}</p>}
      {loading && !data && <Spinner label="Loading liked songs" />}
      {liked && songs.length === 0 && !next.hasMore && <p className="page__empty">Songs you like show up here.</p>}
      {songs.length > 0 && <SongList songs={songs} label="Liked songs" />}
      <LoadMore loader={next} />
    </div>
  );
}
