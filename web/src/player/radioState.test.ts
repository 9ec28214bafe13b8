import { afterEach, describe, expect, it, vi } from 'vitest';
import { RADIO_STATE_KEY, clearRadioState, readRadioState, saveRadioState, watchRadioState } from './radioState';

const HOUR = 60 * 60 * 1000;

describe('radio state', () => {
  afterEach(() => {
    localStorage.clear();
    vi.useRealTimers();
  });

  it('reads a state younger than one hour', () => {
    saveRadioState(localStorage, 'lofi', 1_000);
    expect(readRadioState(localStorage, 1_000 + HOUR)).toEqual({ genre: 'lofi', startedAt: 1_000 });
  });

  it('ignores and removes a state older than one hour', () => {
    saveRadioState(localStorage, 'lofi', 1_000);
    expect(readRadioState(localStorage, 1_001 + HOUR)).toBeNull();
    expect(localStorage.getItem(RADIO_STATE_KEY)).toBeNull();
  });

  it('removes unreadable entries', () => {
    localStorage.setItem(RADIO_STATE_KEY, '{"genre":42}');
    expect(readRadioState(localStorage, 0)).toBeNull();
    expect(localStorage.getItem(RADIO_STATE_KEY)).toBeNull();
    localStorage.setItem(RADIO_STATE_KEY, 'not json');
    expect(readRadioState(localStorage, 0)).toBeNull();
  });

  it('clears', () => {
    saveRadioState(localStorage, 'jazz', 0);
    clearRadioState(localStorage);
    expect(readRadioState(localStorage, 0)).toBeNull();
  });

  it('reports expiry on the once-a-second check', () => {
    vi.useFakeTimers();
    let now = 0;
    saveRadioState(localStorage, 'rock', now);
    const seen: Array<string | null> = [];
    const stop = watchRadioState(localStorage, (state) => seen.push(state?.genre ?? null), () => now);
    now = HOUR;
    vi.advanceTimersByTime(1000);
    now = HOUR + 1000;
    vi.advanceTimersByTime(1000);
    stop();
    expect(seen).toEqual(['rock', null]);
  });
});
