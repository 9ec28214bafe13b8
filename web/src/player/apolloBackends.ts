/**
 * The engine's server interfaces implemented with Apollo: queue moves and mixer settings over the
 * playback GraphQL contract. Answers also land in Apollo's cache, so song fields such as isLiked
 * stay shared with the rest of the app.
 */
import type { ApolloClient } from '@apollo/client';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { isUnauthenticatedError } from '../apollo/sessionExpiryLink';
import { listenToGenerationUpdates } from '../generation/generationFeed';
import type { PlayerQueueFieldsFragment } from '../gql/graphql';
import type { MixerSettings } from './mixerSettings';
import type { MixerSettingsBackend } from './mixerSettingsStore';
import { NotSignedInError } from './notices';
import {
  AUTO_ADVANCE_MUTATION,
  DJ_VOICE_LINK_QUERY,
  GENERATION_STREAM_OUTCOME_QUERY,
  MIXER_SETTINGS_QUERY,
  NEXT_SONG_MUTATION,
  PLAYER_QUEUE_QUERY,
  PLAY_SONG_MUTATION,
  PLAYER_SONG_ANALYSIS_QUERY,
  PREVIOUS_SONG_MUTATION,
  SAVE_MIXER_SETTINGS_MUTATION,
} from './playerOperations';
import type { GenerationWatch } from './generationStreamFollower';
import type { PlayableSong, QueueBackend, QueueSnapshot, VoiceLinkSource } from './types';

/** Codegen results are plain objects of the contract's shape; this only drops __typename noise. */
export function toQueueSnapshot(queue: PlayerQueueFieldsFragment): QueueSnapshot {
  return {
    currentSong: queue.currentSong,
    upcomingQueue: queue.upcomingQueue,
    playHistory: queue.playHistory,
    radioGenre: queue.radioGenre,
    djActive: queue.djActive,
    version: queue.version,
  };
}

/**
 * The song with its analysis, from Apollo's cache when this song's was read before. Without one
 * (the request failed) the song goes on as it is: the mixer then fades plainly and finds silence
 * in the decoded audio, as for a song the engine never analysed.
 */
async function withAnalysis(client: ApolloClient, song: PlayableSong): Promise<PlayableSong> {
  if (song.analysis !== undefined) return song;
  try {
    const { data } = await client.query({ query: PLAYER_SONG_ANALYSIS_QUERY, variables: { id: song.id } });
    return { ...song, analysis: data?.song?.analysis ?? null };
  } catch (error) {
    console.warn(`[player] analysis of song ${song.id} not loaded`, error);
    return song;
  }
}

/**
 * The queue with the analysis of the two songs a transition involves, the current and the next one
 * (the queue answer carries none: it is large, and the rest of the queue never needs it).
 */
export async function withMixAnalyses(client: ApolloClient, queue: QueueSnapshot): Promise<QueueSnapshot> {
  const [upNext, ...later] = queue.upcomingQueue;
  const [currentSong, next] = await Promise.all([
    queue.currentSong && withAnalysis(client, queue.currentSong),
    upNext && withAnalysis(client, upNext),
  ]);
  return { ...queue, currentSong, upcomingQueue: next ? [next, ...later] : queue.upcomingQueue };
}

/** Sends a queue mutation and answers the queue it returns, in the player's shape. */
export async function mutateQueue<TData, TVariables extends Record<string, unknown>>(
  client: ApolloClient,
  mutation: TypedDocumentNode<TData, TVariables>,
  variables: TVariables,
  pick: (data: TData) => PlayerQueueFieldsFragment,
): Promise<QueueSnapshot> {
  const { data } = await client.mutate<TData, TVariables>({ mutation, variables });
  if (!data) throw new Error('The server sent no queue');
  return withMixAnalyses(client, toQueueSnapshot(pick(data)));
}

export function createApolloQueueBackend(client: ApolloClient): QueueBackend & {
  playSong(id: string, isGenreSelection?: boolean): Promise<QueueSnapshot>;
} {
  return {
    autoAdvance: (finishedSongId) => mutateQueue(client, AUTO_ADVANCE_MUTATION, { finishedSongId }, (d) => d.autoAdvance),
    next: () => mutateQueue(client, NEXT_SONG_MUTATION, {}, (d) => d.nextSong),
    previous: () => mutateQueue(client, PREVIOUS_SONG_MUTATION, {}, (d) => d.previousSong),
    playSong: (id, isGenreSelection = false) =>
      mutateQueue(client, PLAY_SONG_MUTATION, { id, isGenreSelection }, (d) => d.playSong),
    refresh: async () => {
      try {
        const { data } = await client.query({ query: PLAYER_QUEUE_QUERY, fetchPolicy: 'network-only' });
        if (!data) throw new Error('The server sent no queue');
        return withMixAnalyses(client, toQueueSnapshot(data.queue));
      } catch (error) {
        throw isUnauthenticatedError(error) ? new NotSignedInError({ cause: error }) : error;
      }
    },
  };
}

function settingsOf(fields: MixerSettings): MixerSettings {
  return {
    crossfadeEnabled: fields.crossfadeEnabled,
    crossfadeDuration: fields.crossfadeDuration,
    mixTightness: fields.mixTightness,
    djModeEnabled: fields.djModeEnabled,
    silenceEliminationEnabled: fields.silenceEliminationEnabled,
    beatMatchedTransitions: fields.beatMatchedTransitions,
  };
}

export function createApolloMixerSettingsBackend(client: ApolloClient): MixerSettingsBackend {
  return {
    load: async () => {
      const { data } = await client.query({ query: MIXER_SETTINGS_QUERY, fetchPolicy: 'network-only' });
      return data?.mixerSettings ? settingsOf(data.mixerSettings) : null;
    },
    save: async (settings) => {
      const { data } = await client.mutate({ mutation: SAVE_MIXER_SETTINGS_MUTATION, variables: { input: settingsOf(settings) } });
      if (!data) throw new Error('The server did not confirm the mixer settings');
      return settingsOf(data.saveMixerSettings);
    },
  };
}

/** The DJ voice's links (a fresh answer each time: the set may have been re-planned). */
export function createApolloVoiceLinkSource(client: ApolloClient): VoiceLinkSource {
  return {
    linkFor: async (fromSongId, toSongId) => {
      const { data } = await client.query({ query: DJ_VOICE_LINK_QUERY, variables: { fromSongId, toSongId }, fetchPolicy: 'network-only' });
      const link = data?.djVoiceLink;
      return link ? { text: link.text, audioUrl: link.audioUrl, durationSeconds: link.durationSeconds } : null;
    },
  };
}

/** Generation outcomes from the API, updates from the app's generation feed. */
export function createApolloGenerationWatch(client: ApolloClient): GenerationWatch {
  return {
    outcome: async (id) => {
      const { data } = await client.query({ query: GENERATION_STREAM_OUTCOME_QUERY, variables: { id }, fetchPolicy: 'network-only' });
      const generation = data?.generation;
      if (!generation) throw new Error(`Generation ${id} was not found`);
      return { status: generation.status, song: generation.song ?? null };
    },
    listen: (onUpdate) => listenToGenerationUpdates((update) => onUpdate(update.requestId, update.status)),
  };
}
