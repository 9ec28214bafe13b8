import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../auth/session';
import { reloadUiPrefs, UI_PREF_STORAGE_KEYS } from '../prefs/uiPrefs';
import { makeUser } from '../test/renderApp';
import { renderSignedIn } from '../test/renderShell';
import { Layout } from './Layout';
import { Sidebar } from './Sidebar';

const MAIN_LABELS = ['Home', 'Your Library', 'Smart Playlists', 'Mood & Time', 'Radio', 'Play Queue'];

function linkNames(container: HTMLElement): string[] {
  return within(container)
    .getAllByRole('link')
    .map((link) => link.getAttribute('aria-label') ?? link.textContent ?? '');
}

describe('Sidebar', () => {
  it('lists the main entries and the Library section when expanded', () => {
    renderSignedIn(<Sidebar collapsed={false} />, { user: makeUser({ canGenerateMusic: true, canAccessDJ: true }) });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const library = within(nav).getByRole('region', { name: 'Library' });
    expect(linkNames(library)).toEqual(['Liked Songs', 'AI Studio', 'Generation Queue', 'AI Artists', 'DJ Studio', 'Now Playing']);
    expect(linkNames(nav).slice(0, MAIN_LABELS.length)).toEqual(MAIN_LABELS);
    expect(within(nav).getByRole('link', { name: 'Radio' })).toHaveAttribute('href', '/radio-v2');
  });

  it.each<[string, unknown]>([
    ['false', false],
    ['missing', undefined],
    ['the string "true"', 'true'],
    ['1', 1],
  ])('hides permission-gated entries when the flag is %s', (_, flag) => {
    const user = makeUser({
      canGenerateMusic: flag as boolean,
      canAccessDJ: flag as boolean,
      canAccessAdmin: flag as boolean,
    });
    renderSignedIn(<Sidebar collapsed={false} />, { user });
    const names = linkNames(screen.getByRole('navigation', { name: 'Main' }));
    expect(names).toContain('Liked Songs');
    expect(names).not.toContain('AI Studio');
    expect(names).not.toContain('Generation Queue');
    expect(names).not.toContain('DJ Studio');
  });

  it('shows each gated entry only for its own flag', () => {
    renderSignedIn(<Sidebar collapsed={false} />, { user: makeUser({ canAccessDJ: true }) });
    const names = linkNames(screen.getByRole('navigation', { name: 'Main' }));
    expect(names).toContain('DJ Studio');
    expect(names).not.toContain('AI Studio');
  });

  it('highlights the current entry', () => {
    renderSignedIn(<Sidebar collapsed={false} />, { user: makeUser(), path: '/liked' });
    expect(screen.getByRole('link', { name: 'Liked Songs' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('collapsed: hides the Library section, shows icons only, and labels them with tooltips', async () => {
    renderSignedIn(<Sidebar collapsed />, { user: makeUser({ canGenerateMusic: true }) });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('region', { name: 'Library' })).not.toBeInTheDocument();
    expect(linkNames(nav)).toEqual(MAIN_LABELS);
    const queueLink = within(nav).getByRole('link', { name: 'Play Queue' });
    expect(queueLink).toHaveTextContent('');

    await userEvent.hover(queueLink);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Play Queue');
  });

  it('user menu: avatar initial, tier label with Plan, TIER badge and admin entry only when allowed', async () => {
    renderSignedIn(<Sidebar collapsed={false} />, { user: makeUser({ username: 'zed', userTier: 'pro', canAccessAdmin: true }) });
    expect(screen.getByTestId('avatar-initial')).toHaveTextContent('Z');
    expect(screen.getByTestId('user-plan')).toHaveTextContent('Pro Plan');

    await userEvent.click(screen.getByRole('button', { name: /Account menu: zed, Pro Plan/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('PRO TIER')).toBeInTheDocument();
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Profile',
      'Settings',
      'Account',
      'Subscription',
      'AI Usage & Costs',
      'Admin Panel',
      'Sign Out',
    ]);
  });

  it('user menu leaves out Admin Panel unless canAccessAdmin is true', async () => {
    renderSignedIn(<Sidebar collapsed={false} />, { user: makeUser({ username: 'amy' }) });
    await userEvent.click(screen.getByRole('button', { name: /Account menu: amy/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Admin Panel' })).not.toBeInTheDocument();
    expect(within(menu).getByText('FREE TIER')).toBeInTheDocument();
  });
});

describe('Layout sidebar preference', () => {
  function renderLayout(user: CurrentUser = makeUser()) {
    return renderSignedIn(<Layout />, { user });
  }

  it('persists the collapsed state in localStorage and restores it', async () => {
    const first = renderLayout();
    await userEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(window.localStorage.getItem(UI_PREF_STORAGE_KEYS.sidebarCollapsed)).toBe('true');
    expect(screen.queryByRole('region', { name: 'Library' })).not.toBeInTheDocument();
    first.unmount();
    reloadUiPrefs(); // as on a fresh page load: read from storage, not memory

    renderLayout();
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(window.localStorage.getItem(UI_PREF_STORAGE_KEYS.sidebarCollapsed)).toBe('false');
    expect(screen.getByRole('region', { name: 'Library' })).toBeInTheDocument();
  });

  it('opens the mobile menu drawer and closes it with Escape', async () => {
    renderLayout();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    expect(within(drawer).getByRole('region', { name: 'Library' })).toBeInTheDocument();
    expect(document.getElementById('main-content')).toHaveAttribute('inert');

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(document.getElementById('main-content')).not.toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });
});
