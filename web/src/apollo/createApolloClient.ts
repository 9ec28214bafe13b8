import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';
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
      typePolicies: {
        // A playlist's entries have no id of their own: a newer list replaces the older one whole.
        Playlist: { fields: { songs: { merge: false } } },
        // Cursor connections that pages load more of ("Load more"): a page after a cursor is
        // appended, a first page replaces what was loaded. Arguments other than the page's tell lists apart.
        Query: {
          fields: {
            likedSongsConnection: relayStylePagination(),
            aiArtistsConnection: relayStylePagination(['owner']),
            managedSongsConnection: relayStylePagination(['all']),
          },
        },
        AiArtist: { fields: { songsConnection: relayStylePagination() } },
        // A profile is its user's: its connections are kept with it.
        Profile: { keyFields: ['userId'], fields: { songsConnection: relayStylePagination(), playlistsConnection: relayStylePagination() } },
      },
    }),
    link: ApolloLink.from([createSessionExpiryLink(onSessionExpired), transport]),
  });
  return client;
}
