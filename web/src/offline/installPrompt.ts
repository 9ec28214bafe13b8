/**
 * The install offer (SPEC 2 'Install prompt'): kept when the browser fires beforeinstallprompt
 * and the app is not already running standalone; gone after Install, Later or an install.
 */
import { ExternalStore, type ReadableStore } from '../player/externalStore';

/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

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
  /** 'Later': hides the card until the browser offers installation again. */
  dismiss(): void;
  stop(): void;
}

export function createInstallPromptStore(win: Window): InstallPromptStore {
  let deferred: BeforeInstallPromptEvent | null = null;
  const store = new ExternalStore<InstallPromptState>({ available: false });
  const set = (event: BeforeInstallPromptEvent | null) => {
    deferred = event;
    store.update({ available: event !== null });
  };

  const onBeforeInstall = (event: Event) => {
    // Keep the browser's own mini-bar away; the card offers installation instead.
    event.preventDefault();
    if (!isStandalone(win)) set(event as BeforeInstallPromptEvent);
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
    dismiss: () => set(null),
    stop() {
      win.removeEventListener('beforeinstallprompt', onBeforeInstall);
      win.removeEventListener('appinstalled', onInstalled);
    },
  };
}
