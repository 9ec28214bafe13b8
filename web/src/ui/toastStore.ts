import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastEntry extends Required<Pick<ToastInput, 'title' | 'variant'>> {
  id: number;
  description?: string;
  open: boolean;
}

/** How many toasts stay on screen; older ones are dismissed first. */
const MAX_VISIBLE_TOASTS = 3;
/** Time for the close animation before a dismissed toast leaves the list. */
const EXIT_ANIMATION_MS = 200;

let entries: readonly ToastEntry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly ToastEntry[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

/** Shows a toast from anywhere (components, event handlers, the Apollo links). Returns its id. */
export function toast(input: ToastInput): number {
  const id = nextId++;
  const entry: ToastEntry = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    open: true,
  };
  // The same message again replaces the open one (and its 5 s start over) instead of stacking.
  const repeated = (e: ToastEntry) => e.open && e.title === entry.title && e.description === entry.description && e.variant === entry.variant;
  const others = entries.filter((e) => !repeated(e));
  const open = others.filter((existing) => existing.open);
  const overflow = new Set(open.slice(0, Math.max(0, open.length - MAX_VISIBLE_TOASTS + 1)).map((e) => e.id));
  publish([...others.map((e) => (overflow.has(e.id) ? { ...e, open: false } : e)), entry]);
  for (const overflowId of overflow) scheduleRemoval(overflowId);
  return id;
}

function scheduleRemoval(id: number): void {
  setTimeout(() => publish(entries.filter((e) => e.id !== id)), EXIT_ANIMATION_MS);
}

export function dismissToast(id: number): void {
  if (!entries.some((e) => e.id === id && e.open)) return;
  publish(entries.map((e) => (e.id === id ? { ...e, open: false } : e)));
  scheduleRemoval(id);
}

export function clearToasts(): void {
  publish([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly ToastEntry[] {
  return useSyncExternalStore(subscribe, () => entries);
}
