import { useMemo } from 'react';
import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { toast } from '../ui/toastStore';
import {
  ADD_SONGS_TO_PLAYLIST_MUTATION,
  CREATE_PLAYLIST_MUTATION,
  DELETE_PLAYLIST_MUTATION,
  DESCRIBE_PLAYLIST_MUTATION,
  DUPLICATE_PLAYLIST_MUTATION,
  MOVE_SONG_IN_PLAYLIST_MUTATION,
  PLAYLISTS_QUERY,
  REMOVE_SONGS_FROM_PLAYLIST_MUTATION,
  RENAME_PLAYLIST_MUTATION,
  SET_PLAYLIST_PUBLIC_MUTATION,
} from './playlistOperations';

const PLAYLIST_EDIT_FAILED = 'Could not update the playlist';

/**
 * Runs one playlist mutation; the answer lands in Apollo's cache (pages showing the playlist
 * update), `refreshList` refetches the sidebar/library list (its order or membership changed).
 * Failures become a toast and null.
 */
async function mutatePlaylist<TData, TVariables extends Record<string, unknown>>(
  client: ApolloClient,
  mutation: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  refreshList = true,
): Promise<TData | null> {
  try {
    const { data } = await client.mutate<TData, TVariables>({ mutation, variables, refetchQueries: refreshList ? [PLAYLISTS_QUERY] : [] });
    return data ?? null;
  } catch (error) {
    console.warn('[playlists] edit failed', error);
    toast({ title: PLAYLIST_EDIT_FAILED, description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    return null;
  }
}

export interface PlaylistActions {
  /** Creates a playlist (with songs when given); answers its id, or null when it failed. */
  create(name: string, songIds?: readonly string[]): Promise<string | null>;
  addSongs(playlistId: string, songIds: readonly string[]): Promise<boolean>;
  removeSongs(playlistId: string, songIds: readonly string[]): Promise<boolean>;
  moveSong(playlistId: string, songId: string, toPosition: number): Promise<boolean>;
  rename(playlistId: string, name: string): Promise<boolean>;
  describe(playlistId: string, description: string): Promise<boolean>;
  setPublic(playlistId: string, isPublic: boolean): Promise<boolean>;
  remove(playlistId: string): Promise<boolean>;
  /** A private copy for the signed-in user; answers its id. */
  duplicate(playlistId: string): Promise<string | null>;
}

export function usePlaylistActions(): PlaylistActions {
  const client = useApolloClient();
  return useMemo(
    () => ({
      create: async (name, songIds = []) => {
        const data = await mutatePlaylist(client, CREATE_PLAYLIST_MUTATION, { name, songIds: [...songIds] });
        return data?.createPlaylist.id ?? null;
      },
      addSongs: async (id, songIds) => {
        const data = await mutatePlaylist(client, ADD_SONGS_TO_PLAYLIST_MUTATION, { id, songIds: [...songIds] });
        if (data) toast({ title: `Added to ${data.addSongsToPlaylist.name}`, description: songIds.length === 1 ? undefined : `${songIds.length} songs` });
        return data !== null;
      },
      removeSongs: async (id, songIds) => (await mutatePlaylist(client, REMOVE_SONGS_FROM_PLAYLIST_MUTATION, { id, songIds: [...songIds] })) !== null,
      moveSong: async (id, songId, toPosition) => (await mutatePlaylist(client, MOVE_SONG_IN_PLAYLIST_MUTATION, { id, songId, toPosition }, false)) !== null,
      rename: async (id, name) => (await mutatePlaylist(client, RENAME_PLAYLIST_MUTATION, { id, name })) !== null,
      describe: async (id, description) => (await mutatePlaylist(client, DESCRIBE_PLAYLIST_MUTATION, { id, description }, false)) !== null,
      setPublic: async (id, isPublic) => (await mutatePlaylist(client, SET_PLAYLIST_PUBLIC_MUTATION, { id, isPublic })) !== null,
      remove: async (id) => {
        const data = await mutatePlaylist(client, DELETE_PLAYLIST_MUTATION, { id });
        if (data) client.cache.evict({ id: client.cache.identify({ __typename: 'Playlist', id }) });
        return data !== null;
      },
      duplicate: async (id) => (await mutatePlaylist(client, DUPLICATE_PLAYLIST_MUTATION, { id }))?.duplicatePlaylist.id ?? null,
    }),
    [client],
  );
}
