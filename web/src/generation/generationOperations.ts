import { graphql } from '../gql';

export const GENERATION_UPDATED_SUBSCRIPTION = graphql(`
  subscription GenerationUpdated {
    generationUpdated {
      requestId
      status
      createdAt
      title
      genres
      moods
      error
      progress {
        stage
        percentage
      }
    }
  }
`);
