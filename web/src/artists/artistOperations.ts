import { graphql } from '../gql';

export const ARTIST_FIELDS = graphql(`
  fragment AiArtistFields on AiArtist {
    id
    name
    bio
    genres
    moods
    voiceType
    timbre {
      brightness
      breathiness
      vibrato
    }
    instruments
    tempoMin
    tempoMax
    isPublic
    portraitSeed
    portraitUrl
    portraitThumbnailUrl
    ownerName
    isMine
    canEdit
    songCount
  }
`);

/** The user's own artists (at most 50, one page) and a page of the other users' artists the user may see. */
export const ARTISTS_QUERY = graphql(`
  query AiArtists($first: Int!, $after: String) {
    mine: aiArtistsConnection(owner: "mine", first: 50) {
      edges {
        cursor
        node {
          ...AiArtistFields
        }
      }
    }
    others: aiArtistsConnection(owner: "others", first: $first, after: $after) {
      edges {
        cursor
        node {
          ...AiArtistFields
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const ARTIST_QUERY = graphql(`
  query AiArtist($id: ID!, $first: Int!, $after: String) {
    aiArtist(id: $id) {
      ...AiArtistFields
      songsConnection(first: $first, after: $after) {
        ...LibrarySongPage
      }
    }
  }
`);

export const CREATE_ARTIST_MUTATION = graphql(`
  mutation CreateAiArtist($input: AiArtistInput!) {
    createAiArtist(input: $input) {
      ...AiArtistFields
    }
  }
`);

export const UPDATE_ARTIST_MUTATION = graphql(`
  mutation UpdateAiArtist($id: ID!, $input: AiArtistInput!) {
    updateAiArtist(id: $id, input: $input) {
      ...AiArtistFields
    }
  }
`);

export const DELETE_ARTIST_MUTATION = graphql(`
  mutation DeleteAiArtist($id: ID!) {
    deleteAiArtist(id: $id)
  }
`);

/** The Studio's artist picker. */
export const ARTIST_CHOICES_QUERY = graphql(`
  query AiArtistChoices {
    aiArtists {
      id
      name
      isMine
      voiceType
    }
  }
`);
