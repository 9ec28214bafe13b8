/**
 * Keeps this device's playlists in step with the others: every change to the user's playlists
 * (playlistChanged) lands in Apollo's cache with the playlist itself; the list is refetched for
 * its order and membership, and a deleted playlist leaves the cache.
 */
import { useApolloClient, useSubscription } from '@apollo/client/react';
import { PLAYLIST_CHANGED_SUBSCRIPTION, PLAYLISTS_QUERY } from './playlistOperations';

export function PlaylistSync() {
  const client = useApolloClient();
  useSubscription(PLAYLIST_CHANGED_SUBSCRIPTION, {
    variables: { playlistId: null },
    onData: ({ data: change }) => {
      const event = change.data?.playlistChanged;
      if (!event) return;
      if (!event.playlist) client.cache.evict({ id: client.cache.identify({ __typename: 'Playlist', id: event.playlistId }) });
      void client.refetchQueries({ include: [PLAYLISTS_QUERY] });
    },
    onError: (error) => console.warn('[playlists] playlistChanged subscription ended', error),
  });
  return null;
}
