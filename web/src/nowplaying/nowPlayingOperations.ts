import { graphql } from '../gql';

/** What the Now Playing page adds to the player's song: large cover, waveform and lyrics. */
export const NOW_PLAYING_SONG_QUERY = graphql(`
  query NowPlayingSong($id: ID!) {
    song(id: $id) {
      id
      title
      artist
      album
      coverUrl
      genre
      mood
      bpm
      key
      lyrics
      lrc
      analysis {
        waveformPeaks
      }
    }
  }
`);
