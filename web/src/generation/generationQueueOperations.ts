/** The Generation Queue page's operations (apart from the shell's generationUpdated feed, so they load with the page). */
import { graphql } from '../gql';

export const GENERATION_FIELDS_FRAGMENT = graphql(`
  fragment GenerationFields on GenerationRequest {
    id
    status
    prompt
    title
    genres
    moods
    error
    failedAtStep
    retryCount
    durationSeconds
    stages
    createdAt
    completedAt
    progress {
      stage
      percentage
    }
  }
`);

export const GENERATIONS_QUERY = graphql(`
  query Generations($first: Int, $after: String) {
    generations(first: $first, after: $after) {
      nodes {
        ...GenerationFields
      }
      endCursor
      hasNextPage
    }
  }
`);

export const RETRY_GENERATION_MUTATION = graphql(`
  mutation RetryGeneration($id: ID!) {
    retryGeneration(id: $id) {
      ...GenerationFields
    }
  }
`);

export const CANCEL_GENERATION_MUTATION = graphql(`
  mutation CancelGeneration($id: ID!) {
    cancelGeneration(id: $id) {
      ...GenerationFields
    }
  }
`);
