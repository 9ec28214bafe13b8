/**
 * The signed-in shell with playback: the player engine and bar, the app-wide playback shortcuts,
 * the search box, live playlist updates, the install card and the service worker. Mount it where the shell's
 * <Layout /> route element is.
 */
import { useEffect } from 'react';
import { PlaybackShortcuts } from '../keyboard/PlaybackShortcuts';
import { InstallPrompt } from '../offline/InstallPrompt';
import { registerServiceWorker } from '../offline/registerServiceWorker';
import { PlayerBar } from '../player/PlayerBar';
import { PlayerProvider } from '../player/PlayerProvider';
import { PlaylistSync } from '../playlists/PlaylistSync';
import { SearchBox } from '../search/SearchBox';
import { PreferencesSync } from '../settings/PreferencesSync';
import { Layout } from '../shell/Layout';

export function PlaybackLayout() {
  useEffect(() => registerServiceWorker(), []);
  return (
    <PlayerProvider>
      <PlaybackShortcuts />
      <PlaylistSync />
      <PreferencesSync />
      <Layout player={<PlayerBar />} banner={<InstallPrompt />} header={<SearchBox />} />
    </PlayerProvider>
  );
}
