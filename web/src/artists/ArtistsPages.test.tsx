import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queueData, songData } from '../player/testSupport/scriptedApollo';
import { connectionPage, renderPage } from '../test/renderPage';
import { ArtistPage, ARTIST_SONGS_PAGE_SIZE } from './ArtistPage';
import { ArtistsPage, ARTISTS_PAGE_SIZE } from './ArtistsPage';

const artist = (id: string, name: string, isMine: boolean, overrides: Record<string, unknown> = {}) => ({
  __typename: 'AiArtist',
  id,
  name,
  bio: null,
  genres: ['jazz'],
  moods: [],
  voiceType: 'low',
  timbre: { __typename: 'VoiceTimbre', brightness: 0, breathiness: 0.3, vibrato: 0.5 },
  instruments: [],
  tempoMin: 70,
  tempoMax: 140,
  isPublic: true,
  portraitSeed: 1,
  portraitUrl: null,
  portraitThumbnailUrl: null,
  ownerName: isMine ? 'melody' : 'someone',
  isMine,
  canEdit: isMine,
  songCount: 0,
  ...overrides,
});
const song = (id: string) => ({ ...songData(id, { title: `Sung ${id}` }), playCount: 0, createdAt: '2026-11-25T08:00:00.000Z' });

describe('ArtistsPage', () => {
  it("shows the user's artists, a page of the others' artists, and loads more of them after the cursor", { timeout: 15_000 }, async () => {
    const { callsOf } = renderPage(<ArtistsPage />, {
      answers: (operation, variables) => {
        if (operation !== 'AiArtists') return undefined;
        const others = variables.after === 'cursor-2' ? connectionPage('AiArtist', [artist('3', 'Third Voice', false)], false) : connectionPage('AiArtist', [artist('2', 'Second Voice', false)], true);
        return { mine: connectionPage('AiArtist', [artist('1', 'My Voice', true)], false), others };
      },
    });
    const yours = await screen.findByRole('region', { name: 'Your artists' });
    expect(within(yours).getByRole('link', { name: 'My Voice' })).toBeInTheDocument();
    const publicOnes = screen.getByRole('region', { name: 'Public artists' });
    expect(within(publicOnes).getAllByRole('link').map((link) => link.getAttribute('aria-label'))).toEqual(['Second Voice']);

    await userEvent.click(within(publicOnes).getByRole('button', { name: 'More artists' }));
    await within(publicOnes).findByRole('link', { name: 'Third Voice' });
    expect(within(publicOnes).getAllByRole('link').map((link) => link.getAttribute('aria-label'))).toEqual(['Second Voice', 'Third Voice']);
    expect(within(yours).getAllByRole('link')).toHaveLength(1);
    expect(callsOf('AiArtists')).toEqual([{ first: ARTISTS_PAGE_SIZE }, { first: ARTISTS_PAGE_SIZE, after: 'cursor-2' }]);
    expect(within(publicOnes).queryByRole('button', { name: 'More artists' })).not.toBeInTheDocument();
  });
});

describe('ArtistPage', () => {
  it("lists the artist's songs a page at a time, and Play all asks the server for all of them", { timeout: 15_000 }, async () => {
    const { callsOf } = renderPage(<ArtistPage />, {
      path: '/artists/9',
      route: '/artists/:id',
      answers: (operation, variables) => {
        if (operation === 'AiArtist') {
          const songs = variables.after === 'cursor-s2' ? connectionPage('Song', [song('s3')], false) : connectionPage('Song', [song('s1'), song('s2')], true);
          return { aiArtist: { ...artist('9', 'Night Singer', false, { songCount: 3 }), songsConnection: songs } };
        }
        if (operation === 'PlayAiArtist') return { playAiArtist: { ...queueData(songData('s1'), [songData('s2'), songData('s3')]), djActive: false } };
        return undefined;
      },
    });
    const list = await screen.findByRole('list', { name: 'Songs by Night Singer' });
    expect(within(list).queryByText('Sung s3')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await within(list).findByText('Sung s3');
    expect(within(list).getByText('Sung s1')).toBeInTheDocument();
    expect(callsOf('AiArtist')).toEqual([{ id: '9', first: ARTIST_SONGS_PAGE_SIZE }, { id: '9', first: ARTIST_SONGS_PAGE_SIZE, after: 'cursor-s2' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Play all' }));
    await vi.waitFor(() => expect(callsOf('PlayAiArtist')).toEqual([{ id: '9' }]));
  });
});
