import { graphql } from '../gql';

export const STUDIO_DEFAULTS_QUERY = graphql(`
  query StudioDefaults {
    me {
      id
      defaultDuration
      generateAlbumArt
      generateLyrics
    }
    myPlan {
      tier
      generationsLeft
      limits {
        monthlyGenerations
        maxSongSeconds
      }
    }
  }
`);

export const SONG_PLAN_FRAGMENT = graphql(`
  fragment SongPlanFields on SongPlan {
    genre
    mood
    bpm
    key
    instruments
    title
    durationSeconds
    seed
    withLyrics
    withCoverArt
    summary
  }
`);

export const PLAN_SONG_QUERY = graphql(`
  query PlanSong($input: GenerateSongInput!) {
    planSong(input: $input) {
      ...SongPlanFields
    }
  }
`);

export const GENERATE_SONG_MUTATION = graphql(`
  mutation GenerateSong($input: GenerateSongInput!) {
    generateSong(input: $input) {
      id
      status
      progress {
        stage
        percentage
      }
      stages
    }
  }
`);

export const GENERATION_RESULT_QUERY = graphql(`
  query GenerationResult($id: ID!) {
    generation(id: $id) {
      id
      status
      error
      progress {
        stage
        percentage
      }
      stages
      plan {
        ...SongPlanFields
      }
      song {
        id
        title
        artist
        audioUrl
        coverUrl
        thumbnailUrl
        duration
        bpm
        key
        lyrics
        genre
        mood
      }
    }
  }
`);
