import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/App';
import { createTestClient } from '../test/renderApp';
import { PlayerProvider, type PlayerServices } from '../player/PlayerProvider';
import { createTestPlayerServices } from '../player/testSupport/renderPlayer';

vi.mock('./generationFeed', () => ({ useGenerationUpdates: () => true, listenToGenerationUpdates: () => () => {} }));
const { GenerationQueuePage } = await import('./GenerationQueuePage');

const request = (overrides: Record<string, unknown>) => ({
  __typename: 'GenerationRequest',
  id: '1',
  status: 'generating',
  prompt: 'rainy lo-fi',
  title: 'Rainy Window',
  genres: ['lo-fi'],
  moods: ['chill'],
  error: null,
  failedAtStep: null,
  retryCount: 0,
  durationSeconds: 30,
  stages: ['Understanding prompt', 'Composing', 'Rendering audio', 'Mastering', 'Encoding', 'Saving'],
  createdAt: '2026-11-23T12:00:00.000Z',
  completedAt: null,
  progress: { __typename: 'GenerationProgress', stage: 'Rendering audio', percentage: 25 },
  ...overrides,
});

describe('GenerationQueuePage', () => {
  it('lists requests with status, stage, progress and error, and retries or cancels them', async () => {
    const calls: string[] = [];
    const client = createTestClient(async (operation) => {
      calls.push(operation);
      if (operation === 'Generations') {
        return {
          data: {
            generations: {
              __typename: 'GenerationConnection',
              endCursor: '1',
              hasNextPage: false,
              nodes: [
                request({ id: '3', status: 'failed', title: 'Broken Beat', error: null, failedAtStep: 'render', progress: { __typename: 'GenerationProgress', stage: 'Rendering audio', percentage: 10 } }),
                request({ id: '2', status: 'completed', title: 'Done Deal', progress: { __typename: 'GenerationProgress', stage: 'Saving', percentage: 100 } }),
                request({ id: '1' }),
              ],
            },
          },
        };
      }
      if (operation === 'RetryGeneration') return { data: { retryGeneration: request({ id: '3', status: 'pending' }) } };
      if (operation === 'CancelGeneration') return { data: { cancelGeneration: request({ id: '1', status: 'failed', error: 'Cancelled' }) } };
      throw new Error(`Unexpected operation ${operation}`);
    });
    render(
      <MemoryRouter>
        <AppProviders client={client}>
          <GenerationQueuePage />
        </AppProviders>
      </MemoryRouter>,
    );

    const running = (await screen.findByText('Rainy Window')).closest('li')!;
    expect(within(running).getByText('Generating')).toBeInTheDocument();
    expect(within(running).getByText('Rendering audio · 25%')).toBeInTheDocument();
    expect(within(running).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    const failed = screen.getByText('Broken Beat').closest('li')!;
    expect(within(failed).getByText('Unknown error occurred (step: render)')).toBeInTheDocument();
    const done = screen.getByText('Done Deal').closest('li')!;
    expect(within(done).getByText('Completed')).toBeInTheDocument();
    expect(within(done).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(within(failed).getByRole('button', { name: 'Retry Broken Beat' }));
    await userEvent.click(within(running).getByRole('button', { name: 'Cancel Rainy Window' }));
    await vi.waitFor(() => expect(calls.filter((c) => c === 'Generations').length).toBeGreaterThanOrEqual(3));
    expect(calls).toContain('RetryGeneration');
    expect(calls).toContain('CancelGeneration');
  });

  it('offers Play now on a request being encoded, and plays its stream with its title and length', async () => {
    const encoding = { __typename: 'GenerationProgress', stage: 'Encoding', percentage: 70 };
    const client = createTestClient(async (operation) => {
      if (operation === 'Generations') {
        return {
          data: {
            generations: {
              __typename: 'GenerationConnection',
              endCursor: '2',
              hasNextPage: false,
              nodes: [request({ id: '2', title: 'Neon Drive', genres: ['synthwave'], durationSeconds: 150, progress: encoding }), request({ id: '1' })],
            },
          },
        };
      }
      if (operation === 'GenerationStreamOutcome') return { data: { generation: { __typename: 'GenerationRequest', id: '2', status: 'generating', song: null } } };
      if (operation === 'PlayerQueue') return { data: { queue: { __typename: 'Queue', version: 1, radioGenre: null, djActive: false, currentSong: null, upcomingQueue: [], playHistory: [] } } };
      if (operation === 'MixerSettings') return { data: { mixerSettings: null } };
      throw new Error(`Unexpected operation ${operation}`);
    });
    const services: PlayerServices = createTestPlayerServices(client);
    render(
      <MemoryRouter>
        <AppProviders client={client}>
          <PlayerProvider services={services}>
            <GenerationQueuePage />
          </PlayerProvider>
        </AppProviders>
      </MemoryRouter>,
    );
    const rendering = (await screen.findByText('Rainy Window')).closest('li')!;
    expect(within(rendering).queryByRole('button', { name: 'Play now' })).toBeNull();
    const row = screen.getByText('Neon Drive').closest('li')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Play now' }));
    await vi.waitFor(() => expect(services.engine.getSnapshot().currentSong).toMatchObject({ title: 'Neon Drive', duration: 150, generationId: '2', genre: 'synthwave' }));
    expect(await within(row).findByText('Playing while it is made')).toBeInTheDocument();
  });
});
