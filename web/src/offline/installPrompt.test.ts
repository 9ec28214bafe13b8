import { afterEach, describe, expect, it, vi } from 'vitest';
import { LATER_DAYS, LATER_UNTIL_KEY, createInstallPromptStore, type BeforeInstallPromptEvent } from './installPrompt';

function installEvent(outcome: 'accepted' | 'dismissed' = 'accepted'): BeforeInstallPromptEvent & { prompt: ReturnType<typeof vi.fn> } {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent & { prompt: ReturnType<typeof vi.fn> };
  Object.assign(event, { prompt: vi.fn(async () => undefined), userChoice: Promise.resolve({ outcome }) });
  return event;
}

function standalone(matches: boolean): void {
  // jsdom has no matchMedia: give the window one that answers the display-mode query.
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({ matches: matches && query === '(display-mode: standalone)', media: query }) as MediaQueryList,
  });
}

const stores: Array<{ stop(): void }> = [];
let clock = Date.UTC(2026, 0, 1);
function createStore() {
  const store = createInstallPromptStore(window, window.localStorage, () => clock);
  stores.push(store);
  return store;
}

afterEach(() => {
  for (const store of stores.splice(0)) store.stop();
  window.localStorage.clear();
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('install prompt', () => {
  it('shows once the browser offers installation, and keeps the browser mini-bar away', () => {
    standalone(false);
    const store = createStore();
    expect(store.getSnapshot().available).toBe(false);
    const event = installEvent();
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(store.getSnapshot().available).toBe(true);
  });

  it('does not show when the app already runs standalone', () => {
    standalone(true);
    const store = createStore();
    window.dispatchEvent(installEvent());
    expect(store.getSnapshot().available).toBe(false);
  });

  it('Install App opens the browser dialog once and hides the card with the outcome', async () => {
    standalone(false);
    const store = createStore();
    const event = installEvent('dismissed');
    window.dispatchEvent(event);
    await expect(store.install()).resolves.toBe('dismissed');
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().available).toBe(false);
    await expect(store.install()).resolves.toBe('unavailable');
  });

  it('an install elsewhere hides the card; a new offer shows it again', () => {
    standalone(false);
    const store = createStore();
    const listener = vi.fn();
    store.subscribe(listener);
    window.dispatchEvent(installEvent());
    window.dispatchEvent(new Event('appinstalled'));
    expect(store.getSnapshot().available).toBe(false);
    window.dispatchEvent(installEvent());
    expect(store.getSnapshot().available).toBe(true);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it(`Later keeps the card away for ${LATER_DAYS} days, across page loads, then it may show again`, () => {
    standalone(false);
    const first = createStore();
    window.dispatchEvent(installEvent());
    first.dismiss();
    expect(first.getSnapshot().available).toBe(false);
    first.stop();
    // A reload: a new store, and the browser offers installation again.
    clock += (LATER_DAYS - 1) * 24 * 60 * 60 * 1000;
    const reloaded = createStore();
    window.dispatchEvent(installEvent());
    expect(reloaded.getSnapshot().available).toBe(false);
    clock += 2 * 24 * 60 * 60 * 1000;
    window.dispatchEvent(installEvent());
    expect(reloaded.getSnapshot().available).toBe(true);
    window.localStorage.setItem(LATER_UNTIL_KEY, 'not a time');
    window.dispatchEvent(installEvent());
    expect(reloaded.getSnapshot().available).toBe(true);
  });

  it('stops listening when stopped', () => {
    standalone(false);
    const store = createStore();
    store.stop();
    window.dispatchEvent(installEvent());
    expect(store.getSnapshot().available).toBe(false);
  });
});
