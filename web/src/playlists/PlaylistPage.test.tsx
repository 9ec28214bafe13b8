import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApolloProvider } from '@apollo/client/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AudioGraph } from '../player/audioGraph';
import { createApolloGenerationWatch, createApolloMixerSettingsBackend, createApolloQueueBackend } from '../player/apolloBackends';
import { PlayerProvider, createPlayerServices } from '../player/PlayerProvider';
import { createFakeAudioRig } from '../player/testSupport/fakeAudio';
import { createScriptedApollo, queueData, songData } from '../player/testSupport/scriptedApollo';
import { PlaylistPage } from './PlaylistPage';

const librarySong = (id: string, title: string) => ({
  ...songData(id, { title, duration: 90 }),
  playCount: 0,
  createdAt: '2026-11-25T08:00:00.000Z',
});

function playlistData(overrides: Record<string, unknown> = {}, titles = ['First', 'Second']) {
  return {
    __typename: 'Playlist',
    id: '7',
    name: 'Shared Mix',
    description: 'Songs for the road',
    isPublic: true,
    isOwner: false,
    ownerName: 'alice',
    songCount: titles.length,
    totalDuration: titles.length * 90,
    coverUrls: [],
    updatedAt: '2026-11-25T08:00:00.000Z',
    songs: titles.map((title, position) => ({ __typename: 'PlaylistEntry', position, addedAt: '2026-11-25T08:00:00.000Z', song: librarySong(`s${position}`, title) })),
    ...overrides,
  };
}

function renderPage(handlers: Parameters<typeof createScriptedApollo>[0]) {
  const apollo = createScriptedApollo({
    PlayerQueue: () => ({ queue: queueData(null) }),
    MixerSettings: () => ({ mixerSettings: null }),
    ...handlers,
  });
  const rig = createFakeAudioRig();
  const services = createPlayerServices(
    new AudioGraph(rig.context, rig.createElement),
    { queue: createApolloQueueBackend(apollo.client), mixerSettings: createApolloMixerSettingsBackend(apollo.client), generations: createApolloGenerationWatch(apollo.client) },
    window.localStorage,
  );
  render(
    <MemoryRouter initialEntries={['/playlists/7']}>
      <ApolloProvider client={apollo.client}>
        <PlayerProvider services={services}>
          <Routes>
            <Route path="/playlists/:id" element={<PlaylistPage />} />
          </Routes>
        </PlayerProvider>
      </ApolloProvider>
    </MemoryRouter>,
  );
  return apollo;
}

describe('PlaylistPage', () => {
  it("shows someone else's public playlist read-only, and follows its changes live", async () => {
    const apollo = renderPage({ Playlist: () => ({ playlist: playlistData() }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shared Mix' })).toBeInTheDocument();
    expect(screen.getByText('Songs for the road')).toBeInTheDocument();
    expect(screen.getByText('2 songs')).toBeInTheDocument();
    expect(screen.getByText('3 min')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Playlist songs' });
    expect(within(list).getAllByRole('listitem').map((row) => row.querySelector('.playlist-row__title')?.textContent)).toEqual(['First', 'Second']);
    expect(screen.queryByRole('button', { name: /^Reorder/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /from playlist$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Playlist name/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Public' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save a copy' })).toBeInTheDocument();
    expect(apollo.calls.find((call) => call.operationName === 'PlaylistChanged')?.variables).toEqual({ playlistId: '7' });

    apollo.push('PlaylistChanged', { playlistChanged: { __typename: 'PlaylistChange', playlistId: '7', playlist: playlistData({}, ['Second', 'Third', 'First']) } });
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.getByText('3 songs')).toBeInTheDocument();
  });

  it('lets the owner rename in place, and plays the playlist from a chosen song', async () => {
    const apollo = renderPage({
      Playlist: () => ({ playlist: playlistData({ isOwner: true, isPublic: false, ownerName: 'me' }) }),
      RenamePlaylist: ({ name }) => ({ renamePlaylist: { ...playlistData({ isOwner: true, isPublic: false, ownerName: 'me', name }), songs: undefined } }),
      Playlists: () => ({ playlists: [] }),
      PlayPlaylist: () => ({ playPlaylist: queueData(songData('s1', { title: 'Second' }), [], 2) }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Playlist name: Shared Mix' }));
    const input = screen.getByRole('textbox', { name: 'Playlist name' });
    await userEvent.clear(input);
    await userEvent.type(input, 'Evening{Enter}');
    await vi.waitFor(() => expect(apollo.calls.find((call) => call.operationName === 'RenamePlaylist')?.variables).toEqual({ id: '7', name: 'Evening' }));
    expect(await screen.findByRole('button', { name: 'Playlist name: Evening' })).toBeInTheDocument();
    expect(apollo.calls.filter((call) => call.operationName === 'RenamePlaylist')).toHaveLength(1);
    // Escape leaves the name as it was, without a request.
    await userEvent.click(screen.getByRole('button', { name: 'Playlist name: Evening' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Playlist name' }), ' typo{Escape}');
    expect(await screen.findByRole('button', { name: 'Playlist name: Evening' })).toBeInTheDocument();
    expect(apollo.calls.filter((call) => call.operationName === 'RenamePlaylist')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Reorder/ })).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Play Second' }));
    await vi.waitFor(() => expect(apollo.calls.find((call) => call.operationName === 'PlayPlaylist')?.variables).toEqual({ id: '7', startSongId: 's1', shuffle: false }));
  });
});
