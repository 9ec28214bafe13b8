import { useEffect } from 'react';
import type { PlayerEngine } from '../player/playerEngine';
import { usePlayerServices } from '../player/PlayerProvider';
import { SHORTCUT_SEEK_SECONDS, shortcutFor, type ShortcutAction } from './shortcuts';

function perform(engine: PlayerEngine, action: ShortcutAction): void {
  const { currentTime, currentSong } = engine.getSnapshot();
  switch (action) {
    case 'togglePlay':
      if (currentSong) void engine.togglePlay();
      return;
    case 'seekBackward':
      engine.seek(Math.max(0, currentTime - SHORTCUT_SEEK_SECONDS));
      return;
    case 'seekForward':
      engine.seek(currentTime + SHORTCUT_SEEK_SECONDS);
      return;
    case 'toggleMute':
      engine.toggleMute();
      return;
    case 'next':
      void engine.next();
      return;
    case 'previous':
      void engine.previous();
      return;
  }
}

/** Listens for the playback shortcuts on the whole window; renders nothing. */
export function PlaybackShortcuts() {
  const { engine } = usePlayerServices();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = shortcutFor(event);
      if (!action) return;
      // Space and arrows would otherwise scroll the page.
      event.preventDefault();
      perform(engine, action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [engine]);
  return null;
}
