/**
 * The graphql-ws part of `npm run bench:api` (issue 20, "Measured acceptance"): SUBSCRIBERS sockets
 * on one process subscribed to queueChanged (the web player's own document), spread over USERS users,
 * against a bare graphql-ws + in-memory pub/sub baseline (baseline-servers.ts `ws`) serving the same
 * document and payload. Each event is one user's queue change (the app: a moveInQueue mutation; the
 * baseline: a POST that publishes); its delivery time is from sending the change to each of that
 * user's sockets receiving it. Heap per 1,000 subscribers is the server's heap after a full GC (over
 * the inspector) with every socket subscribed, less the heap before they connected.
 */
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { print } from 'graphql';
import WebSocket from 'ws';
import { webDocuments } from '../../test-support/web-documents.js';

const SUBSCRIBERS = Number(process.env.BENCH_WS_SUBSCRIBERS ?? 10_000);
const USERS = Number(process.env.BENCH_WS_USERS ?? 5);
const EVENTS = Number(process.env.BENCH_WS_EVENTS ?? 20);
/** An event not received by every socket of its user within this is counted lost for those sockets. */
const DELIVERY_TIMEOUT_MS = 30_000;
const CONNECTING_AT_ONCE = 200;
/** Warm-up events per user until each of its sockets has received one (a subscribe has no answer). */
const WARM_UP_TRIES = 3;
/** A folder to write each server's heap snapshots to, before and with the subscribers (compare them in DevTools' Memory tab). */
const HEAP_SNAPSHOTS = process.env.BENCH_WS_HEAP_SNAPSHOTS ?? null;

export interface SubscriptionServer {
  name: string;
  baseUrl: string;
  /** The process's stdout and stderr so far (where the inspector prints its address). */
  output(): string;
  /** How a socket of user `index` identifies itself. */
  socketOptions(index: number): { headers?: Record<string, string>; connectionParams?: Record<string, unknown> };
  /** Changes user `index`'s queue once (resolves when the request was answered). */
  change(index: number, payload: unknown): Promise<void>;
}

export interface SubscriptionResult {
  name: string;
  subscribers: number;
  deliveries: number;
  lost: number;
  p50: number;
  p99: number;
  max: number;
  heapPerThousandMiB: number;
  connectSeconds: number;
  /** Sockets the server closed while measured ("0 closed" when none). */
  closedByServer: string;
}

interface Subscriber {
  user: number;
  socket: WebSocket;
  received: number;
  /** Called on each delivery (set while an event of this subscriber's user is awaited). */
  onDelivery: (() => void) | null;
  /** How the server closed the socket after it connected ("1006 " when it was cut without a close frame). */
  closed: string | null;
}

/**
 * How a delivery starts: graphql-ws writes `id`, `type`, `payload` in that order, and a result with
 * errors starts with them. A delivery is tens of KB (a queue of 150 songs) times 10,000 sockets:
 * the client looks at its head instead of parsing it, so the measuring process is not what is slow.
 */
const DELIVERY_HEAD = Buffer.from('"type":"next","payload":{"data":');
const DELIVERY_HEAD_SEARCHED = 64;

/** The web player's queueChanged subscription, as Apollo Client sends it. */
export async function queueChangedDocument(): Promise<string> {
  const found = (await webDocuments()).find((d) => d.name === 'QueueChangedDocument');
  if (!found) throw new Error('The web app has no QueueChangedDocument');
  return print(found.document);
}

/**
 * Used heap (bytes) after a full GC, read over the inspector whose address the process printed;
 * with `snapshotFile`, also writes a heap snapshot there (to see what each subscriber holds).
 */
