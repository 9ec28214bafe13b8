/** Song management GraphQL operations (typed by codegen, web/src/gql). */
import { graphql } from '../gql';

export const MANAGED_SONG_FRAGMENT = graphql(`
  fragment ManagedSongFields on ManagedSong {
    id
    title
    artist
    genre
    mood
    lyrics
    lrc
    duration
    audioUrl
    coverUrl
    thumbnailUrl
    isPublic
    canBeShared
    ownerName
    playCount
    likeCount
    createdAt
  }
`);

export const MANAGED_SONGS_QUERY = graphql(`
  query ManagedSongs($all: Boolean!, $first: Int!, $after: String) {
    managedSongsConnection(all: $all, first: $first, after: $after) {
      edges {
        cursor
        node {
          ...ManagedSongFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const COVER_CHOICES_QUERY = graphql(`
  query CoverChoices {
    coverChoices {
      songId
      title
      coverUrl
      thumbnailUrl
    }
  }
`);

export const UPDATE_MANAGED_SONG_MUTATION = graphql(`
  mutation UpdateManagedSong($id: ID!, $input: ManagedSongInput!) {
    updateManagedSong(id: $id, input: $input) {
      ...ManagedSongFields
    }
  }
`);

export const SET_SONGS_VISIBILITY_MUTATION = graphql(`
  mutation SetSongsVisibility($songIds: [ID!]!, $isPublic: Boolean, $canBeShared: Boolean) {
    setSongsVisibility(songIds: $songIds, isPublic: $isPublic, canBeShared: $canBeShared) {
      ...ManagedSongFields
    }
  }
`);

export const DELETE_SONGS_MUTATION = graphql(`
  mutation DeleteSongs($songIds: [ID!]!) {
    deleteSongs(songIds: $songIds)
  }
`);
