import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../ui/toastStore';
import { renderPlayer } from '../player/testSupport/renderPlayer';
import { queueData, songData } from '../player/testSupport/scriptedApollo';
import { SongList } from './SongList';

vi.mock('../ui/toastStore', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../ui/toastStore')>()),
  toast: vi.fn(),
}));

const song = { ...songData('s1', { title: 'A Rather Long Song Title For Phones', genre: 'jazz' }), playCount: 0, createdAt: '2026-11-25T08:00:00.000Z' };

describe("song rows' one menu (the only actions on phones)", () => {
  it("offers play next, add to queue, start radio, like and add to playlist in one '⋯' menu", async () => {
    const { apollo } = renderPlayer({
      page: <SongList songs={[song]} label="Songs" />,
      handlers: {
        Enqueue: () => ({ enqueue: queueData(null, [songData('s1')], 2) }),
        PlaySong: ({ isGenreSelection }) => ({ playSong: queueData(songData('s1'), [], 3, isGenreSelection ? 'jazz' : null) }),
        LikeSong: () => ({ like: { __typename: 'Song', id: 's1', isLiked: true, likeCount: 1 } }),
      },
    });
    // The ⋯ button: a stand-in until the menu's code arrives, then the menu's own trigger (look it up each time).
    const moreName = { name: 'More options for A Rather Long Song Title For Phones' };
    const more = () => screen.getByRole('button', moreName);
    await screen.findByRole('button', moreName);
    // The row is remounted as the right-click menu's trigger once the menus' code has arrived.
    await waitFor(() => expect(screen.getByRole('listitem')).toHaveAttribute('data-state', 'closed'));
    // One menu per row, at every width (no second '...' button for phones).
    expect(screen.getAllByRole('button', { name: /^More / })).toHaveLength(1);
    await userEvent.click(more());
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Play next', 'Add to queue', 'Start jazz radio', 'Add to liked songs', 'Add to playlist']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Add to queue' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Added to queue', description: 'A Rather Long Song Title For Phones' }));

    await userEvent.click(more());
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Start jazz radio' }));
    await waitFor(() => expect(apollo.calls).toContainEqual({ operationName: 'PlaySong', variables: { id: 's1', isGenreSelection: true } }));

    await userEvent.click(more());
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Add to liked songs' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Song added to liked songs', description: 'Added to your collection' }));
  });

  it('opens the same menu on a right-click anywhere on the row, and its items act', async () => {
    const { apollo } = renderPlayer({
      page: <SongList songs={[song]} label="Songs" />,
      handlers: { PlayNext: () => ({ playNext: queueData(null, [songData('s1')], 2) }) },
    });
    const title = await screen.findByText('A Rather Long Song Title For Phones');
    // The row becomes the menu's trigger once the menu's code has arrived.
    await waitFor(() => expect(title.closest('li')).toHaveAttribute('data-state', 'closed'));
    await userEvent.pointer({ keys: '[MouseRight]', target: title });
    const menu = await screen.findByRole('menu', { name: 'Options for A Rather Long Song Title For Phones' });
    expect([...menu.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent)).toEqual([
      'Play next',
      'Add to queue',
      'Start jazz radio',
      'Add to liked songs',
      'Add to playlist',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Play next' }));
    await waitFor(() => expect(apollo.calls).toContainEqual({ operationName: 'PlayNext', variables: { songId: 's1' } }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Playing next', description: 'A Rather Long Song Title For Phones' }));
  });
});
