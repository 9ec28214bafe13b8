import { useCallback, useSyncExternalStore } from 'react';

/** UI preferences are the only thing the app keeps in localStorage (sessions live in a cookie). */
export const UI_PREF_STORAGE_KEYS = {
  sidebarCollapsed: 'songforge.ui.sidebarCollapsed',
  contextPanelVisible: 'songforge.ui.contextPanelVisible',
  /** AI Studio: start a new song in the player as soon as it can be heard (while it is encoded). */
  playWhileGenerating: 'songforge.ui.playWhileGenerating',
} as const;

export type UiPref = keyof typeof UI_PREF_STORAGE_KEYS;

const DEFAULTS: Record<UiPref, boolean> = {
  sidebarCollapsed: false,
  contextPanelVisible: true,
  playWhileGenerating: false,
};

// Values survive in memory even when storage is unavailable (private mode, quota), so the
// toggle still works for the current page.
const memory = new Map<UiPref, boolean>();
const listeners = new Set<() => void>();

function readStored(pref: UiPref): boolean {
  try {
    const raw = window.localStorage.getItem(UI_PREF_STORAGE_KEYS[pref]);
    if (raw === 'true') return true;
    if (raw === 'false') return false;
  } catch {
    // Storage blocked: fall through to the default.
  }
  return DEFAULTS[pref];
}

export function getUiPref(pref: UiPref): boolean {
  const cached = memory.get(pref);
  if (cached !== undefined) return cached;
  const value = readStored(pref);
  memory.set(pref, value);
  return value;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function setUiPref(pref: UiPref, value: boolean): void {
  memory.set(pref, value);
  try {
    window.localStorage.setItem(UI_PREF_STORAGE_KEYS[pref], String(value));
  } catch {
    // Storage blocked: the in-memory value still applies to this page.
  }
  notify();
}

/** Forget in-memory values so the next read comes from storage (another tab changed it, or tests). */
export function reloadUiPrefs(): void {
  memory.clear();
  notify();
}

function onStorage(event: StorageEvent): void {
  const keys: readonly string[] = Object.values(UI_PREF_STORAGE_KEYS);
  if (event.key === null || keys.includes(event.key)) reloadUiPrefs();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function useUiPref(pref: UiPref): [boolean, (value: boolean) => void] {
  const value = useSyncExternalStore(subscribe, () => getUiPref(pref));
  const update = useCallback((next: boolean) => setUiPref(pref, next), [pref]);
  return [value, update];
}
