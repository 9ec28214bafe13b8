import { afterEach, describe, expect, it } from 'vitest';
import { shortcutFor, type ShortcutKeyEvent } from './shortcuts';

function press(key: string, target: EventTarget | null = document.body, extra: Partial<ShortcutKeyEvent> = {}): ReturnType<typeof shortcutFor> {
  return shortcutFor({ key, ctrlKey: false, metaKey: false, altKey: false, target, ...extra });
}

function mount(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body.querySelector('[data-target]') as HTMLElement;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('shortcutFor', () => {
  it('maps space, arrows, M, N and P (either case) on the page', () => {
    expect(press(' ')).toBe('togglePlay');
    expect(press('ArrowLeft')).toBe('seekBackward');
    expect(press('ArrowRight')).toBe('seekForward');
    expect(press('m')).toBe('toggleMute');
    expect(press('M')).toBe('toggleMute');
    expect(press('n')).toBe('next');
    expect(press('N')).toBe('next');
    expect(press('p')).toBe('previous');
    expect(press('P')).toBe('previous');
    expect(press('x')).toBeNull();
    expect(press('ArrowUp')).toBeNull();
  });

  it('ignores keys while typing in inputs, text areas, selects and editable content', () => {
    for (const html of [
      '<input data-target />',
      '<textarea data-target></textarea>',
      '<select data-target><option>a</option></select>',
      '<div contenteditable="true"><p data-target>text</p></div>',
      '<div role="textbox" data-target></div>',
    ]) {
      const target = mount(html);
      for (const key of [' ', 'ArrowLeft', 'm', 'n', 'p']) expect(press(key, target), `${key} in ${html}`).toBeNull();
    }
  });

  it('ignores keys with a modifier held (browser and OS shortcuts)', () => {
    expect(press('p', document.body, { ctrlKey: true })).toBeNull();
    expect(press('n', document.body, { metaKey: true })).toBeNull();
    expect(press('ArrowLeft', document.body, { altKey: true })).toBeNull();
  });

  it('leaves space to focused buttons and arrows to sliders, but keeps the letters', () => {
    const button = mount('<button data-target>Play</button>');
    expect(press(' ', button)).toBeNull();
    expect(press('ArrowRight', button)).toBe('seekForward');
    expect(press('m', button)).toBe('toggleMute');
    const slider = mount('<div role="slider" tabindex="0" data-target></div>');
    expect(press('ArrowRight', slider)).toBeNull();
    expect(press(' ', slider)).toBe('togglePlay');
  });

  it('does not repeat toggles while a key is held', () => {
    expect(press(' ', document.body, { repeat: true })).toBeNull();
    expect(press('m', document.body, { repeat: true })).toBeNull();
    expect(press('ArrowRight', document.body, { repeat: true })).toBe('seekForward');
  });
});
