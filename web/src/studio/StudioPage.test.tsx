import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/App';
import { createTestClient } from '../test/renderApp';
import { PlayerProvider } from '../player/PlayerProvider';
import { createTestPlayerServices } from '../player/testSupport/renderPlayer';
import type { PlayerServices } from '../player/PlayerProvider';

import type { GenerationUpdate } from '../generation/generationFeed';

const feed = vi.hoisted(() => ({ push: (_update: GenerationUpdate) => {} }));
vi.mock('../generation/generationFeed', () => ({
  useGenerationUpdates: (listener: (update: GenerationUpdate) => void) => {
    feed.push = listener;
    return true;
  },
  listenToGenerationUpdates: () => () => undefined,
}));
const { StudioPage, allowanceText, stageStates } = await import('./StudioPage');

const LYRICS_SONG_STAGES = ['Understanding prompt', 'Writing lyrics', 'Composing', 'Rendering audio', 'Mastering', 'Encoding', 'Painting cover art', 'Saving'];
const progress = (stage: string, percentage: number) => ({ __typename: 'GenerationProgress' as const, stage, percentage });
const update = (status: string, stage: string, percentage: number): GenerationUpdate => ({
  requestId: '42',
  status,
  createdAt: '2026-11-25T08:00:00.000Z',
  title: null,
  genres: ['jazz'],
  moods: [],
  error: null,
  progress: progress(stage, percentage),
});

type Handler = (operation: string) => Promise<{ data: Record<string, unknown> }> | undefined;

function renderStudio(left: number | null, more: Handler = () => undefined, withPlayer?: (services: PlayerServices) => void) {
  const calls: string[] = [];
  const client = createTestClient(async (operation) => {
    calls.push(operation);
    const answer = more(operation);
    if (answer) return answer;
    if (operation === 'StudioDefaults') {
      return {
        data: {
          me: { __typename: 'User', id: '7', defaultDuration: 180, generateAlbumArt: true, generateLyrics: false },
          myPlan: { __typename: 'Plan', tier: 'free', generationsLeft: left, limits: { __typename: 'TierLimits', monthlyGenerations: 5, maxSongSeconds: 180 } },
        },
      };
    }
    return { data: null, errors: [{ message: `unexpected ${operation}` }] };
  });
  const services = withPlayer && createTestPlayerServices(client);
  if (services) withPlayer?.(services);
  render(
    <MemoryRouter>
      <AppProviders client={client}>
        {services ? (
          <PlayerProvider services={services}>
            <StudioPage />
          </PlayerProvider>
        ) : (
          <StudioPage />
        )}
      </AppProviders>
    </MemoryRouter>,
  );
  return calls;
}

