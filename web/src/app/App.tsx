import type { ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { BrowserRouter } from 'react-router';
import { DeferredToaster } from '../ui/deferred';
import { AppRoutes } from './AppRoutes';

/** Everything but the router, so tests can wrap it in a MemoryRouter. */
export function AppProviders({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <ApolloProvider client={client}>
      {children}
      <DeferredToaster />
    </ApolloProvider>
  );
}

export function App({ client }: { client: ApolloClient }) {
  return (
    <BrowserRouter>
      <AppProviders client={client}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  );
}
