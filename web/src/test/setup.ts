import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { reloadUiPrefs } from '../prefs/uiPrefs';
import { clearToasts } from '../ui/toastStore';

// jsdom lacks the layout APIs Radix primitives (tooltip, dropdown) call when they open.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Pages are lazy routes: the first render of one imports (and on a busy machine transforms) its chunk,
// which took longer than findBy*'s default 1 s under load. A wait only lasts until its element appears.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  reloadUiPrefs();
});

afterEach(() => {
  cleanup();
  clearToasts();
});

// jsdom has no Web Audio: screens rendered through the app's routes get the shell with the player
// engine on the fake audio rig (src/player/testSupport), and no player bar. The player itself is
// tested with that rig and in Chromium.
vi.mock('../playbackShell/PlaybackLayout', async () => {
  const { useMemo } = await import('react');
  const { useApolloClient } = await import('@apollo/client/react');
  const { Layout } = await import('../shell/Layout');
  const { PlayerProvider } = await import('../player/PlayerProvider');
  const { createTestPlayerServices } = await import('../player/testSupport/renderPlayer');
  function PlaybackLayout() {
    const client = useApolloClient();
    const services = useMemo(() => createTestPlayerServices(client), [client]);
    return createElement(PlayerProvider, { services, children: createElement(Layout) });
  }
  return { PlaybackLayout };
});

// Likewise no server: the generation widget's own graphql-ws feed reports a live socket with no
// events, so screens that show the sidebar neither open sockets nor poll. Its tests script the feed.
vi.mock('../generation/generationFeed', () => ({ useGenerationUpdates: () => true }));
