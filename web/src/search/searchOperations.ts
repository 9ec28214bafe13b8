import { graphql } from '../gql';

export const SEARCH_QUERY = graphql(`
  query Search($text: String!) {
    search(text: $text) {
      songs {
        ...LibrarySongFields
      }
      playlists {
        id
        name
        ownerName
        isOwner
        songCount
        coverUrls
      }
      artists {
        name
        songCount
        coverUrl
      }
    }
  }
`);

export const PLAY_ARTIST_MUTATION = graphql(`
  mutation PlayArtist($name: String!) {
    playArtist(name: $name) {
      ...PlayerQueueFields
    }
  }
`);
