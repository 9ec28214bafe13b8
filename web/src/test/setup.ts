import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { reloadUiPrefs } from '../prefs/uiPrefs';
import { clearToasts } from '../ui/toastStore';

// jsdom lacks the layout APIs Radix primitives (tooltip, dropdown) call when they open.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  reloadUiPrefs();
});

afterEach(() => {
  cleanup();
  clearToasts();
});
