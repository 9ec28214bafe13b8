import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPlayer } from '../player/testSupport/renderPlayer';
import { queueData, songData } from '../player/testSupport/scriptedApollo';
import { SearchBox } from './SearchBox';

const foundSong = (id: string, title: string) => ({ ...songData(id, { title, artist: 'Neon Harbor', genre: 'synthwave' }), isLiked: false, likeCount: 0, playCount: 0, createdAt: '2026-11-25T08:00:00.000Z' });

const RESULTS = {
  __typename: 'SearchResults',
  songs: [foundSong('s1', 'Neon Nights'), foundSong('s2', 'Neon Rain')],
  playlists: [{ __typename: 'Playlist', id: '4', name: 'Neon Drive', ownerName: 'alice', isOwner: false, songCount: 3, coverUrls: [] }],
  artists: [{ __typename: 'SearchArtist', name: 'Neon Harbor', songCount: 2, coverUrl: null }],
};

function renderSearch() {
  return renderPlayer({
    handlers: {
      Search: () => ({ search: RESULTS }),
      PlaySongs: () => ({ playSongs: queueData(songData('s2', { title: 'Neon Rain' })) }),
      PlayArtist: () => ({ playArtist: queueData(songData('s1', { title: 'Neon Nights' })) }),
    },
    page: (
      <>
        <h1>Page</h1>
        <SearchBox />
      </>
    ),
  });
}

describe('SearchBox', () => {
  it("focuses on '/', shows the results grouped, moves with the arrows and plays with Enter", async () => {
    const { apollo } = renderSearch();
    const user = userEvent.setup();
    const box = screen.getByRole('combobox', { name: 'Search songs, playlists and artists' });
    await user.click(screen.getByRole('heading', { name: 'Page' }));
    await user.keyboard('/');
    expect(box).toHaveFocus();

    await user.keyboard('neon');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    expect(within(list).getByRole('group', { name: 'Songs' })).toHaveTextContent('Neon Nights');
    expect(within(within(list).getByRole('group', { name: 'Playlists' }) as HTMLElement).getByRole('option')).toHaveTextContent('By alice');
    expect(within(list).getByRole('group', { name: 'Artists' })).toHaveTextContent('Neon Harbor');
    // Typed fast, asked once, with the whole text.
    expect(apollo.calls.filter((call) => call.operationName === 'Search').map((call) => call.variables)).toEqual([{ text: 'neon' }]);

    const options = within(list).getAllByRole('option');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(apollo.calls.find((call) => call.operationName === 'PlaySongs')?.variables).toEqual({ songIds: ['s1', 's2'], startIndex: 1 }));

    // Up past the first wraps to the last: the artist.
    await user.keyboard('{ArrowUp}{ArrowUp}{Enter}');
    await waitFor(() => expect(apollo.calls.find((call) => call.operationName === 'PlayArtist')?.variables).toEqual({ name: 'Neon Harbor' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
