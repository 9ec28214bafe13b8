/**
 * This device's playback across reloads: the current song, its position and whether it was
 * playing, kept in localStorage (the queue itself is on the server, shared by all devices; the
 * position is per device). Written at most every PLAYBACK_MEMORY_WRITE_MS and on pagehide.
 */
import type { PlayerEngine } from './playerEngine';
import { throttle } from './throttle';

export const PLAYBACK_MEMORY_KEY = 'songforge.playback';
export const PLAYBACK_MEMORY_WRITE_MS = 2000;

export interface RememberedPlayback {
  songId: string;
  /** Seconds into the song. */
  position: number;
  playing: boolean;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function readPlayback(storage: KeyValueStorage): RememberedPlayback | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(PLAYBACK_MEMORY_KEY) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { songId, position, playing } = value as Record<string, unknown>;
    if (typeof songId !== 'string' || typeof position !== 'number' || !Number.isFinite(position) || position < 0) return null;
    return { songId, position, playing: playing === true };
  } catch {
    return null;
  }
}

/**
 * Puts the remembered song back where it was, playing if it was (paused when the browser blocks
 * autoplay: the engine waits for the user to press play). Only when the server's current song is
 * still that song.
 */
export function restorePlayback(engine: PlayerEngine, remembered: RememberedPlayback | null): Promise<boolean> {
  if (!remembered) return Promise.resolve(false);
  return engine.resumeAt(remembered.songId, remembered.position, remembered.playing);
}

/** Keeps writing the engine's playback to `storage` (throttled, and at once on pagehide) until stopped. */
export function rememberPlayback(engine: PlayerEngine, storage: KeyValueStorage, page: EventTarget): () => void {
  const write = () => {
    const { currentSong, currentTime, isPlaying } = engine.getSnapshot();
    if (!currentSong) {
      storage.removeItem(PLAYBACK_MEMORY_KEY);
      return;
    }
    const remembered: RememberedPlayback = { songId: currentSong.id, position: currentTime, playing: isPlaying };
    storage.setItem(PLAYBACK_MEMORY_KEY, JSON.stringify(remembered));
  };
  const throttled = throttle(write, PLAYBACK_MEMORY_WRITE_MS);
  const onPageHide = () => {
    throttled.cancel();
    write();
  };
  const unsubscribe = engine.subscribe(throttled);
  page.addEventListener('pagehide', onPageHide);
  return () => {
    unsubscribe();
    throttled.cancel();
    page.removeEventListener('pagehide', onPageHide);
  };
}
