/**
 * App-wide playback shortcuts: space play/pause, arrows seek -/+5 s, M mute, N next, P previous.
 * Never while typing, with a modifier held, or on a control that uses the key itself.
 */

export type ShortcutAction = 'togglePlay' | 'seekBackward' | 'seekForward' | 'toggleMute' | 'next' | 'previous';

export const SHORTCUT_SEEK_SECONDS = 5;

export interface ShortcutKeyEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  target: EventTarget | null;
  repeat?: boolean;
}

const TEXT_ENTRY_SELECTOR = 'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], [role="combobox"]';
// Controls that act on space or arrows themselves (buttons click on space, sliders and lists move on arrows).
const SPACE_CONTROL_SELECTOR = 'button, a[href], summary, [role="button"], [role="checkbox"], [role="switch"], [role="tab"], [role="menuitem"], [role="option"]';
const ARROW_CONTROL_SELECTOR = '[role="slider"], [role="tablist"], [role="menu"], [role="listbox"], [role="radiogroup"], [aria-roledescription="sortable"]';

function closestMatch(target: EventTarget | null, selector: string): boolean {
  return target instanceof Element && target.closest(selector) !== null;
}

/** Whether the key goes to something the user types into (shortcuts then stay out of the way). */
export function isTextEntry(target: EventTarget | null): boolean {
  return closestMatch(target, TEXT_ENTRY_SELECTOR);
}

export function shortcutFor(event: ShortcutKeyEvent): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (isTextEntry(event.target)) return null;
  switch (event.key) {
    case ' ':
    case 'Spacebar':
      if (event.repeat || closestMatch(event.target, SPACE_CONTROL_SELECTOR)) return null;
      return 'togglePlay';
    case 'ArrowLeft':
    case 'ArrowRight':
      if (closestMatch(event.target, ARROW_CONTROL_SELECTOR)) return null;
      return event.key === 'ArrowLeft' ? 'seekBackward' : 'seekForward';
    case 'm':
    case 'M':
      return event.repeat ? null : 'toggleMute';
    case 'n':
    case 'N':
      return event.repeat ? null : 'next';
    case 'p':
    case 'P':
      return event.repeat ? null : 'previous';
    default:
      return null;
  }
}
