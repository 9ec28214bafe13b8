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

export const ARTISTS_QUERY = graphql(`
  query AiArtists {
    aiArtists {
      ...AiArtistFields
    }
  }
`);

export const ARTIST_QUERY = graphql(`
  query AiArtist($id: ID!) {
    aiArtist(id: $id) {
      ...AiArtistFields
      songs {
        ...LibrarySongFields
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
