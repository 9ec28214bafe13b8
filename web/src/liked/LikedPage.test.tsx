import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { songData } from '../player/testSupport/scriptedApollo';
import { connectionPage, renderPage } from '../test/renderPage';
import { LIKED_PAGE_SIZE, LikedPage } from './LikedPage';

const liked = (id: string) => ({ ...songData(id, { title: `Liked ${id}`, isLiked: true, likeCount: 1 }), playCount: 0, createdAt: '2026-11-25T08:00:00.000Z' });

describe('LikedPage', () => {
  it('shows the first page of liked songs with the total, loads the next page after its cursor, and drops an unliked song from list and count', { timeout: 15_000 }, async () => {
    const { client, callsOf } = renderPage(<LikedPage />, {
      answers: (operation, variables) => {
        if (operation !== 'LikedSongs') return undefined;
        return variables.after === 'cursor-b'
          ? { likedSongsConnection: connectionPage('Song', [liked('c')], false, { totalCount: 3 }) }
          : { likedSongsConnection: connectionPage('Song', [liked('a'), liked('b')], true, { totalCount: 3 }) };
      },
    });
    const list = await screen.findByRole('list', { name: 'Liked songs' });
    expect(within(list).getByText('Liked a')).toBeInTheDocument();
    expect(within(list).queryByText('Liked c')).not.toBeInTheDocument();
    expect(screen.getByText('3 songs')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await within(list).findByText('Liked c');
    expect(['Liked a', 'Liked b', 'Liked c'].every((title) => within(list).queryByText(title))).toBe(true);
    expect(callsOf('LikedSongs')).toEqual([{ first: LIKED_PAGE_SIZE }, { first: LIKED_PAGE_SIZE, after: 'cursor-b' }]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    // An unlike anywhere updates the song in the cache: it leaves the list and the count.
    client.cache.modify({ id: client.cache.identify({ __typename: 'Song', id: 'b' }), fields: { isLiked: () => false } });
    await vi.waitFor(() => expect(within(list).queryByText('Liked b')).not.toBeInTheDocument());
    expect(screen.getByText('2 songs')).toBeInTheDocument();
  });

  it('says so when nothing is liked', async () => {
    renderPage(<LikedPage />, { answers: (operation) => (operation === 'LikedSongs' ? { likedSongsConnection: connectionPage('Song', [], false, { totalCount: 0 }) } : undefined) });
    expect(await screen.findByText('Songs you like show up here.')).toBeInTheDocument();
    expect(screen.getByText('0 songs')).toBeInTheDocument();
  });
});
