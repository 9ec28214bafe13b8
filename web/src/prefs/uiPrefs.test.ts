import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getUiPref, reloadUiPrefs, setUiPref, UI_PREF_STORAGE_KEYS, useUiPref } from './uiPrefs';

describe('UI preferences', () => {
  it('defaults to an expanded sidebar and a visible context panel', () => {
    expect(getUiPref('sidebarCollapsed')).toBe(false);
    expect(getUiPref('contextPanelVisible')).toBe(true);
  });

  it('persists both preferences in localStorage and reads them back after a reload', () => {
    setUiPref('sidebarCollapsed', true);
    setUiPref('contextPanelVisible', false);
    expect(window.localStorage.getItem(UI_PREF_STORAGE_KEYS.sidebarCollapsed)).toBe('true');
    expect(window.localStorage.getItem(UI_PREF_STORAGE_KEYS.contextPanelVisible)).toBe('false');

    reloadUiPrefs();
    expect(getUiPref('sidebarCollapsed')).toBe(true);
    expect(getUiPref('contextPanelVisible')).toBe(false);
  });

  it('ignores unreadable stored values', () => {
    window.localStorage.setItem(UI_PREF_STORAGE_KEYS.sidebarCollapsed, 'yes please');
    reloadUiPrefs();
    expect(getUiPref('sidebarCollapsed')).toBe(false);
  });

  it('re-renders subscribers on change and on a change from another tab', () => {
    const { result } = renderHook(() => useUiPref('contextPanelVisible'));
    expect(result.current[0]).toBe(true);

    act(() => result.current[1](false));
    expect(result.current[0]).toBe(false);

    act(() => {
      window.localStorage.setItem(UI_PREF_STORAGE_KEYS.contextPanelVisible, 'true');
      window.dispatchEvent(new StorageEvent('storage', { key: UI_PREF_STORAGE_KEYS.contextPanelVisible }));
    });
    expect(result.current[0]).toBe(true);
  });
});
