/**
 * The install offer (SPEC 2 'Install prompt'): kept when the browser fires beforeinstallprompt
 * and the app is not already running standalone; gone after Install or an install, and after
 * 'Later' for LATER_DAYS on this device (the browser offers again on every page load).
 */
import { ExternalStore, type ReadableStore } from '../player/externalStore';

/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

/** How long 'Later' keeps the card away. */
export const LATER_DAYS = 14;
const LATER_MS = LATER_DAYS * 24 * 60 * 60 * 1000;
/** localStorage key: the time (ms since the epoch) until which 'Later' holds. */
export const LATER_UNTIL_KEY = 'songforge.installLaterUntil';

export interface InstallPromptState {
  /** True while the card should show. */
  available: boolean;
}

export function isStandalone(win: Window): boolean {
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches);
}

export interface InstallPromptStore extends ReadableStore<InstallPromptState> {
  /** Shows the browser's install dialog; the card goes away whatever the user picks. */
  install(): Promise<'accepted' | 'dismissed' | 'unavailable'>;
  /** 'Later': hides the card for LATER_DAYS. */
  dismiss(): void;
  stop(): void;
}

function laterHolds(storage: Storage | null, now: number): boolean {
  const until = Number(storage?.getItem(LATER_UNTIL_KEY));
  return Number.isFinite(until) && until > now;
}

export function createInstallPromptStore(win: Window, storage: Storage | null = win.localStorage, now: () => number = Date.now): InstallPromptStore {
  let deferred: BeforeInstallPromptEvent | null = null;
  const store = new ExternalStore<InstallPromptState>({ available: false });
  const set = (event: BeforeInstallPromptEvent | null) => {
    deferred = event;
    store.update({ available: event !== null });
  };

  const onBeforeInstall = (event: Event) => {
    // Keep the browser's own mini-bar away; the card offers installation instead.
    event.preventDefault();
    if (!isStandalone(win) && !laterHolds(storage, now())) set(event as BeforeInstallPromptEvent);
  };
  const onInstalled = () => set(null);
  win.addEventListener('beforeinstallprompt', onBeforeInstall);
  win.addEventListener('appinstalled', onInstalled);

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    async install() {
      const event = deferred;
      if (!event) return 'unavailable';
      set(null);
      await event.prompt();
      return (await event.userChoice).outcome;
    },
    dismiss() {
      storage?.setItem(LATER_UNTIL_KEY, String(now() + LATER_MS));
      set(null);
    },
    stop() {
      win.removeEventListener('beforeinstallprompt', onBeforeInstall);
      win.removeEventListener('appinstalled', onInstalled);
    },
  };
}
