import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AvailableRoutesContext } from '../app/availableRoutes';
import type { SpecRoute } from '../app/specRoutes';
import { SignedInUserContext } from '../auth/useCurrentUser';
import type { CurrentUser } from '../auth/session';
import { renderPlayer } from '../player/testSupport/renderPlayer';
import { queueData, songData, type createScriptedApollo } from '../player/testSupport/scriptedApollo';
import { makeUser } from '../test/renderApp';
import { featureCardsFor } from './featureCards';
import { greetingFor } from './greeting';
import { HomePage } from './HomePage';

describe('greetingFor', () => {
  it.each([
    [0, 'Good evening'],
    [4, 'Good evening'],
    [5, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Good afternoon'],
    [17, 'Good afternoon'],
    [18, 'Good evening'],
    [23, 'Good evening'],
  ])('%i:30 -> %s', (hour, expected) => {
    expect(greetingFor(new Date(2026, 0, 1, hour, 30))).toBe(expected);
  });
});

describe('featureCardsFor', () => {
  const routes = new Set<SpecRoute>(['/', '/studio', '/liked', '/dj']);

  it('lists only features whose page exists and whose flag is exactly true', () => {
    const titles = (user: ReturnType<typeof makeUser>) => featureCardsFor(user, routes).map((card) => card.title);
    expect(titles(makeUser())).toEqual(['Liked Songs']);
    expect(titles(makeUser({ canGenerateMusic: true }))).toEqual(['AI Studio', 'Liked Songs']);
    expect(titles(makeUser({ canGenerateMusic: true, canAccessDJ: true }))).toEqual(['AI Studio', 'Liked Songs', 'DJ Studio']);
  });
});

const librarySong = (id: string, title: string) => ({ ...songData(id, { title, duration: 90 }), isLiked: false, likeCount: 0, playCount: 0, createdAt: '2026-11-25T08:00:00.000Z' });
const EMPTY_HOME = { __typename: 'Home', recentlyPlayed: [], latestCreations: [], recentlyLiked: [], madeForYou: [] };

/** HomePage under the player bar, with a real player engine over scripted GraphQL answers. */
function renderHome(
  user: CurrentUser,
  { home = EMPTY_HOME, routes = new Set<SpecRoute>(['/', '/studio', '/library']), handlers = {} }: { home?: Record<string, unknown>; routes?: Set<SpecRoute>; handlers?: Parameters<typeof createScriptedApollo>[0] } = {},
) {
  return renderPlayer({
    handlers: { Home: () => ({ home }), Playlists: () => ({ playlists: [] }), ...handlers },
    page: (
      <SignedInUserContext value={user}>
        <AvailableRoutesContext value={routes}>
          <HomePage />
        </AvailableRoutesContext>
      </SignedInUserContext>
    ),
  });
}

describe('HomePage', () => {
  it("greets the user and shows the plan with its badge and the server's quota (not the user row's limit)", async () => {
    const quota = (generationsLeft: number | null, monthlyGenerations: number | null) => () => ({
      myPlan: { __typename: 'Plan', generationsLeft, limits: { __typename: 'TierLimits', monthlyGenerations } },
    });
    const { unmount } = renderHome(makeUser({ username: 'melody', userTier: 'premium', monthlyGenerationLimit: 5 }), { handlers: { RemainingQuota: quota(42, 50) } });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Good (morning|afternoon|evening), melody$/);
    const plan = screen.getByRole('region', { name: 'Premium Plan' });
    expect(within(plan).getByText('PREMIUM')).toBeInTheDocument();
    expect(await within(plan).findByText('42 of 50 generations left this month')).toBeInTheDocument();
    unmount();

    renderHome(makeUser({ userTier: 'admin', monthlyGenerationLimit: 5 }), { handlers: { RemainingQuota: quota(null, null) } });
    expect(await within(screen.getByRole('region', { name: 'Admin Plan' })).findByText('No monthly generation limit')).toBeInTheDocument();
  });

  it('links cards to available features only, and hides the section when there are none', () => {
    const user = makeUser({ canGenerateMusic: true });
    const { unmount } = renderHome(user, { routes: new Set<SpecRoute>(['/', '/studio', '/dj']) });
    const features = screen.getByRole('region', { name: 'Jump back in' });
    expect(within(features).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/studio']);
    unmount();

    renderHome(user, { routes: new Set<SpecRoute>(['/']) });
    expect(screen.queryByRole('region', { name: 'Jump back in' })).not.toBeInTheDocument();
  });

  it('leads a new user to the Studio, or to the library when they may not generate', async () => {
    const { unmount } = renderHome(makeUser({ canGenerateMusic: true }));
    const start = await screen.findByRole('region', { name: 'Start here' });
    expect(within(start).getByRole('link', { name: 'Open the AI Studio' })).toHaveAttribute('href', '/studio');
    unmount();
    renderHome(makeUser({ canGenerateMusic: false }));
    expect(within(await screen.findByRole('region', { name: 'Start here' })).getByRole('link', { name: 'Open Your Library' })).toHaveAttribute('href', '/library');
  });

  it('shows each row that has songs, and a card plays its row from that song', async () => {
    const home = { ...EMPTY_HOME, recentlyPlayed: [librarySong('a', 'Alpha'), librarySong('b', 'Beta')], madeForYou: [librarySong('c', 'Gamma')] };
    const { apollo } = renderHome(makeUser({ canGenerateMusic: true }), {
      home,
      handlers: { PlaySongs: () => ({ playSongs: queueData(songData('b', { title: 'Beta' })) }) },
    });
    const recent = await screen.findByRole('region', { name: 'Recently played' });
    expect(screen.getByRole('region', { name: 'Made for you' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recently liked' })).not.toBeInTheDocument();
    // Nothing made yet: the creations row is one card into the Studio.
    expect(within(screen.getByRole('region', { name: 'Your latest creations' })).getByRole('link', { name: 'Create a song in the AI Studio' })).toHaveAttribute('href', '/studio');
    await userEvent.click(within(recent).getByRole('button', { name: 'Play Beta' }));
    expect(apollo.calls.find((call) => call.operationName === 'PlaySongs')?.variables).toEqual({ songIds: ['a', 'b'], startIndex: 1 });
  });
});
