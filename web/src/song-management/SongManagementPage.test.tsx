import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../test/renderApp';
import { connectionPage, renderPage } from '../test/renderPage';
import { MANAGED_PAGE_SIZE, SongManagementPage } from './SongManagementPage';

const managed = (id: string, overrides: Record<string, unknown> = {}) => ({
  __typename: 'ManagedSong',
  id,
  title: `Managed ${id}`,
  artist: null,
  genre: 'jazz',
  mood: null,
  lyrics: null,
  lrc: null,
  duration: 60,
  audioUrl: null,
  coverUrl: null,
  thumbnailUrl: null,
  isPublic: true,
  canBeShared: true,
  ownerName: 'melody',
  playCount: 0,
  likeCount: 0,
  createdAt: '2026-11-25T08:00:00.000Z',
  ...overrides,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SongManagementPage', () => {
  it('pages through the songs, and changes or deletes rows in place without reloading the pages', { timeout: 15_000 }, async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { callsOf } = renderPage(<SongManagementPage />, {
      user: makeUser({ canManageSongs: true }),
      answers: (operation, variables) => {
        if (operation === 'ManagedSongs') {
          return { managedSongsConnection: variables.after === 'cursor-b' ? connectionPage('ManagedSong', [managed('c')], false) : connectionPage('ManagedSong', [managed('a'), managed('b')], true) };
        }
        if (operation === 'SetSongsVisibility') return { setSongsVisibility: [managed('a', { isPublic: false })] };
        if (operation === 'DeleteSongs') return { deleteSongs: variables.songIds };
        return undefined;
      },
    });
    const table = await screen.findByRole('table', { name: 'Songs' });
    const titles = () => within(table).queryAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]!.textContent);
    expect(titles()).toEqual(['Managed a', 'Managed b']);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await within(table).findByText('Managed c');
    expect(titles()).toEqual(['Managed a', 'Managed b', 'Managed c']);
    expect(callsOf('ManagedSongs')).toEqual([{ all: false, first: MANAGED_PAGE_SIZE }, { all: false, first: MANAGED_PAGE_SIZE, after: 'cursor-b' }]);

    await userEvent.click(within(table).getByRole('button', { name: 'Managed a is public: make it private' }));
    expect(await within(table).findByRole('button', { name: 'Managed a is private: make it public' })).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Delete Managed b' }));
    await vi.waitFor(() => expect(titles()).toEqual(['Managed a', 'Managed c']));
    expect(callsOf('DeleteSongs')).toEqual([{ songIds: ['b'] }]);
    // Both answers were enough: the loaded pages were not asked for again.
    expect(callsOf('ManagedSongs')).toHaveLength(2);
  });

  it('without canManageSongs, says which plan has it and asks for nothing', async () => {
    const { calls } = renderPage(<SongManagementPage />, { answers: () => undefined });
    expect(await screen.findByText(/Song management comes with the Pro plan/)).toBeInTheDocument();
    expect(calls.filter((call) => call.operationName === 'ManagedSongs')).toEqual([]);
  });
});
