/** The DJ Studio's GraphQL operations (typed by codegen, web/src/gql). */
import { graphql } from '../gql';

export const DJ_SET_FRAGMENT = graphql(`
  fragment DjSetFields on DjSet {
    active
    voiceEnabled
    voiceAvailable
    voiceMessage
    explanation
    meanEnergyError
    compatibleShare
    dislikedCount
    targetCurve {
      minutes
      energy
    }
    current {
      ...DjEntryFields
    }
    upcoming {
      ...DjEntryFields
    }
  }
`);

export const DJ_ENTRY_FRAGMENT = graphql(`
  fragment DjEntryFields on DjEntry {
    startsInSeconds
    energy
    targetEnergy
    camelot
    pinned
    planned
    linkText
    transition {
      kind
      seconds
      harmonic
      tempo
    }
    song {
      id
      title
      artist
      genre
      mood
      bpm
      key
      duration
      coverUrl
      thumbnailUrl
    }
  }
`);

export const DJ_SET_QUERY = graphql(`
  query DjSet($timezone: String) {
    djSet(timezone: $timezone) {
      ...DjSetFields
    }
  }
`);

export const START_DJ_MUTATION = graphql(`
  mutation StartDj($timezone: String) {
    startDj(timezone: $timezone) {
      set {
        ...DjSetFields
      }
      queue {
        ...PlayerQueueFields
      }
    }
  }
`);

export const STOP_DJ_MUTATION = graphql(`
  mutation StopDj {
    stopDj {
      ...DjSetFields
    }
  }
`);

export const PIN_DJ_SONG_MUTATION = graphql(`
  mutation PinDjSong($songId: ID!, $pinned: Boolean!) {
    pinDjSong(songId: $songId, pinned: $pinned) {
      ...DjSetFields
    }
  }
`);

export const REMOVE_DJ_SONG_MUTATION = graphql(`
  mutation RemoveDjSong($songId: ID!) {
    removeDjSong(songId: $songId) {
      ...DjSetFields
    }
  }
`);

export const MOVE_DJ_SONG_MUTATION = graphql(`
  mutation MoveDjSong($songId: ID!, $toIndex: Int!) {
    moveDjSong(songId: $songId, toIndex: $toIndex) {
      ...DjSetFields
    }
  }
`);

export const REGENERATE_DJ_SET_MUTATION = graphql(`
  mutation RegenerateDjSet {
    regenerateDjSet {
      ...DjSetFields
    }
  }
`);

export const SET_DJ_VOICE_MUTATION = graphql(`
  mutation SetDjVoice($enabled: Boolean!) {
    setDjVoice(enabled: $enabled) {
      ...DjSetFields
    }
  }
`);