describe('AI Studio: allowance and progress', () => {
  it('shows how many generations are left before Generate is pressed', async () => {
    renderStudio(3);
    expect(await screen.findByText('3 of 5 generations left this month · Free Plan: songs up to 180 s')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Prompt' }), 'rainy lo-fi');
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('says the limit is reached, and Generate is off, before a 6th generation is tried', async () => {
    const calls = renderStudio(0);
    expect(await screen.findByText('Monthly generation limit reached (5/5) · Free Plan: songs up to 180 s')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Prompt' }), 'rainy lo-fi');
    const generate = screen.getByRole('button', { name: 'Generate' });
    expect(generate).toBeDisabled();
    expect(generate).toHaveAccessibleDescription('Monthly generation limit reached (5/5) · Free Plan: songs up to 180 s');
    expect(calls).not.toContain('GenerateSong');
  });

  it('shows every stage of a lyrics song, those passed before the answer arrived as done', async () => {
    renderStudio(3, (operation) => {
      if (operation === 'GenerateSong') {
        // The worker's first stages are pushed before the mutation's answer names the request.
        for (const [stage, percentage] of [['Understanding prompt', 2], ['Writing lyrics', 4], ['Composing', 6]] as const) {
          feed.push(update(stage === 'Composing' ? 'generating' : 'processing', stage, percentage));
        }
        return Promise.resolve({
          data: { generateSong: { __typename: 'GenerationRequest', id: '42', status: 'pending', progress: progress('Starting...', 0), stages: LYRICS_SONG_STAGES } },
        });
      }
      if (operation === 'GenerationResult') {
        return Promise.resolve({
          data: {
            generation: { __typename: 'GenerationRequest', id: '42', status: 'pending', error: null, progress: progress('Starting...', 0), stages: LYRICS_SONG_STAGES, plan: null, song: null },
          },
        });
      }
      return undefined;
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Prompt' }), 'late night jazz');
    await userEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    const list = await screen.findByRole('list', { name: 'Stages' });
    const states = () => within(list).getAllByRole('listitem').map((item) => `${item.textContent}:${item.dataset.state}`);
    await waitFor(() => expect(states()).toContain('Composing:current'));
    expect(states()).toEqual([
      'Understanding prompt:done',
      'Writing lyrics:done',
      'Composing:current',
      'Rendering audio:pending',
      'Mastering:pending',
      'Encoding:pending',
      'Painting cover art:pending',
      'Saving:pending',
    ]);
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute('aria-valuenow', '6');
  });

  it('offers Play now once the song is being encoded, and plays its stream', async () => {
    const plan = { __typename: 'SongPlan', genre: 'jazz', mood: 'calm', bpm: 90, key: 'C major', instruments: [], title: 'Late Night', durationSeconds: 150, seed: 7, withLyrics: false, withCoverArt: false, summary: 'jazz' };
    let services: PlayerServices | undefined;
    renderStudio(
      3,
      (operation) => {
        if (operation === 'GenerateSong') {
          return Promise.resolve({ data: { generateSong: { __typename: 'GenerationRequest', id: '42', status: 'pending', progress: progress('Starting...', 0), stages: LYRICS_SONG_STAGES } } });
        }
        if (operation === 'GenerationResult') {
          return Promise.resolve({
            data: { generation: { __typename: 'GenerationRequest', id: '42', status: 'generating', error: null, progress: progress('Mastering', 45), stages: LYRICS_SONG_STAGES, plan, song: null } },
          });
        }
        if (operation === 'GenerationStreamOutcome') return Promise.resolve({ data: { generation: { __typename: 'GenerationRequest', id: '42', status: 'generating', song: null } } });
        if (operation === 'PlayerQueue') return Promise.resolve({ data: { queue: { __typename: 'Queue', version: 1, radioGenre: null, djActive: false, currentSong: null, upcomingQueue: [], playHistory: [] } } });
        if (operation === 'MixerSettings') return Promise.resolve({ data: { mixerSettings: null } });
        return undefined;
      },
      (given) => (services = given),
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Prompt' }), 'late night jazz');
    await userEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    await screen.findByRole('list', { name: 'Stages' });
    expect(screen.queryByRole('button', { name: 'Play now' })).toBeNull();
    feed.push(update('generating', 'Encoding', 60));
    await userEvent.click(await screen.findByRole('button', { name: 'Play now' }));
    await waitFor(() => expect(services!.engine.getSnapshot().currentSong).toMatchObject({ title: 'Late Night', duration: 150, generationId: '42' }));
    expect(await screen.findByText('Playing while it is made')).toBeInTheDocument();
  });

  it('marks stages done, current and pending', () => {
    expect(stageStates(['a', 'b', 'c'], 'Starting...', false)).toEqual(['pending', 'pending', 'pending']);
    expect(stageStates(['a', 'b', 'c'], 'b', false)).toEqual(['done', 'current', 'pending']);
    expect(stageStates(['a', 'b', 'c'], 'c', true)).toEqual(['done', 'done', 'done']);
  });

  it('words every case', () => {
    expect(allowanceText(undefined, 5)).toBeNull();
    expect(allowanceText(null, 5)).toBe('No monthly generation limit');
    expect(allowanceText(1, 5)).toBe('1 of 5 generations left this month');
  });
});
