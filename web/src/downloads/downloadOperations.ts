import { graphql } from '../gql';

/** What the signed-in user may download of a song (the WAV and stems are the owner's). */
export const SONG_DOWNLOADS_QUERY = graphql(`
  query SongDownloads($songId: ID!) {
    songDownloads(songId: $songId) {
      songId
      mp3Url
      wavUrl
      zipUrl
      stems {
        stem
        url
      }
      unavailableReason
    }
  }
`);

export const CREATE_VARIATION_MUTATION = graphql(`
  mutation CreateVariation($songId: ID!) {
    createVariation(songId: $songId) {
      id
      status
      title
    }
  }
`);
