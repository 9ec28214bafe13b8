import { graphql } from '../gql';

export const EXTEND_SONG_MUTATION = graphql(`
  mutation ExtendSong($input: ExtendSongInput!) {
    extendSong(input: $input) {
      id
      status
      title
    }
  }
`);

export const COVER_SONG_MUTATION = graphql(`
  mutation CoverSong($input: CoverSongInput!) {
    coverSong(input: $input) {
      id
      status
      title
    }
  }
`);

export const EDIT_SONG_LYRICS_MUTATION = graphql(`
  mutation EditSongLyrics($input: EditSongLyricsInput!) {
    editSongLyrics(input: $input) {
      id
      status
      title
    }
  }
`);
