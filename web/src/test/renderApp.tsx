import { ApolloLink, type ApolloClient } from '@apollo/client';
import { render } from '@testing-library/react';
import type { FormattedExecutionResult } from 'graphql';
import { MemoryRouter, useLocation } from 'react-router';
import { from, type Observable } from 'rxjs';
import { createApolloClient } from '../apollo/createApolloClient';
import { AppProviders } from '../app/App';
import { AppRoutes } from '../app/AppRoutes';
import type { CurrentUser } from '../auth/session';

/** A user as the API returns it (Apollo adds __typename to every selection). */
export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser & { __typename: 'User' } {
  return {
    __typename: 'User',
    id: '1',
    username: 'melody',
    email: null,
    avatarUrl: null,
    userTier: 'free',
    subscriptionStatus: 'inactive',
    monthlyGenerationLimit: 5,
    canAccessAdmin: false,
    canGenerateMusic: false,
    canAccessDJ: false,
    canManageSongs: false,
    adminOverride: false,
    ...overrides,
  };
}

export type GraphQLResponder = (operationName: string, variables?: Record<string, unknown>) => Promise<FormattedExecutionResult>;

/** The app's real Apollo client (with its session-expiry link and cache policies) over a scripted transport. */
export function createTestClient(respond: GraphQLResponder): ApolloClient {
  const transport = new ApolloLink(
    (operation) => from(respond(operation.operationName ?? '', operation.variables)) as Observable<ApolloLink.Result>,
  );
  return createApolloClient({ transport });
}

/** What a new account's shell asks for besides `Me`: an empty queue, no mixer settings, an empty home. */
const NEW_ACCOUNT_ANSWERS: Record<string, () => { data: Record<string, unknown> }> = {
  PlayerQueue: () => ({ data: { queue: { __typename: 'Queue', version: 1, radioGenre: null, currentSong: null, upcomingQueue: [], playHistory: [] } } }),
  MixerSettings: () => ({ data: { mixerSettings: null } }),
  Home: () => ({ data: { home: { __typename: 'Home', recentlyPlayed: [], latestCreations: [], recentlyLiked: [], madeForYou: [] } } }),
  Playlists: () => ({ data: { playlists: [] } }),
  RemainingQuota: () => ({ data: { myPlan: { __typename: 'Plan', generationsLeft: 5, limits: { __typename: 'TierLimits', monthlyGenerations: 5 } } } }),
};

/** Answers `Me` with the given user (or null for signed out), and a new account's shell queries. */
export function meResponder(user: CurrentUser | null): GraphQLResponder {
  return async (operationName) => {
    if (operationName === 'Me') return { data: { me: user } };
    const answer = NEW_ACCOUNT_ANSWERS[operationName];
    if (answer) return answer();
    throw new Error(`Unexpected operation ${operationName}`);
  };
}

function LocationProbe() {
  const { pathname } = useLocation();
  return <div data-testid="location">{pathname}</div>;
}

export function renderApp({ path = '/', client }: { path?: string; client: ApolloClient }) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders client={client}>
        <AppRoutes />
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
}
