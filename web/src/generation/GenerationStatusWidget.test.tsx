import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../test/renderApp';
import { renderSignedIn } from '../test/renderShell';
import type { GenerationStatusItem, GenerationStatusResponse } from './statusItems';

// The socket is scripted: tests decide whether it is connected and push its events.
const feed = vi.hoisted(() => ({ connected: false, listener: null as null | ((update: unknown) => void) }));
vi.mock('./generationFeed', () => ({
  useGenerationUpdates: (listener: (update: unknown) => void) => {
    feed.listener = listener;
    return feed.connected;
  },
}));

const { GenerationStatusWidget } = await import('./GenerationStatusWidget');

const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();
const item = (overrides: Partial<GenerationStatusItem>): GenerationStatusItem => ({
  requestId: '1',
  status: 'generating',
  createdAt: ago(30),
  title: null,
  genres: ['lo-fi'],
  moods: ['chill'],
  error: null,
  progress: { stage: 'Rendering audio', percentage: 25 },
  ...overrides,
});

let responses: Array<GenerationStatusResponse | number>;
const fetchMock = vi.fn(async (url: string) => {
  expect(url).toBe('/api/generations/status');
  const next = responses.length > 1 ? responses.shift()! : responses[0];
  if (typeof next === 'number') return new Response('nope', { status: next, statusText: 'Broken' });
  return new Response(JSON.stringify(next), { status: 200, headers: { 'content-type': 'application/json' } });
});

async function flush() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('GenerationStatusWidget', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockClear();
    feed.connected = false;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows loading, then in-progress items with genre, start time, percentage and stage', async () => {
    responses = [{ active: [item({}), item({ requestId: '2', status: 'pending', genres: ['jazz'], progress: null })], completed: [] }];
    renderSignedIn(<GenerationStatusWidget />, { user: makeUser({ canGenerateMusic: true }) });
    expect(screen.getByText('Loading generations...')).toBeInTheDocument();
    await flush();
    expect(screen.getByText('lo-fi')).toBeInTheDocument();
    expect(screen.getByText('25%')).toBeInTheDocument();
    expect(screen.getByText('Rendering audio')).toBeInTheDocument();
    expect(screen.getByText('jazz')).toBeInTheDocument();
    expect(screen.getByText('Starting...')).toBeInTheDocument();
    expect(screen.getByText('0%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'lo-fi progress' })).toHaveAttribute('aria-valuenow', '25');
  });

  it('lists just completed items for 60 s and failures for 120 s, with ages', async () => {
    responses = [
      {
        active: [],
        completed: [
          item({ requestId: 'c1', status: 'completed', createdAt: ago(5), title: 'Night Drive', progress: { stage: 'Saving', percentage: 100 } }),
          item({ requestId: 'c2', status: 'completed', createdAt: ago(50), title: null, genres: ['jazz'], moods: ['romantic'] }),
          item({ requestId: 'f1', status: 'failed', createdAt: ago(70), error: null }),
          item({ requestId: 'f2', status: 'failed', createdAt: ago(10), error: 'Rendering audio failed: out of memory' }),
        ],
      },
    ];
    feed.connected = true;
    renderSignedIn(<GenerationStatusWidget />, { user: makeUser({ canGenerateMusic: true }) });
    await flush();
    expect(screen.getByRole('heading', { name: 'Just Completed' })).toBeInTheDocument();
    expect(screen.getByText('Night Drive')).toBeInTheDocument();
    expect(screen.getByText('5s ago')).toBeInTheDocument();
    expect(screen.getByText('jazz · romantic')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent Failures' })).toBeInTheDocument();
    expect(screen.getByText('Unknown error occurred')).toBeInTheDocument();
    expect(screen.getByText('1m ago')).toBeInTheDocument();
    expect(screen.getByText('Rendering audio failed: out of memory')).toBeInTheDocument();

    // 11 s later the 50 s old completion has aged out; after 60 s more only the newest failure is left.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(11_000);
    });
    expect(screen.queryByText('jazz · romantic')).not.toBeInTheDocument();
    expect(screen.getByText('16s ago')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(screen.queryByText('Just Completed')).not.toBeInTheDocument();
    expect(screen.queryByText('Unknown error occurred')).not.toBeInTheDocument();
    expect(screen.getByText('Rendering audio failed: out of memory')).toBeInTheDocument();
    // Connected: no polling, the one initial call only.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('polls every 2 s while the socket is down and refreshes on each update when it is up', async () => {
    responses = [{ active: [], completed: [] }];
    renderSignedIn(<GenerationStatusWidget />, { user: makeUser({ canGenerateMusic: true }) });
    await flush();
    expect(screen.queryByRole('region', { name: 'Generations' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);

    // The socket connects; its first event refreshes the status and polling stops.
    responses = [{ active: [item({})], completed: [] }];
    feed.connected = true;
    await act(async () => {
      feed.listener?.({ requestId: '1', status: 'generating' });
      await vi.advanceTimersByTimeAsync(0);
    });
    const callsWhenConnected = fetchMock.mock.calls.length;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(callsWhenConnected);
    await act(async () => {
      feed.listener?.({ requestId: '1', status: 'generating' });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(fetchMock).toHaveBeenCalledTimes(callsWhenConnected + 1);
    expect(screen.getByText('Rendering audio')).toBeInTheDocument();
  });

  it('renders nothing without a signed-in user', async () => {
    responses = [{ active: [item({})], completed: [] }];
    const { render } = await import('@testing-library/react');
    render(<GenerationStatusWidget />);
    await flush();
    expect(screen.queryByRole('region', { name: 'Generations' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('hides itself when the status call fails (after one retry)', async () => {
    responses = [500];
    renderSignedIn(<GenerationStatusWidget />, { user: makeUser({ canGenerateMusic: true }) });
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('region', { name: 'Generations' })).not.toBeInTheDocument();
  });
});
