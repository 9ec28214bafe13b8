import type { ApolloClient } from '@apollo/client';
import { graphql } from '../gql';
import type { MeQuery } from '../gql/graphql';

export const ME_QUERY = graphql(`
  query Me {
    me {
      id
      username
      email
      avatarUrl
      userTier
      subscriptionStatus
      monthlyGenerationLimit
      canAccessAdmin
      canGenerateMusic
      canAccessDJ
      canManageSongs
      adminOverride
    }
  }
`);

export type CurrentUser = NonNullable<MeQuery['me']>;

/**
 * Forgets the signed-in user and every cached result (logout, 401, UNAUTHENTICATED), then asks
 * the server who is signed in. `clearStore` detaches cache watchers, so writing `me: null` into
 * the cache would not reach the mounted user query; refetching it does, and it reflects the
 * server's view. Only the user query is refetched: refetching everything could replay the very
 * operation that reported the expired session.
 */
export async function clearSession(client: ApolloClient): Promise<void> {
  await client.clearStore();
  await client.refetchQueries({ include: [ME_QUERY] });
}
