import { graphql } from '../gql';

/** The fields a song row shows; isLiked/likeCount keep the like heart in step through the cache. */
export const LIBRARY_SONG_FRAGMENT = graphql(`
  fragment LibrarySongFields on Song {
    id
    title
    artist
    duration
    audioUrl
    coverUrl
    thumbnailUrl
    genre
    mood
    isLiked
    likeCount
    playCount
    createdAt
  }
`);

export const LIBRARY_SONGS_QUERY = graphql(`
  query LibrarySongs($first: Int!, $after: ID, $genre: String, $mine: Boolean!) {
    songs(first: $first, after: $after, genre: $genre, mine: $mine) {
      songs {
        ...LibrarySongFields
        moderationOutcome {
          status
          moderatorNotes
          regeneration {
            status
            error
            decision
          }
        }
      }
      endCursor
      hasNextPage
    }
  }
`);

/** A page of a song connection as the song lists show it, with what "Load more" needs. */
export const LIBRARY_SONG_PAGE_FRAGMENT = graphql(`
  fragment LibrarySongPage on SongConnection {
    edges {
      cursor
      node {
        ...LibrarySongFields
      }
    }
    pageInfo {
      hasNextPage
      endCursor
    }
  }
`);

export const LIKED_SONGS_QUERY = graphql(`
  query LikedSongs($first: Int!, $after: String) {
    likedSongsConnection(first: $first, after: $after) {
      totalCount
      ...LibrarySongPage
    }
  }
`);
