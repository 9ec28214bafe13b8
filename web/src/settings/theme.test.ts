import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTheme, resolveTheme } from './theme';

describe('theme', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves system to the operating system choice, anything unknown to dark', () => {
    expect(resolveTheme('light', false)).toBe('light');
    expect(resolveTheme('dark', true)).toBe('dark');
    expect(resolveTheme('system', true)).toBe('light');
    expect(resolveTheme('system', false)).toBe('dark');
    expect(resolveTheme('sepia', true)).toBe('dark');
  });

  it('sets data-theme on the root and, for system, follows the OS while it changes', () => {
    let listener: (() => void) | null = null;
    const media = { matches: false, addEventListener: (_: string, l: () => void) => (listener = l), removeEventListener: vi.fn() };
    vi.stubGlobal('matchMedia', () => media);
    const root = document.createElement('html');
    expect(applyTheme('light', root)).toBeTypeOf('function');
    expect(root.dataset.theme).toBe('light');
    const stop = applyTheme('system', root);
    expect(root.dataset.theme).toBe('dark');
    media.matches = true;
    listener!();
    expect(root.dataset.theme).toBe('light');
    stop();
    expect(media.removeEventListener).toHaveBeenCalledWith('change', listener);
  });
});
