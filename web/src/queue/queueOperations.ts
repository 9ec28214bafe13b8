/**
 * Queue edits of the playback contract (enqueue, playNext, moveInQueue, removeFromQueue,
 * clearQueue, and the plays that replace the queue such as playSmartPlaylist). Each answers with the whole queue in the player's shape, so the engine applies it.
 */
import { graphql } from '../gql';

export const ENQUEUE_MUTATION = graphql(`
  mutation Enqueue($songId: ID!) {
    enqueue(songId: $songId) {
      ...PlayerQueueFields
    }
  }
`);

export const PLAY_NEXT_MUTATION = graphql(`
  mutation PlayNext($songId: ID!) {
    playNext(songId: $songId) {
      ...PlayerQueueFields
    }
  }
`);

export const MOVE_IN_QUEUE_MUTATION = graphql(`
  mutation MoveInQueue($from: Int!, $to: Int!) {
    moveInQueue(from: $from, to: $to) {
      ...PlayerQueueFields
    }
  }
`);

export const REMOVE_FROM_QUEUE_MUTATION = graphql(`
  mutation RemoveFromQueue($index: Int!) {
    removeFromQueue(index: $index) {
      ...PlayerQueueFields
    }
  }
`);

export const CLEAR_QUEUE_MUTATION = graphql(`
  mutation ClearQueue {
    clearQueue {
      ...PlayerQueueFields
    }
  }
`);

export const PLAY_SONGS_MUTATION = graphql(`
  mutation PlaySongs($songIds: [ID!]!, $startIndex: Int!) {
    playSongs(songIds: $songIds, startIndex: $startIndex) {
      ...PlayerQueueFields
    }
  }
`);

export const PLAY_SMART_PLAYLIST_MUTATION = graphql(`
  mutation PlaySmartPlaylist($id: ID!, $shuffle: Boolean!) {
    playSmartPlaylist(id: $id, shuffle: $shuffle) {
      ...PlayerQueueFields
    }
  }
`);

/** An AI Artist's Play all: the queue becomes its songs, newest first (the server reads them all, not only the page's loaded ones). */
export const PLAY_AI_ARTIST_MUTATION = graphql(`
  mutation PlayAiArtist($id: ID!) {
    playAiArtist(id: $id) {
      ...PlayerQueueFields
    }
  }
`);
