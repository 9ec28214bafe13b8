import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/App';
import { SignedInUserContext } from '../auth/useCurrentUser';
import { Sidebar } from '../shell/Sidebar';
import { createTestClient, makeUser, meResponder } from '../test/renderApp';

const playlist = (id: string, name: string) => ({
  __typename: 'Playlist',
  id,
  name,
  description: null,
  isPublic: false,
  isOwner: true,
  ownerName: 'melody',
  songCount: 2,
  totalDuration: 300,
  coverUrls: [],
  updatedAt: '2026-11-25T08:00:00.000Z',
});

describe('Sidebar playlists', () => {
  it("lists the user's playlists in a section of their own under Library, each linking to its page", async () => {
    const user = makeUser();
    const me = meResponder(user);
    const client = createTestClient(async (operation) =>
      operation === 'Playlists' ? { data: { playlists: [playlist('3', 'Road Trip'), playlist('1', 'Focus')] } } : me(operation),
    );
    render(
      <MemoryRouter initialEntries={['/playlists/1']}>
        <AppProviders client={client}>
          <SignedInUserContext value={user}>
            <Sidebar collapsed={false} />
          </SignedInUserContext>
        </AppProviders>
      </MemoryRouter>,
    );
    const section = screen.getByRole('region', { name: 'Playlists' });
    expect(await within(section).findByRole('link', { name: 'Road Trip' })).toHaveAttribute('href', '/playlists/3');
    expect(within(section).getByRole('link', { name: 'Focus' })).toHaveAttribute('aria-current', 'page');
    expect(within(section).getByRole('button', { name: 'New playlist' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Library' })).queryByRole('link', { name: 'Road Trip' })).not.toBeInTheDocument();
  });
});
