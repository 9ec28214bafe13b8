import { useMemo } from 'react';
import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { PlayerQueueFieldsFragment } from '../gql/graphql';
import { mutateQueue } from '../player/apolloBackends';
import { ENQUEUE_PLAYLIST_MUTATION, PLAY_PLAYLIST_MUTATION } from '../playlists/playlistOperations';
import type { PlayerEngine } from '../player/playerEngine';
import { usePlayerServices } from '../player/PlayerProvider';
import { toast } from '../ui/toastStore';
import { PLAY_ARTIST_MUTATION } from '../search/searchOperations';
import {
  CLEAR_QUEUE_MUTATION,
  ENQUEUE_MUTATION,
  MOVE_IN_QUEUE_MUTATION,
  PLAY_AI_ARTIST_MUTATION,
  PLAY_NEXT_MUTATION,
  PLAY_SMART_PLAYLIST_MUTATION,
  PLAY_SONGS_MUTATION,
  REMOVE_FROM_QUEUE_MUTATION,
} from './queueOperations';

export interface QueueActions {
  /** Plays the song now; with startRadio the queue becomes its genre's radio. */
  play(songId: string, startRadio?: boolean): Promise<boolean>;
  playNext(songId: string): Promise<boolean>;
  enqueue(songId: string): Promise<boolean>;
  move(from: number, to: number): Promise<boolean>;
  remove(index: number): Promise<boolean>;
  clear(): Promise<boolean>;
  /** Replaces the queue with a playlist's songs, from `startSongId` (else its first), shuffled on request. */
  playPlaylist(playlistId: string, options?: { startSongId?: string; shuffle?: boolean }): Promise<boolean>;
  /** Adds a playlist's songs to the end of the queue, or with `next` right after the current song. */
  enqueuePlaylist(playlistId: string, next?: boolean): Promise<boolean>;
  /** Replaces the queue with a saved smart playlist's songs as they are now, shuffled on request. */
  playSmartPlaylist(smartPlaylistId: string, shuffle?: boolean): Promise<boolean>;
  /** Replaces the queue with a list of songs (a row of cards), playing the one at `startIndex`. */
  playSongs(songIds: readonly string[], startIndex: number): Promise<boolean>;
  /** Replaces the queue with an artist's songs, most played first. */
  playArtist(name: string): Promise<boolean>;
  /** Play all of an AI Artist: the queue becomes its songs the user may see, newest first. */
  playAiArtist(id: string): Promise<boolean>;
}

const QUEUE_EDIT_FAILED = 'Could not update the queue';

/** Runs one queue edit and hands its answer to the engine (the same song keeps playing). */
async function editQueue<TData, TVariables extends Record<string, unknown>>(
  client: ApolloClient,
  engine: PlayerEngine,
  mutation: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  pick: (data: TData) => PlayerQueueFieldsFragment,
): Promise<boolean> {
  try {
    await engine.applyQueue(await mutateQueue(client, mutation, variables, pick), 'keep');
    return true;
  } catch (error) {
    console.warn('[queue] edit failed', error);
    toast({ title: QUEUE_EDIT_FAILED, description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    return false;
  }
}

/** Runs a mutation that replaces the queue, and plays the current song of its answer. */
function replaceQueue<TData, TVariables extends Record<string, unknown>>(
  client: ApolloClient,
  engine: PlayerEngine,
  mutation: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  pick: (data: TData) => PlayerQueueFieldsFragment,
): Promise<boolean> {
  return engine.playQueue(() => mutateQueue(client, mutation, variables, pick));
}

export function useQueueActions(): QueueActions {
  const client = useApolloClient();
  const { engine, playSong } = usePlayerServices();
  return useMemo(
    () => ({
      play: (songId, startRadio = false) => playSong(songId, startRadio),
      playNext: (songId) => editQueue(client, engine, PLAY_NEXT_MUTATION, { songId }, (d) => d.playNext),
      enqueue: (songId) => editQueue(client, engine, ENQUEUE_MUTATION, { songId }, (d) => d.enqueue),
      move: (from, to) => editQueue(client, engine, MOVE_IN_QUEUE_MUTATION, { from, to }, (d) => d.moveInQueue),
      remove: (index) => editQueue(client, engine, REMOVE_FROM_QUEUE_MUTATION, { index }, (d) => d.removeFromQueue),
      clear: () => editQueue(client, engine, CLEAR_QUEUE_MUTATION, {}, (d) => d.clearQueue),
      playPlaylist: (id, { startSongId, shuffle = false } = {}) => replaceQueue(client, engine, PLAY_PLAYLIST_MUTATION, { id, startSongId, shuffle }, (d) => d.playPlaylist),
      enqueuePlaylist: (id, next = false) => editQueue(client, engine, ENQUEUE_PLAYLIST_MUTATION, { id, next }, (d) => d.enqueuePlaylist),
      playSmartPlaylist: (id, shuffle = false) => replaceQueue(client, engine, PLAY_SMART_PLAYLIST_MUTATION, { id, shuffle }, (d) => d.playSmartPlaylist),
      playSongs: (songIds, startIndex) => replaceQueue(client, engine, PLAY_SONGS_MUTATION, { songIds: [...songIds], startIndex }, (d) => d.playSongs),
      playArtist: (name) => replaceQueue(client, engine, PLAY_ARTIST_MUTATION, { name }, (d) => d.playArtist),
      playAiArtist: (id) => replaceQueue(client, engine, PLAY_AI_ARTIST_MUTATION, { id }, (d) => d.playAiArtist),
    }),
    [client, engine, playSong],
  );
}
