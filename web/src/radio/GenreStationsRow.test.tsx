import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPlayer } from '../player/testSupport/renderPlayer';
import { queueData, songData } from '../player/testSupport/scriptedApollo';
import { GenreStationsRow } from './GenreStationsRow';

const station = (id: string, genre: string, songsAvailable: number, songsInMaking = 0) => ({
  __typename: 'RadioStation' as const,
  id,
  genre,
  mood: 'chill',
  description: `${genre} all day.`,
  songCount: 3,
  isActive: true,
  displayOrder: Number(id),
  artUrl: null,
  songsAvailable,
  songsInMaking,
});

describe('GenreStationsRow', () => {
  it('shows the stations that have songs and starts one, with the radio badge in the player bar', async () => {
    const { apollo } = renderPlayer({
      page: <GenreStationsRow />,
      handlers: {
        RadioStations: () => ({ radioStations: [station('1', 'lo-fi', 2), station('2', 'metal', 0), station('3', 'jazz', 5)] }),
        PlayRadioStation: ({ genre }) => ({ playRadioStation: queueData(songData('s1', { genre: genre as string }), [songData('s2', { genre: genre as string })], 2, genre as string) }),
      },
    });
    const row = await screen.findByRole('list', { name: 'Genre stations' });
    expect(within(row).getAllByRole('listitem').map((card) => card.getAttribute('aria-label'))).toEqual(['lo-fi station', 'jazz station']);
    await userEvent.click(within(row).getByRole('button', { name: 'Play jazz radio' }));
    await waitFor(() => expect(apollo.calls).toContainEqual({ operationName: 'PlayRadioStation', variables: { genre: 'jazz' } }));
    await screen.findByText('Radio: jazz');
  });

  it('reads the stations again after starting one, and says when new songs are being made for it', async () => {
    let started = false;
    const { apollo } = renderPlayer({
      page: <GenreStationsRow />,
      handlers: {
        RadioStations: () => ({ radioStations: [station('1', 'lo-fi', 2, started ? 2 : 0)] }),
        PlayRadioStation: ({ genre }) => {
          started = true;
          return { playRadioStation: queueData(songData('s1', { genre: genre as string }), [songData('s2', { genre: genre as string })], 2, genre as string) };
        },
      },
    });
    const card = await screen.findByRole('listitem', { name: 'lo-fi station' });
    expect(within(card).queryByRole('status')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Play lo-fi radio' }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Making 2 new songs for you');
    expect(apollo.calls.filter((call) => call.operationName === 'RadioStations').length).toBeGreaterThanOrEqual(2);
  });
});
