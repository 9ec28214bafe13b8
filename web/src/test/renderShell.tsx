import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/App';
import { SignedInUserContext } from '../auth/useCurrentUser';
import type { CurrentUser } from '../auth/session';
import { createTestClient, meResponder } from './renderApp';

/** Renders shell pieces for a signed-in user at `path`, with the app's providers. */
export function renderSignedIn(ui: ReactNode, { user, path = '/' }: { user: CurrentUser; path?: string }) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders client={createTestClient(meResponder(user))}>
        <SignedInUserContext value={user}>{ui}</SignedInUserContext>
      </AppProviders>
    </MemoryRouter>,
  );
}
