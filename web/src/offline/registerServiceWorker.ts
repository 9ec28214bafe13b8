/** Registers /sw.js (SPEC 7) once the page has loaded, in production builds only. */
export const SERVICE_WORKER_URL = '/sw.js';

export function registerServiceWorker(win: Window = window, enabled: boolean = import.meta.env.PROD): void {
  if (!enabled || !('serviceWorker' in win.navigator)) return;
  const register = () => {
    // updateViaCache 'none': sw.js and the scripts it imports are always checked with the server.
    win.navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { updateViaCache: 'none' })
      .catch((error: unknown) => console.warn('[offline] service worker registration failed', error));
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
