import { graphql } from '../gql';

export const ENHANCEMENT_BATCH_FIELDS_FRAGMENT = graphql(`
  fragment EnhancementBatchFields on EnhancementBatch {
    id
    operations
    selection
    targetLufs
    status
    createdBy
    createdAt
    confirmedAt
    total
    done
    counts {
      status
      count
    }
  }
`);

export const ENHANCEMENT_BATCHES_QUERY = graphql(`
  query EnhancementBatches {
    enhancementBatches {
      ...EnhancementBatchFields
    }
  }
`);

export const SONG_VERSION_FIELDS_FRAGMENT = graphql(`
  fragment SongVersionFields on SongVersion {
    audioUrl
    coverUrl
    lyrics
    loudness
    bpm
    musicalKey
    duration
    engineVersion
  }
`);

export const ENHANCEMENT_BATCH_QUERY = graphql(`
  query EnhancementBatch($id: ID!) {
    enhancementBatch(id: $id) {
      ...EnhancementBatchFields
      items {
        id
        songId
        songTitle
        status
        notes
        error
        finishedAt
        before {
          ...SongVersionFields
        }
        after {
          ...SongVersionFields
        }
      }
    }
  }
`);

export const ENHANCEMENT_SONGS_QUERY = graphql(`
  query EnhancementSongs {
    songs(first: 100) {
      songs {
        id
        title
        artist
        genre
      }
    }
  }
`);

export const CREATE_ENHANCEMENT_BATCH_MUTATION = graphql(`
  mutation CreateEnhancementBatch($input: EnhancementBatchInput!) {
    createEnhancementBatch(input: $input) {
      ...EnhancementBatchFields
    }
  }
`);

export const CONTROL_ENHANCEMENT_BATCH_MUTATION = graphql(`
  mutation ControlEnhancementBatch($id: ID!, $action: String!) {
    controlEnhancementBatch(id: $id, action: $action) {
      ...EnhancementBatchFields
    }
  }
`);

export const CONFIRM_ENHANCEMENT_BATCH_MUTATION = graphql(`
  mutation ConfirmEnhancementBatch($id: ID!) {
    confirmEnhancementBatch(id: $id) {
      ...EnhancementBatchFields
    }
  }
`);

export const UNDO_ENHANCEMENT_MUTATION = graphql(`
  mutation UndoEnhancement($itemId: ID!) {
    undoEnhancement(itemId: $itemId) {
      id
      status
    }
  }
`);
