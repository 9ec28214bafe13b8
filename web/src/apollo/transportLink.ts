import { ApolloLink, HttpLink } from '@apollo/client';
import { OperationTypeNode } from 'graphql';
import type { ClientOptions } from 'graphql-ws';
import { Observable, type Subscription } from 'rxjs';

export const GRAPHQL_PATH = '/graphql';

/**
 * Sent on `window` when the subscription socket is back after a drop. Pushes sent while it was
 * down are lost, so whatever follows a subscription (the player's queue) should fetch afresh.
 */
export const SUBSCRIPTIONS_RESUMED_EVENT = 'graphql-subscriptions-resumed';

const MAX_RETRY_WAIT_MS = 10_000;

/** The graphql-ws endpoint on the page's own origin (same path as HTTP, ws or wss by scheme). */
export function graphqlWebSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${GRAPHQL_PATH}`;
}

/** The server's close code for a socket without a session (signed out, expired or refused at connect). */
const SESSION_ENDED_CLOSE_CODE = 4403;

const isSessionEnded = (event: unknown) => typeof event === 'object' && event !== null && (event as { code?: unknown }).code === SESSION_ENDED_CLOSE_CODE;

/**
 * Reconnection for sockets a page keeps for hours: graphql-ws gives up after five tries by
 * default (about half a minute), and a subscription it gave up on is never started again, so a
 * server restart or a network drop left the page deaf to pushes until a reload. A socket closed
 * because its session ended is not retried: it would be refused forever, and signing in again
 * reloads the page.
 */
export const KEEP_RECONNECTING: Pick<ClientOptions, 'retryAttempts' | 'shouldRetry' | 'retryWait'> = {
  retryAttempts: Number.POSITIVE_INFINITY,
  shouldRetry: (event) => !isSessionEnded(event),
  retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, Math.min(MAX_RETRY_WAIT_MS, 500 * 2 ** retries))),
};

/** Options of the app's subscription socket; `onResumed` runs when it connects again after a drop. */
export function subscriptionClientOptions(url: string, onResumed: () => void): ClientOptions {
  return {
    url,
    // lazy: the socket opens with the first subscription and closes when none is left.
    lazy: true,
    ...KEEP_RECONNECTING,
    on: {
      connected: (_socket, _payload, wasRetry) => {
        if (wasRetry) onResumed();
      },
    },
  };
}

/**
 * The subscription link, with graphql-ws and Apollo's link for it loaded by the first subscription:
 * subscriptions start after the first render, so the first screen does not wait for them (about
 * 4 KB gzip). A failed load fails that subscription and the next one loads again.
 */
function lazyWebSocketLink(): ApolloLink {
  let loading: Promise<ApolloLink> | null = null;
  const load = () =>
    (loading ??= Promise.all([import('graphql-ws'), import('@apollo/client/link/subscriptions')]).then(
      ([{ createClient }, { GraphQLWsLink }]) => {
        const announceResumed = () => window.dispatchEvent(new Event(SUBSCRIPTIONS_RESUMED_EVENT));
        return new GraphQLWsLink(createClient(subscriptionClientOptions(graphqlWebSocketUrl(window.location), announceResumed)));
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return new ApolloLink(
    (operation, forward) =>
      new Observable((observer) => {
        let subscription: Subscription | null = null;
        let unsubscribed = false;
        load().then(
          (link) => {
            if (!unsubscribed) subscription = link.request(operation, forward).subscribe(observer);
          },
          (error: unknown) => observer.error(error),
        );
        return () => {
          unsubscribed = true;
          subscription?.unsubscribe();
        };
      }),
  );
}

/** Queries and mutations over HTTP POST, subscriptions over graphql-ws; cookies carry the session. */
export function createTransportLink(): ApolloLink {
  const http = new HttpLink({ uri: GRAPHQL_PATH, credentials: 'same-origin' });
  return ApolloLink.split(({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION, lazyWebSocketLink(), http);
}
