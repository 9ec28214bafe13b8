import { toast, type ToastInput } from './toastStore';

// Login and registration reload the page (SPEC 4); their success toast is carried across the
// reload in sessionStorage so the user actually sees it. It is read once and removed.
const STORAGE_KEY = 'songforge.pendingToasts';

export function toastAfterReload(input: ToastInput): void {
  try {
    const pending = readPending();
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...pending, input]));
  } catch {
    // Storage blocked: the toast is lost with the reload, the action itself succeeded.
  }
}

function readPending(): ToastInput[] {
  const raw = window.sessionStorage.getItem(STORAGE_KEY);
  if (!raw) return [];
  const parsed: unknown = JSON.parse(raw);
  return Array.isArray(parsed) ? parsed.filter(isToastInput) : [];
}

function isToastInput(value: unknown): value is ToastInput {
  return typeof value === 'object' && value !== null && typeof (value as ToastInput).title === 'string';
}

/** Shows the toasts queued before the last reload. */
export function showToastsQueuedBeforeReload(): void {
  let pending: ToastInput[];
  try {
    pending = readPending();
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    return;
  }
  for (const input of pending) toast(input);
}
