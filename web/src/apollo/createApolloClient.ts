import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { clearSession } from '../auth/session';
import { createSessionExpiryLink } from './sessionExpiryLink';
import { createTransportLink } from './transportLink';

interface ApolloClientOptions {
  /** The terminating link; tests pass a scripted one, the app uses HTTP + graphql-ws. */
  transport?: ApolloLink;
}

export function createApolloClient({ transport = createTransportLink() }: ApolloClientOptions = {}): ApolloClient {
  // Several operations can fail at once when a session expires; one clear is enough.
  let clearing: Promise<void> | null = null;
  const onSessionExpired = () => {
    clearing ??= clearSession(client).finally(() => {
      clearing = null;
    });
  };

  const client: ApolloClient = new ApolloClient({
    cache: new InMemoryCache({
      // A playlist's entries have no id of their own: a newer list replaces the older one whole.
      typePolicies: { Playlist: { fields: { songs: { merge: false } } } },
    }),
    link: ApolloLink.from([createSessionExpiryLink(onSessionExpired), transport]),
  });
  return client;
}
