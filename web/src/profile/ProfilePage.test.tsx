import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { songData } from '../player/testSupport/scriptedApollo';
import { connectionPage, renderPage } from '../test/renderPage';
import { PROFILE_PAGE_SIZES, ProfilePage } from './ProfilePage';

const song = (id: string) => ({ ...songData(id, { title: `Made ${id}` }), playCount: 0, createdAt: '2026-11-25T08:00:00.000Z' });
const playlist = (id: string, name: string) => ({ __typename: 'Playlist', id, name, songCount: 2 });
const profile = (username: string, isOwn: boolean) => ({
  __typename: 'Profile',
  userId: '5',
  username,
  displayName: null,
  bio: null,
  avatarUrl: null,
  avatarSmallUrl: null,
  isOwn,
  memberSince: '2026-01-01T00:00:00.000Z',
  stats: { __typename: 'ProfileStats', songsCreated: 3, plays: 0, likesReceived: 0, topGenres: [] },
});

describe('ProfilePage', () => {
  it("shows the first pages of the user's songs and playlists, and loads the next ones into the profile", { timeout: 15_000 }, async () => {
    const { callsOf } = renderPage(<ProfilePage />, {
      path: '/profile?user=maker',
      answers: (operation, variables) => {
        if (operation === 'PublicProfile') {
          return { profile: { ...profile('maker', false), songsConnection: connectionPage('Song', [song('a'), song('b')], true), playlistsConnection: connectionPage('Playlist', [playlist('1', 'First mix')], true) } };
        }
        if (operation === 'ProfileSongsPage' && variables.after === 'cursor-b') return { profile: { __typename: 'Profile', userId: '5', songsConnection: connectionPage('Song', [song('c')], false) } };
        if (operation === 'ProfilePlaylistsPage' && variables.after === 'cursor-1') return { profile: { __typename: 'Profile', userId: '5', playlistsConnection: connectionPage('Playlist', [playlist('2', 'Second mix')], false) } };
        return undefined;
      },
    });
    const songs = await screen.findByRole('list', { name: 'Songs by maker' });
    expect(within(songs).queryByText('Made c')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'More songs' }));
    await within(songs).findByText('Made c');
    expect(within(songs).getByText('Made a')).toBeInTheDocument();
    expect(callsOf('ProfileSongsPage')).toEqual([{ username: 'maker', first: PROFILE_PAGE_SIZES.songsFirst, after: 'cursor-b' }]);
    expect(screen.queryByRole('button', { name: 'More songs' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'More playlists' }));
    expect(await screen.findByText('Second mix (2 songs)')).toBeInTheDocument();
    expect(screen.getByText('First mix (2 songs)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More playlists' })).not.toBeInTheDocument();
    // The profile itself was asked for once: the next pages came into it.
    expect(callsOf('PublicProfile')).toEqual([{ username: 'maker', ...PROFILE_PAGE_SIZES }]);
  });

  it('shows your own profile with its first pages', async () => {
    renderPage(<ProfilePage />, {
      path: '/profile',
      answers: (operation) =>
        operation === 'MyProfile' ? { myProfile: { ...profile('melody', true), songsConnection: connectionPage('Song', [], false), playlistsConnection: connectionPage('Playlist', [playlist('1', 'Mine')], false) } } : undefined,
    });
    expect(await screen.findByRole('heading', { name: 'Your songs' })).toBeInTheDocument();
    expect(screen.getByText('No songs yet.')).toBeInTheDocument();
    expect(screen.getByText('Mine (2 songs)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^More/ })).not.toBeInTheDocument();
  });
});
