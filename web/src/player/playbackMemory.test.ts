import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { PLAYBACK_MEMORY_KEY, PLAYBACK_MEMORY_WRITE_MS, readPlayback, rememberPlayback, restorePlayback } from './playbackMemory';
import { createEngineHarness, queue, song } from './testSupport/engineHarness';
import { renderPlayer } from './testSupport/renderPlayer';
import { queueData, songData } from './testSupport/scriptedApollo';

afterEach(() => {
  window.localStorage.clear();
  vi.useRealTimers();
});

describe('playback memory across a reload', () => {
  it('writes the song, position and play state throttled, and at once on pagehide', async () => {
    vi.useFakeTimers();
    const h = createEngineHarness();
    const page = new EventTarget();
    await h.engine.applyQueue(queue(song('a')), 'play');
    const stop = rememberPlayback(h.engine, window.localStorage, page);
    h.element(0).advanceTo(10);
    vi.advanceTimersByTime(300);
    expect(readPlayback(window.localStorage)).toEqual({ songId: 'a', position: 10, playing: true });
    h.element(0).advanceTo(11);
    vi.advanceTimersByTime(300);
    expect(readPlayback(window.localStorage)?.position).toBe(10);
    vi.advanceTimersByTime(PLAYBACK_MEMORY_WRITE_MS);
    expect(readPlayback(window.localStorage)?.position).toBe(11);
    h.element(0).advanceTo(42.5);
    vi.advanceTimersByTime(300);
    page.dispatchEvent(new Event('pagehide'));
    expect(readPlayback(window.localStorage)).toEqual({ songId: 'a', position: 42.5, playing: true });
    stop();
    h.engine.dispose();
  });

  it('restores the position and plays; an autoplay block leaves it paused there without an error', async () => {
    const h = createEngineHarness();
    await h.engine.applyQueue(queue(song('a')), 'keep');
    h.element(0).rejectNextPlay = 'autoplay';
    expect(await restorePlayback(h.engine, { songId: 'a', position: 42, playing: true })).toBe(true);
    expect(h.element(0).currentTime).toBe(42);
    expect(h.engine.getSnapshot()).toMatchObject({ currentTime: 42, isPlaying: false, error: null });
    expect(h.notices).toEqual([]);
    await h.engine.play();
    expect(h.element(0).paused).toBe(false);
    expect(h.element(0).currentTime).toBe(42);
    h.engine.dispose();
  });

  it('ignores a remembered song that is no longer current, and unreadable entries', async () => {
    const h = createEngineHarness();
    await h.engine.applyQueue(queue(song('b')), 'keep');
    expect(await restorePlayback(h.engine, { songId: 'a', position: 42, playing: true })).toBe(false);
    expect(h.element(0).currentTime).toBe(0);
    for (const raw of ['{', '[]', '{"songId":"a","position":-1}', '{"songId":"a","position":"9"}']) {
      window.localStorage.setItem(PLAYBACK_MEMORY_KEY, raw);
      expect(readPlayback(window.localStorage)).toBeNull();
    }
    h.engine.dispose();
  });

  it('the player bar comes back after a reload at the remembered position, paused', async () => {
    window.localStorage.setItem(PLAYBACK_MEMORY_KEY, JSON.stringify({ songId: 'a', position: 75, playing: false }));
    const { rig } = renderPlayer({ handlers: { PlayerQueue: () => ({ queue: queueData(songData('a', { title: 'Night Drive' })) }) } });
    await screen.findByText('Night Drive');
    await waitFor(() => expect(screen.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', '1:15 of 3:00'));
    expect(rig.elements.some((element) => element.currentTime === 75 && element.paused)).toBe(true);
    expect(screen.getByRole('button', { name: 'Play' })).toBeEnabled();
    // Still remembered: the first snapshots (no song, then 0:00) did not replace it.
    expect(readPlayback(window.localStorage)).toEqual({ songId: 'a', position: 75, playing: false });
  });
});
