import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

/** A graphql-ws client that presents a browser's session cookie (and, like a browser page, an Origin) on the upgrade request. */
export function wsClient(baseUrl: string, cookie: string | null, origin?: string): Client {
  const headers = { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) };
  class CookieWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  return createClient({ url: `${baseUrl.replace(/^http/, 'ws')}/graphql`, webSocketImpl: CookieWebSocket, retryAttempts: 0, lazy: true });
}

/** Subscribes and collects results; `next(n)` resolves once n results have arrived. */
export function collect<T>(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const results: T[] = [];
  const errors: unknown[] = [];
  let waiters: Array<{ count: number; resolve: () => void }> = [];
  const notify = () => {
    waiters = waiters.filter((w) => (results.length >= w.count ? (w.resolve(), false) : true));
  };
  const dispose = client.subscribe<T>(
    { query, variables },
    {
      next: (value) => {
        if (value.errors) errors.push(...value.errors);
        if (value.data) results.push(value.data as T);
        notify();
      },
      error: (error) => errors.push(error),
      complete: () => {},
    },
  );
  return {
    results,
    errors,
    dispose,
    next(count: number, timeoutMs = 10_000): Promise<T[]> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`Timed out waiting for ${count} results (have ${results.length}; errors ${JSON.stringify(errors)})`)), timeoutMs);
        waiters.push({ count, resolve: () => (clearTimeout(timer), resolve(results.slice())) });
        notify();
      });
    },
  };
}

/** The session cookie pair ("songforge.sid=...") from a Set-Cookie response header. */
export function cookiePair(setCookie: string[] | string | undefined): string {
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!first) throw new Error('No Set-Cookie header');
  return first.split(';')[0];
}
