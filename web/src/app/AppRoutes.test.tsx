import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'graphql';
import { createTestClient, makeUser, meResponder, renderApp } from '../test/renderApp';
import { SPEC_ROUTES } from './specRoutes';
import { AVAILABLE_ROUTES, MOUNTED_PAGES } from './pages';

describe('app routes', () => {
  it('shows a spinner while the user query loads', async () => {
    let answer: (value: { data: { me: null } }) => void = () => {};
    const client = createTestClient(() => new Promise((resolve) => (answer = resolve)));
    renderApp({ client });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    answer({ data: { me: null } });
    expect(await screen.findByRole('tab', { name: 'Sign in' })).toBeInTheDocument();
  });

  it.each(['/', '/library', '/admin/database-sync', '/no-such-page'])('shows the auth page at %s when signed out', async (path) => {
    renderApp({ path, client: createTestClient(meResponder(null)) });
    expect(await screen.findByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Create account' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('shows the home page at / when signed in', async () => {
    renderApp({ client: createTestClient(meResponder(makeUser({ username: 'melody' }))) });
    expect(await screen.findByRole('heading', { level: 1, name: /Good (morning|afternoon|evening), melody/ })).toBeInTheDocument();
  });

  it("shows '404 Page Not Found' for a path outside SPEC 2, inside the shell", async () => {
    renderApp({ path: '/definitely-not-a-route', client: createTestClient(meResponder(makeUser())) });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('mounts a page for every SPEC route (the auth page aside, which the auth gate shows)', () => {
    expect(SPEC_ROUTES.filter((route) => route !== '/auth' && !AVAILABLE_ROUTES.has(route))).toEqual([]);
  });

  it.each([
    ['/', 'Home · Songforge'],
    ['/library', 'Library · Songforge'],
    ['/generation-queue', 'Generation Queue · Songforge'],
    ['/studio', 'AI Studio · Songforge'],
    ['/no-such-page', 'Page Not Found · Songforge'],
  ])('titles the tab of %s "%s"', async (path, title) => {
    renderApp({ path, client: createTestClient(meResponder(makeUser({ canGenerateMusic: true }))) });
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('titles every mounted page, each differently, and the auth page "Sign in · Songforge"', async () => {
    const titles = MOUNTED_PAGES.map((page) => page.title);
    expect(new Set(titles).size).toBe(titles.length);
    renderApp({ path: '/library', client: createTestClient(meResponder(null)) });
    await waitFor(() => expect(document.title).toBe('Sign in · Songforge'));
  });

  it('sends a signed-in user at /auth to home', async () => {
    renderApp({ path: '/auth', client: createTestClient(meResponder(makeUser())) });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await screen.findByRole('heading', { level: 1, name: /melody/ })).toBeInTheDocument();
  });

  it('clears the cached user and data when an operation comes back UNAUTHENTICATED', async () => {
    let signedIn = true;
    const signedInAnswers = meResponder(makeUser());
    const client = createTestClient(async (operationName) =>
      signedIn ? signedInAnswers(operationName) : { data: null, errors: [{ message: 'Not authenticated', extensions: { code: 'UNAUTHENTICATED' } }] },
    );
    renderApp({ path: '/', client });
    await screen.findByRole('navigation', { name: 'Main' });

    signedIn = false;
    await expect(client.query({ query: parse('query Library { me { id } }'), fetchPolicy: 'network-only' })).rejects.toThrow('Not authenticated');

    expect(await screen.findByRole('tab', { name: 'Sign in' })).toBeInTheDocument();
    expect(client.cache.extract()).toEqual({ ROOT_QUERY: { __typename: 'Query', me: null } });
  });

  it('offers a retry when the user query fails for another reason', async () => {
    let reachable = false;
    const client = createTestClient(async () => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return { data: { me: null } };
    });
    renderApp({ client });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading')).toHaveTextContent("Can't reach Songforge");
    reachable = true;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tab', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('signs out: clears the cache, goes to /auth and confirms with a toast', async () => {
    let signedIn = true;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (String(input) !== '/api/logout') return new Response('{"error":"Not found"}', { status: 404 });
      signedIn = false;
      return new Response('{"success":true}', { status: 200 });
    });
    const client = createTestClient(async (operationName) => {
      if (operationName === 'Me') return { data: { me: signedIn ? makeUser({ username: 'melody' }) : null } };
      // The shell's own queries (the player's queue...), refetched as the cache is cleared.
      return signedIn ? meResponder(makeUser())(operationName) : { data: null, errors: [{ message: 'Not authenticated', extensions: { code: 'UNAUTHENTICATED' } }] };
    });
    renderApp({ path: '/', client });

    await userEvent.click(await screen.findByRole('button', { name: /Account menu: melody/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    expect(await screen.findByRole('tab', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/auth'));
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST', credentials: 'same-origin' }));
    expect(client.cache.extract()).toEqual({ ROOT_QUERY: { __typename: 'Query', me: null } });
    expect(await screen.findByText('Logout successful')).toBeInTheDocument();
    expect(screen.getByText('See you next time!')).toBeInTheDocument();
  });

  it('keeps the user signed in and shows a destructive toast when logout fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
      String(input) === '/api/logout'
        ? new Response('', { status: 503, statusText: 'Service Unavailable' })
        : new Response('{"error":"Not found"}', { status: 404 }),
    );
    renderApp({ path: '/', client: createTestClient(meResponder(makeUser({ username: 'melody' }))) });

    await userEvent.click(await screen.findByRole('button', { name: /Account menu: melody/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));

    const title = await screen.findByText('Logout failed');
    expect(title.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByText('503: Service Unavailable')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });
});
