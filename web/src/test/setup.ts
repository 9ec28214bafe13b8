import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
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

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  reloadUiPrefs();
});

afterEach(() => {
  cleanup();
  clearToasts();
});

// jsdom has no Web Audio: screens rendered through the app's routes get the shell without the
// player engine. The player is tested with its fake audio rig (src/player/testSupport) and in Chromium.
vi.mock('../playbackShell/PlaybackLayout', async () => {
  const { Layout } = await import('../shell/Layout');
  return { PlaybackLayout: () => createElement(Layout) };
});

// Likewise no server: the generation widget's own graphql-ws feed reports a live socket with no
// events, so screens that show the sidebar neither open sockets nor poll. Its tests script the feed.
vi.mock('../generation/generationFeed', () => ({ useGenerationUpdates: () => true }));
