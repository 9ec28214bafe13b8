import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchGenerationStatus } from './generationStatusApi';
import { useGenerationUpdates } from './generationFeed';
import type { GenerationStatusResponse } from './statusItems';

/** SPEC 9: the status is polled every 2 s; here only while the update socket is down. */
export const STATUS_POLL_MS = 2000;

export interface GenerationStatusState {
  data: GenerationStatusResponse | null;
  loading: boolean;
  error: Error | null;
}

/**
 * The signed-in user's generation status: loaded once, then refreshed on every generationUpdated
 * event, with the 2 s poll as the fallback while the socket is not connected.
 */
export function useGenerationStatus(enabled: boolean): GenerationStatusState {
  const [state, setState] = useState<GenerationStatusState>({ data: null, loading: enabled, error: null });
  const latestCall = useRef(0);

  const refresh = useCallback(async () => {
    const call = ++latestCall.current;
    try {
      const data = await fetchGenerationStatus();
      if (call === latestCall.current) setState({ data, loading: false, error: null });
    } catch (error) {
      if (call === latestCall.current) setState({ data: null, loading: false, error: error instanceof Error ? error : new Error(String(error)) });
    }
  }, []);

  const connected = useGenerationUpdates(() => {
    if (enabled) void refresh();
  });

  useEffect(() => {
    if (!enabled) return;
    void refresh();
    if (connected) return;
    const timer = setInterval(() => void refresh(), STATUS_POLL_MS);
    return () => clearInterval(timer);
  }, [enabled, connected, refresh]);

  return state;
}

/** The current time, ticking every second while `active` (ages and the 60 s / 120 s windows move). */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
