/**
 * One graphql-ws connection for generation updates, shared by the status widget, the Studio and
 * the Generation Queue page. It reports whether the socket is connected, so the widget can fall
 * back to polling (SPEC 9: every 2 s) while it is down.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { print } from 'graphql';
import type { Client } from 'graphql-ws';
import { graphqlWebSocketUrl, KEEP_RECONNECTING } from '../apollo/transportLink';
import type { GenerationUpdatedSubscription } from '../gql/graphql';
import { GENERATION_UPDATED_SUBSCRIPTION } from './generationOperations';

export type GenerationUpdate = GenerationUpdatedSubscription['generationUpdated'];
type Listener = (update: GenerationUpdate) => void;

class GenerationFeed {
  private client: Client | null = null;
  private stop: (() => void) | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly watchers = new Set<() => void>();
  private connected = false;
  /** Counts opens and closes, so a socket whose library arrives after a close is not opened. */
  private session = 0;

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.open();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.close();
    };
  }

  watchConnection = (onChange: () => void): (() => void) => {
    this.watchers.add(onChange);
    return () => this.watchers.delete(onChange);
  };

  isConnected = (): boolean => this.connected;

  private setConnected(connected: boolean): void {
    if (this.connected === connected) return;
    this.connected = connected;
    for (const watcher of this.watchers) watcher();
  }

  private open(): void {
    const session = ++this.session;
    // graphql-ws loads with the first listener, after the first screen (listeners start in effects).
    // Should it fail to load, the feed stays disconnected and the widget polls.
    void import('graphql-ws').then(
      ({ createClient }) => {
        if (session === this.session) this.connect(createClient);
      },
      () => this.setConnected(false),
    );
  }

  private connect(createClient: typeof import('graphql-ws').createClient): void {
    const client = createClient({
      url: graphqlWebSocketUrl(window.location),
      // Keep trying: while the socket is down the widget polls instead.
      ...KEEP_RECONNECTING,
      on: {
        connected: () => this.setConnected(true),
        closed: () => this.setConnected(false),
        error: () => this.setConnected(false),
      },
    });
    this.client = client;
    this.stop = client.subscribe<GenerationUpdatedSubscription>(
      { query: print(GENERATION_UPDATED_SUBSCRIPTION) },
      {
        next: ({ data }) => {
          if (!data) return;
          for (const listener of [...this.listeners]) listener(data.generationUpdated);
        },
        error: () => this.setConnected(false),
        complete: () => undefined,
      },
    );
  }

  private close(): void {
    this.session += 1;
    this.stop?.();
    void this.client?.dispose();
    this.client = null;
    this.stop = null;
    this.setConnected(false);
  }
}

const feed = new GenerationFeed();

/** Calls `listener` for every generationUpdated event until the returned stop is called. */
export const listenToGenerationUpdates = (listener: Listener): (() => void) => feed.listen(listener);

/** Calls `onUpdate` for every generationUpdated event while mounted; returns whether the socket is up. */
export function useGenerationUpdates(onUpdate: Listener): boolean {
  const latest = useRef(onUpdate);
  latest.current = onUpdate;
  useEffect(() => feed.listen((update) => latest.current(update)), []);
  return useSyncExternalStore(feed.watchConnection, feed.isConnected);
}
