/**
 * The GraphQL operations of the player (playback contract). Typed by codegen (web/src/gql).
 * Queue answers carry no analysis (a queue of 50 would carry 50 of them): the mixer reads the
 * current and the next song's analysis with PlayerSongAnalysis, cached per song (apolloBackends.ts).
 */
import { graphql } from '../gql';

export const PLAYER_QUEUE_FRAGMENT = graphql(`
  fragment PlayerQueueFields on Queue {
    version
    radioGenre
    djActive
    currentSong {
      ...PlayerSongFields
    }
    upcomingQueue {
      ...PlayerSongFields
    }
    playHistory {
      id
      title
      artist
      duration
      audioUrl
      coverUrl
      thumbnailUrl
      genre
      mood
    }
  }

  fragment PlayerSongFields on Song {
    id
    title
    artist
    duration
    audioUrl
    coverUrl
    thumbnailUrl
    genre
    mood
    isLiked
    likeCount
  }
`);

export const PLAYER_SONG_ANALYSIS_QUERY = graphql(`
  query PlayerSongAnalysis($id: ID!) {
    song(id: $id) {
      id
      analysis {
        ...PlayerAnalysisFields
      }
    }
  }

  fragment PlayerAnalysisFields on SongAnalysis {
    durationSeconds
    bpm
    beatOffsetSeconds
    integratedLufs
    introEndSeconds
    outroStartSeconds
    silenceRanges {
      start
      end
    }
  }
`);

export const PLAYER_QUEUE_QUERY = graphql(`
  query PlayerQueue {
    queue {
      ...PlayerQueueFields
    }
  }
`);

export const NEXT_SONG_MUTATION = graphql(`
  mutation NextSong {
    nextSong {
      ...PlayerQueueFields
    }
  }
`);

export const PREVIOUS_SONG_MUTATION = graphql(`
  mutation PreviousSong {
    previousSong {
      ...PlayerQueueFields
    }
  }
`);

export const AUTO_ADVANCE_MUTATION = graphql(`
  mutation AutoAdvance($finishedSongId: ID!) {
    autoAdvance(finishedSongId: $finishedSongId) {
      ...PlayerQueueFields
    }
  }
`);

export const PLAY_SONG_MUTATION = graphql(`
  mutation PlaySong($id: ID!, $isGenreSelection: Boolean!) {
    playSong(id: $id, isGenreSelection: $isGenreSelection) {
      ...PlayerQueueFields
    }
  }
`);

export const QUEUE_CHANGED_SUBSCRIPTION = graphql(`
  subscription QueueChanged {
    queueChanged {
      ...PlayerQueueFields
    }
  }
`);

export const MIXER_SETTINGS_QUERY = graphql(`
  query MixerSettings {
    mixerSettings {
      ...MixerSettingsFields
    }
  }

  fragment MixerSettingsFields on MixerSettings {
    crossfadeEnabled
    crossfadeDuration
    mixTightness
    djModeEnabled
    silenceEliminationEnabled
    beatMatchedTransitions
  }
`);

export const SAVE_MIXER_SETTINGS_MUTATION = graphql(`
  mutation SaveMixerSettings($input: MixerSettingsInput!) {
    saveMixerSettings(input: $input) {
      ...MixerSettingsFields
    }
  }
`);

export const SONG_LIKE_FRAGMENT = graphql(`
  fragment SongLikeFields on Song {
    id
    isLiked
    likeCount
  }
`);

export const LIKE_SONG_MUTATION = graphql(`
  mutation LikeSong($songId: ID!) {
    like(songId: $songId) {
      ...SongLikeFields
    }
  }
`);

export const UNLIKE_SONG_MUTATION = graphql(`
  mutation UnlikeSong($songId: ID!) {
    unlike(songId: $songId) {
      ...SongLikeFields
    }
  }
`);

export const DJ_VOICE_LINK_QUERY = graphql(`
  query DjVoiceLink($fromSongId: ID!, $toSongId: ID!) {
    djVoiceLink(fromSongId: $fromSongId, toSongId: $toSongId) {
      text
      audioUrl
      durationSeconds
    }
  }
`);

/** A generation's outcome, for the player following its stream (generationStreamFollower.ts). */
export const GENERATION_STREAM_OUTCOME_QUERY = graphql(`
  query GenerationStreamOutcome($id: ID!) {
    generation(id: $id) {
      id
      status
      song {
        ...PlayerSongFields
      }
    }
  }
`);
