export type ThemePreference = 'dark' | 'light' | 'system';

const LIGHT_QUERY = '(prefers-color-scheme: light)';

/** The theme a preference shows now: 'system' follows the operating system's choice. */
export function resolveTheme(preference: string, systemPrefersLight: boolean): 'dark' | 'light' {
  if (preference === 'light') return 'light';
  if (preference === 'system') return systemPrefersLight ? 'light' : 'dark';
  return 'dark';
}

/**
 * Applies a theme preference to the whole app (`data-theme` on <html>, read by tokens.css) and, for
 * 'system', follows the operating system while it changes. Returns the function that stops following.
 */
export function applyTheme(preference: string, root: HTMLElement = document.documentElement): () => void {
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(LIGHT_QUERY) : null;
  const apply = () => {
    root.dataset.theme = resolveTheme(preference, media?.matches ?? false);
  };
  apply();
  if (preference !== 'system' || !media) return () => {};
  media.addEventListener('change', apply);
  return () => media.removeEventListener('change', apply);
}
