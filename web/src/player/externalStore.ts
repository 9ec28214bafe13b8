/**
 * A minimal external store for React's useSyncExternalStore: immutable snapshots, synchronous
 * notification. The engine owns the state; components only read it.
 */
export interface ReadableStore<T> {
  getSnapshot(): T;
  subscribe(listener: () => void): () => void;
}

export class ExternalStore<T extends object> implements ReadableStore<T> {
  private state: T;
  private readonly listeners = new Set<() => void>();

  constructor(initial: T) {
    this.state = initial;
  }

  readonly getSnapshot = (): T => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Merges `patch` into a new snapshot; listeners run only when a field actually changed. */
  update(patch: Partial<T>): void {
    const keys = Object.keys(patch) as Array<keyof T>;
    if (keys.every((key) => Object.is(this.state[key], patch[key]))) return;
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }
}
