import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AvailableRoutesContext } from '../app/availableRoutes';
import type { SpecRoute } from '../app/specRoutes';
import { makeUser } from '../test/renderApp';
import { renderSignedIn } from '../test/renderShell';
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

describe('HomePage', () => {
  it('greets the user and shows the plan with its badge', () => {
    renderSignedIn(<HomePage />, { user: makeUser({ username: 'melody', userTier: 'premium', monthlyGenerationLimit: 50 }) });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Good (morning|afternoon|evening), melody$/);
    const plan = screen.getByRole('region', { name: 'Premium Plan' });
    expect(within(plan).getByText('PREMIUM')).toBeInTheDocument();
    expect(within(plan).getByText('50 per month')).toBeInTheDocument();
  });

  it('links cards to available features only, and hides the section when there are none', () => {
    const user = makeUser({ canGenerateMusic: true });
    const { unmount } = renderSignedIn(
      <AvailableRoutesContext value={new Set<SpecRoute>(['/', '/studio', '/dj'])}>
        <HomePage />
      </AvailableRoutesContext>,
      { user },
    );
    const features = screen.getByRole('region', { name: 'Jump back in' });
    expect(within(features).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/studio']);
    unmount();

    renderSignedIn(<HomePage />, { user });
    expect(screen.queryByRole('region', { name: 'Jump back in' })).not.toBeInTheDocument();
  });
});
