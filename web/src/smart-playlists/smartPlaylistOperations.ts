/** The smart playlist GraphQL operations (typed by codegen, web/src/gql). */
import { graphql } from '../gql';

export const SMART_PLAYLIST_FRAGMENT = graphql(`
  fragment SmartPlaylistFields on SmartPlaylist {
    id
    name
    rules
    updatedAt
  }
`);

export const SMART_PLAYLISTS_QUERY = graphql(`
  query SmartPlaylists {
    smartPlaylists {
      ...SmartPlaylistFields
    }
    smartPlaylistPresets {
      name
      description
      rules
    }
  }
`);

export const SMART_PLAYLIST_SONGS_QUERY = graphql(`
  query SmartPlaylistSongs($rules: JSONObject!, $first: Int) {
    smartPlaylistSongs(rules: $rules, first: $first) {
      count
      songs {
        ...LibrarySongFields
      }
    }
  }
`);

export const CREATE_SMART_PLAYLIST_MUTATION = graphql(`
  mutation CreateSmartPlaylist($name: String!, $rules: JSONObject!) {
    createSmartPlaylist(name: $name, rules: $rules) {
      ...SmartPlaylistFields
    }
  }
`);

export const UPDATE_SMART_PLAYLIST_MUTATION = graphql(`
  mutation UpdateSmartPlaylist($id: ID!, $name: String, $rules: JSONObject) {
    updateSmartPlaylist(id: $id, name: $name, rules: $rules) {
      ...SmartPlaylistFields
    }
  }
`);

export const DELETE_SMART_PLAYLIST_MUTATION = graphql(`
  mutation DeleteSmartPlaylist($id: ID!) {
    deleteSmartPlaylist(id: $id)
  }
`);
