/**
 * One page of the signed-in app, without the shell: the app's real Apollo client (its cache policies,
 * e.g. how connection pages merge) over scripted answers, and the player on the fake audio rig.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../app/App';
import type { CurrentUser } from '../auth/session';
import { SignedInUserContext } from '../auth/useCurrentUser';
import { PlayerProvider } from '../player/PlayerProvider';
import { createTestPlayerServices } from '../player/testSupport/renderPlayer';
import { queueData } from '../player/testSupport/scriptedApollo';
import { createTestClient, makeUser } from './renderApp';

/** The data of an operation's answer, or undefined for an operation the test does not expect. */
export type PageAnswers = (operationName: string, variables: Record<string, unknown>) => Record<string, unknown> | undefined;

/** What the player asks for when it starts: an empty queue, no mixer settings. */
const PLAYER_ANSWERS: Record<string, Record<string, unknown>> = {
  PlayerQueue: { queue: { ...queueData(null), djActive: false } },
  MixerSettings: { mixerSettings: null },
};

export function renderPage(page: ReactNode, { answers, user = makeUser(), path = '/', route = '*' }: { answers: PageAnswers; user?: CurrentUser; path?: string; route?: string }) {
  const calls: Array<{ operationName: string; variables: Record<string, unknown> }> = [];
  const client = createTestClient(async (operationName, variables = {}) => {
    calls.push({ operationName, variables });
    const data = answers(operationName, variables) ?? PLAYER_ANSWERS[operationName];
    if (!data) throw new Error(`Unexpected operation ${operationName}`);
    return { data };
  });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders client={client}>
        <SignedInUserContext value={user}>
          <PlayerProvider services={createTestPlayerServices(client)}>
            <Routes>
              <Route path={route} element={page} />
            </Routes>
          </PlayerProvider>
        </SignedInUserContext>
      </AppProviders>
    </MemoryRouter>,
  );
  return { client, calls, callsOf: (operationName: string) => calls.filter((call) => call.operationName === operationName).map((call) => call.variables) };
}

/** A connection page as the API answers it: `cursor` of each node from its id. */
export function connectionPage<T extends { id: string }>(typename: string, nodes: readonly T[], hasNextPage: boolean, extra: Record<string, unknown> = {}) {
  const edges = nodes.map((node) => ({ __typename: `${typename}Edge`, cursor: `cursor-${node.id}`, node }));
  return {
    __typename: `${typename}Connection`,
    ...extra,
    edges,
    pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: edges.at(-1)?.cursor ?? null },
  };
}
