/**
 * The playlist GraphQL operations (typed by codegen, web/src/gql). Every change answers the
 * whole playlist with its songs, so Apollo's cache updates each page showing it.
 */
import { graphql } from '../gql';

export const PLAYLIST_FRAGMENTS = graphql(`
  fragment PlaylistSummaryFields on Playlist {
    id
    name
    description
    isPublic
    isOwner
    ownerName
    songCount
    totalDuration
    coverUrls
    updatedAt
  }

  fragment PlaylistDetailFields on Playlist {
    ...PlaylistSummaryFields
    songs {
      position
      addedAt
      song {
        ...LibrarySongFields
      }
    }
  }
`);

export const PLAYLISTS_QUERY = graphql(`
  query Playlists {
    playlists {
      ...PlaylistSummaryFields
    }
  }
`);

export const PLAYLIST_QUERY = graphql(`
  query Playlist($id: ID!) {
    playlist(id: $id) {
      ...PlaylistDetailFields
    }
  }
`);

export const CREATE_PLAYLIST_MUTATION = graphql(`
  mutation CreatePlaylist($name: String!, $songIds: [ID!]) {
    createPlaylist(name: $name, songIds: $songIds) {
      ...PlaylistDetailFields
    }
  }
`);

export const RENAME_PLAYLIST_MUTATION = graphql(`
  mutation RenamePlaylist($id: ID!, $name: String!) {
    renamePlaylist(id: $id, name: $name) {
      ...PlaylistSummaryFields
    }
  }
`);

export const DESCRIBE_PLAYLIST_MUTATION = graphql(`
  mutation DescribePlaylist($id: ID!, $description: String) {
    describePlaylist(id: $id, description: $description) {
      ...PlaylistSummaryFields
    }
  }
`);

export const SET_PLAYLIST_PUBLIC_MUTATION = graphql(`
  mutation SetPlaylistPublic($id: ID!, $isPublic: Boolean!) {
    setPlaylistPublic(id: $id, isPublic: $isPublic) {
      ...PlaylistSummaryFields
    }
  }
`);

export const DELETE_PLAYLIST_MUTATION = graphql(`
  mutation DeletePlaylist($id: ID!) {
    deletePlaylist(id: $id)
  }
`);

export const ADD_SONGS_TO_PLAYLIST_MUTATION = graphql(`
  mutation AddSongsToPlaylist($id: ID!, $songIds: [ID!]!) {
    addSongsToPlaylist(id: $id, songIds: $songIds) {
      ...PlaylistDetailFields
    }
  }
`);

export const REMOVE_SONGS_FROM_PLAYLIST_MUTATION = graphql(`
  mutation RemoveSongsFromPlaylist($id: ID!, $songIds: [ID!]!) {
    removeSongsFromPlaylist(id: $id, songIds: $songIds) {
      ...PlaylistDetailFields
    }
  }
`);

export const MOVE_SONG_IN_PLAYLIST_MUTATION = graphql(`
  mutation MoveSongInPlaylist($id: ID!, $songId: ID!, $toPosition: Int!) {
    moveSongInPlaylist(id: $id, songId: $songId, toPosition: $toPosition) {
      ...PlaylistDetailFields
    }
  }
`);

export const DUPLICATE_PLAYLIST_MUTATION = graphql(`
  mutation DuplicatePlaylist($id: ID!) {
    duplicatePlaylist(id: $id) {
      ...PlaylistDetailFields
    }
  }
`);

export const PLAY_PLAYLIST_MUTATION = graphql(`
  mutation PlayPlaylist($id: ID!, $startSongId: ID, $shuffle: Boolean!) {
    playPlaylist(id: $id, startSongId: $startSongId, shuffle: $shuffle) {
      ...PlayerQueueFields
    }
  }
`);

export const ENQUEUE_PLAYLIST_MUTATION = graphql(`
  mutation EnqueuePlaylist($id: ID!, $next: Boolean!) {
    enqueuePlaylist(id: $id, next: $next) {
      ...PlayerQueueFields
    }
  }
`);

export const PLAYLIST_CHANGED_SUBSCRIPTION = graphql(`
  subscription PlaylistChanged($playlistId: ID) {
    playlistChanged(playlistId: $playlistId) {
      playlistId
      playlist {
        ...PlaylistDetailFields
      }
    }
  }
`);
