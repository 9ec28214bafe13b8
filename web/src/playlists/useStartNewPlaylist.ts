import { useQuery } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { PLAYLISTS_QUERY } from './playlistOperations';
import { nextPlaylistName } from './playlistFormat';
import { usePlaylistActions } from './usePlaylistActions';

/** Creates 'My Playlist #n' and opens it, where its name can be edited (as Spotify does). */
export function useStartNewPlaylist(): () => Promise<void> {
  const { data } = useQuery(PLAYLISTS_QUERY);
  const actions = usePlaylistActions();
  const navigate = useNavigate();
  return async () => {
    const id = await actions.create(nextPlaylistName((data?.playlists ?? []).map((p) => p.name)));
    if (id) void navigate(`/playlists/${id}`);
  };
}