async function heapAfterGc(output: string, snapshotFile: string | null): Promise<number> {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1];
  if (!url) throw new Error('The server runs without --inspect (NODE_OPTIONS)');
  const socket = new WebSocket(url, { maxPayload: 0 });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let id = 0;
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<Record<string, number>>((resolve) => {
      const own = ++id;
      const listener = (data: WebSocket.RawData) => {
        const message = JSON.parse(data.toString()) as { id?: number; result?: Record<string, number> };
        if (message.id !== own) return;
        socket.off('message', listener);
        resolve(message.result ?? {});
      };
      socket.on('message', listener);
      socket.send(JSON.stringify({ id: own, method, params }));
    });
  await call('HeapProfiler.collectGarbage');
  await call('HeapProfiler.collectGarbage');
  const { usedSize } = await call('Runtime.getHeapUsage');
  if (snapshotFile) {
    const file = createWriteStream(snapshotFile);
    const chunks = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString()) as { method?: string; params?: { chunk: string } };
      if (message.method === 'HeapProfiler.addHeapSnapshotChunk') file.write(message.params!.chunk);
    };
    socket.on('message', chunks);
    await call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    socket.off('message', chunks);
    await new Promise((resolve) => file.end(resolve));
  }
  socket.close();
  return usedSize!;
}

