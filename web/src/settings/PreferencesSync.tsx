import { useEffect } from 'react';
import { usePlayerServices } from '../player/PlayerProvider';
import { applyTheme } from './theme';
import { usePreferences } from './usePreferences';

/**
 * Applies the saved settings that act app-wide, live from any device: the theme on the page and
 * the repeat mode in the player (the server queue applies repeat and shuffle itself).
 */
export function PreferencesSync() {
  const preferences = usePreferences();
  const { engine } = usePlayerServices();
  const theme = preferences?.theme ?? null;
  const repeatMode = preferences?.repeatMode ?? null;
  useEffect(() => (theme ? applyTheme(theme) : undefined), [theme]);
  useEffect(() => {
    if (repeatMode) engine.setRepeatMode(repeatMode === 'one' ? 'one' : repeatMode === 'all' ? 'all' : 'none');
  }, [engine, repeatMode]);
  return null;
}
