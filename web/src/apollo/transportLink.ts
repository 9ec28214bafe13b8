import { ApolloLink, HttpLink } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { createClient } from 'graphql-ws';

export const GRAPHQL_PATH = '/graphql';

/** The graphql-ws endpoint on the page's own origin (same path as HTTP, ws or wss by scheme). */
export function graphqlWebSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${GRAPHQL_PATH}`;
}

/** Queries and mutations over HTTP POST, subscriptions over graphql-ws; cookies carry the session. */
export function createTransportLink(): ApolloLink {
  const http = new HttpLink({ uri: GRAPHQL_PATH, credentials: 'same-origin' });
  // lazy: the socket opens with the first subscription and closes when none is left.
  const ws = new GraphQLWsLink(createClient({ url: graphqlWebSocketUrl(window.location), lazy: true }));
  return ApolloLink.split(({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION, ws, http);
}