function connect(server: SubscriptionServer, user: number, query: string): Promise<Subscriber> {
  const options = server.socketOptions(user);
  const socket = new WebSocket(`${server.baseUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers: options.headers });
  const subscriber: Subscriber = { user, socket, received: 0, onDelivery: null, closed: null };
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: options.connectionParams ?? {} })));
    socket.on('message', (raw) => {
      const data = raw as Buffer; // the default binaryType, 'nodebuffer'
      if (data.subarray(0, DELIVERY_HEAD_SEARCHED).includes(DELIVERY_HEAD)) {
        subscriber.received += 1;
        subscriber.onDelivery?.();
        return;
      }
      const message = JSON.parse(data.toString()) as { type: string };
      if (message.type === 'connection_ack') {
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query } }));
        resolve(subscriber);
      } else if (message.type === 'ping') {
        socket.send('{"type":"pong"}');
      } else if (message.type !== 'pong') {
        console.error(`  ${server.name}: unexpected ${data.toString().slice(0, 300)}`);
      }
    });
    socket.once('close', (code, reason) => {
      // Before the acknowledgement this refuses the connection; after it, the socket is counted as closed.
      subscriber.closed = `${code} ${reason.toString()}`;
      reject(new Error(`socket closed ${subscriber.closed}`));
    });
  });
}

/** "3 closed (1006 ×3)": the sockets among `subscribers` the server closed, by close code and reason. */
function closedSummary(subscribers: Subscriber[]): string {
  const byReason = new Map<string, number>();
  for (const { closed } of subscribers) if (closed !== null) byReason.set(closed, (byReason.get(closed) ?? 0) + 1);
  const count = [...byReason.values()].reduce((sum, n) => sum + n, 0);
  return `${count} closed${count ? ` (${[...byReason].map(([reason, n]) => `${reason.trim()} ×${n}`).join(', ')})` : ''}`;
}

/**
 * One event for `user`: resolves with each of its sockets' delivery time (ms), and how many did not
 * receive it within DELIVERY_TIMEOUT_MS.
 */
async function deliver(server: SubscriptionServer, byUser: Subscriber[][], user: number, payload: unknown): Promise<{ times: number[]; lost: number }> {
  const subscribers = byUser[user]!;
  // A socket the server closed cannot receive it (lost without waiting for the timeout).
  const open = subscribers.filter((subscriber) => subscriber.closed === null);
  const times: number[] = [];
  const sentAt = performance.now();
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, DELIVERY_TIMEOUT_MS);
    for (const subscriber of open) {
      subscriber.onDelivery = () => {
        subscriber.onDelivery = null;
        times.push(performance.now() - sentAt);
        if (times.length === open.length) {
          clearTimeout(timer);
          resolve();
        }
      };
    }
  });
  await server.change(user, payload);
  await done;
  for (const subscriber of subscribers) subscriber.onDelivery = null;
  return { times, lost: subscribers.length - times.length };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Connects SUBSCRIBERS sockets, sends a warm-up event per user, then EVENTS measured events in turn. */
export async function benchSubscriptions(server: SubscriptionServer, query: string, payload: unknown): Promise<SubscriptionResult> {
  const snapshot = (moment: string) => (HEAP_SNAPSHOTS ? path.join(HEAP_SNAPSHOTS, `${server.name.replace(/\W+/g, '-')}-${SUBSCRIBERS}-${moment}.heapsnapshot`) : null);
  const heapBefore = await heapAfterGc(server.output(), snapshot('before'));
  const connectStart = performance.now();
  const subscribers: Subscriber[] = [];
  for (let start = 0; start < SUBSCRIBERS; start += CONNECTING_AT_ONCE) {
    const batch = Array.from({ length: Math.min(CONNECTING_AT_ONCE, SUBSCRIBERS - start) }, (_, i) => connect(server, (start + i) % USERS, query));
    subscribers.push(...(await Promise.all(batch)));
  }
  const connectSeconds = (performance.now() - connectStart) / 1000;
  const byUser = Array.from({ length: USERS }, (_, user) => subscribers.filter((s) => s.user === user));
  // A subscribe message has no answer and the server sets subscriptions up as it gets to them: warm-up
  // events show every one is in place before anything is measured. A socket the server closed meanwhile
  // is not waited for: it is counted lost in every measured event, and shown in the table.
  for (let user = 0; user < USERS; user += 1) {
    let tries = 0;
    while (byUser[user]!.some((subscriber) => subscriber.received === 0 && subscriber.closed === null)) {
      if (++tries > WARM_UP_TRIES) {
        const missing = byUser[user]!.filter((subscriber) => subscriber.received === 0 && subscriber.closed === null);
        throw new Error(`${server.name}: ${missing.length} open sockets of user ${user} got none of ${WARM_UP_TRIES} warm-up events; ${closedSummary(subscribers)} by the server`);
      }
      await deliver(server, byUser, user, payload);
    }
  }
  const heapWith = await heapAfterGc(server.output(), snapshot('with'));
  const times: number[] = [];
  let lost = 0;
  for (let event = 0; event < EVENTS; event += 1) {
    const result = await deliver(server, byUser, event % USERS, payload);
    times.push(...result.times);
    lost += result.lost;
  }
  const closedByServer = closedSummary(subscribers);
  await Promise.all(subscribers.filter((s) => s.closed === null).map((s) => new Promise((resolve) => (s.socket.once('close', resolve), s.socket.close()))));
  const sorted = times.sort((a, b) => a - b);
  return {
    name: server.name,
    subscribers: SUBSCRIBERS,
    deliveries: sorted.length,
    lost,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    heapPerThousandMiB: (heapWith - heapBefore) / 1024 / 1024 / (SUBSCRIBERS / 1000),
    connectSeconds,
    closedByServer,
  };
}

export function printSubscriptionTable(results: SubscriptionResult[]): void {
  const baseline = results.find((r) => r.name.startsWith('bare'));
  console.log(`\ngraphql-ws: ${SUBSCRIBERS} subscribers on queueChanged over ${USERS} users (per-user topics), ${EVENTS} events measured`);
  console.log('| server | deliveries | lost | p50 ms | p99 ms | max ms | p99 vs bare | heap MiB per 1,000 subscribers | connect s | sockets closed by the server |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const ratio = baseline ? `${(r.p99 / baseline.p99).toFixed(2)}x` : '';
    console.log(`| ${r.name} | ${r.deliveries} | ${r.lost} | ${r.p50.toFixed(0)} | ${r.p99.toFixed(0)} | ${r.max.toFixed(0)} | ${ratio} | ${r.heapPerThousandMiB.toFixed(1)} | ${r.connectSeconds.toFixed(1)} | ${r.closedByServer} |`);
  }
  console.log('targets: lost 0, p99 within 1.5x of bare graphql-ws, heap <= 20 MiB per 1,000 subscribers');
}
