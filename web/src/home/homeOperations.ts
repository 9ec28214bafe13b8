import { graphql } from '../gql';

export const HOME_QUERY = graphql(`
  query Home {
    home {
      recentlyPlayed {
        ...LibrarySongFields
      }
      latestCreations {
        ...LibrarySongFields
      }
      recentlyLiked {
        ...LibrarySongFields
      }
      madeForYou {
        ...LibrarySongFields
      }
    }
  }
`);
