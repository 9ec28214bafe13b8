/**
 * Radio state kept in localStorage (SPEC 3: genre, startedAt). It expires one hour after it
 * started: an expired entry is ignored and removed (SPEC 4); the player checks every second.
 */

export const RADIO_STATE_KEY = 'radioState';
export const RADIO_STATE_MAX_AGE_MS = 60 * 60 * 1000;
export const RADIO_CHECK_INTERVAL_MS = 1000;

export interface RadioState {
  genre: string;
  /** Epoch milliseconds. */
  startedAt: number;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function parse(raw: string | null): RadioState | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { genre, startedAt } = value as Record<string, unknown>;
    if (typeof genre !== 'string' || genre === '' || typeof startedAt !== 'number' || !Number.isFinite(startedAt)) {
      return null;
    }
    return { genre, startedAt };
  } catch {
    return null;
  }
}

/** The live radio state, or null; removes an expired or unreadable entry. */
export function readRadioState(storage: KeyValueStorage, now: number = Date.now()): RadioState | null {
  const raw = storage.getItem(RADIO_STATE_KEY);
  const state = parse(raw);
  if (state && now - state.startedAt <= RADIO_STATE_MAX_AGE_MS) return state;
  if (raw !== null) storage.removeItem(RADIO_STATE_KEY);
  return null;
}

export function saveRadioState(storage: KeyValueStorage, genre: string, now: number = Date.now()): RadioState {
  const state = { genre, startedAt: now };
  storage.setItem(RADIO_STATE_KEY, JSON.stringify(state));
  return state;
}

export function clearRadioState(storage: KeyValueStorage): void {
  storage.removeItem(RADIO_STATE_KEY);
}

/**
 * Calls `onChange` with the radio state now and whenever it changes (including expiry), checking
 * every second. Returns the unsubscribe function.
 */
export function watchRadioState(
  storage: KeyValueStorage,
  onChange: (state: RadioState | null) => void,
  now: () => number = Date.now,
): () => void {
  let last = readRadioState(storage, now());
  onChange(last);
  const timer = setInterval(() => {
    const current = readRadioState(storage, now());
    if (current?.genre !== last?.genre || current?.startedAt !== last?.startedAt) {
      last = current;
      onChange(current);
    }
  }, RADIO_CHECK_INTERVAL_MS);
  return () => clearInterval(timer);
}
