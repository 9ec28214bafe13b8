import type { PubSubEngine } from 'graphql-subscriptions';

/** What the fan-out needs of a graphql-subscriptions engine (in-memory or graphql-redis-subscriptions). */
export type SubscribingEngine = Pick<PubSubEngine, 'subscribe' | 'unsubscribe'>;

interface TopicListeners {
  /** The engine's subscription id, once it has confirmed (Redis answers SUBSCRIBE asynchronously). */
  engineSubscription: Promise<number>;
  subscriptions: Set<TopicSubscription>;
}

/**
 * One engine subscription per topic in this process, fanned out to the process's subscriptions of
 * that topic: the 2,000 sockets of one user cost one listener (in memory, one EventEmitter listener,
 * so no MaxListenersExceeded past 10 sockets; on Redis, one channel reference) instead of one each,
 * and each socket holds only a small queue (TopicSubscription).
 *
 * An event is handed to the subscriptions from the next turn of the event loop on (setImmediate), so
 * whoever published (a mutation) is answered before the fan-out runs (the in-memory engine calls its
 * listeners inside `publish`), in slices (SUBSCRIPTIONS_PER_TURN). Each subscription gets the events in
 * the order they were published in.
 */
export class TopicFanOut {
  private readonly topics = new Map<string, TopicListeners>();

  constructor(
    private readonly engine: SubscribingEngine,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** A subscription to `topic` from now on; it stops listening when returned (graphql-ws does so when the operation ends). */
  subscribe(topic: string): TopicSubscription {
    const listeners = this.topics.get(topic) ?? this.listen(topic);
    const subscription: TopicSubscription = new TopicSubscription(() => this.leave(topic, listeners, subscription));
    listeners.subscriptions.add(subscription);
    return subscription;
  }

  /** Topics this process has an engine subscription for. */
  get topicCount(): number {
    return this.topics.size;
  }

  private listen(topic: string): TopicListeners {
    const subscriptions = new Set<TopicSubscription>();
    const deliver = (payload: unknown) => setImmediate(handOut, [...subscriptions], payload, 0);
    const listeners: TopicListeners = { engineSubscription: this.engine.subscribe(topic, deliver, {}), subscriptions };
    this.topics.set(topic, listeners);
    listeners.engineSubscription.catch((error: unknown) => {
      if (this.topics.get(topic) === listeners) this.topics.delete(topic);
      for (const subscription of subscriptions) subscription.fail(error);
    });
    return listeners;
  }

  private leave(topic: string, listeners: TopicListeners, subscription: TopicSubscription): void {
    listeners.subscriptions.delete(subscription);
    if (listeners.subscriptions.size > 0 || this.topics.get(topic) !== listeners) return;
    this.topics.delete(topic);
    listeners.engineSubscription.then(
      (id) => {
        try {
          this.engine.unsubscribe(id);
        } catch (error) {
          this.onError(error);
        }
      },
      () => {}, // a subscription that never started has nothing to undo (its failure went to the subscriptions)
    );
  }
}

/**
 * Subscriptions handed an event per turn of the event loop: what each does with it (execute, serialise,
 * send) runs before the next slice, so a fan-out to thousands of sockets lets requests, pongs and other
 * events in between instead of holding the process for seconds (graphql-ws cuts a socket whose pong
 * is not read within 12 s).
 */
const SUBSCRIPTIONS_PER_TURN = 250;

/** Hands `payload` to `subscriptions` from `from` on, a slice per turn; a later event's slices queue behind, so each subscription keeps the order. */
function handOut(subscriptions: TopicSubscription[], payload: unknown, from: number): void {
  const to = Math.min(subscriptions.length, from + SUBSCRIPTIONS_PER_TURN);
  for (let i = from; i < to; i += 1) subscriptions[i]!.push(payload);
  if (to < subscriptions.length) setImmediate(handOut, subscriptions, payload, to);
}

/** One local subscription to a topic: the events not yet taken, or the callers waiting for one. */
export class TopicSubscription<T = unknown> implements AsyncIterableIterator<T> {
  private readonly events: T[] = [];
  private readonly waiting: Array<{ resolve: (result: IteratorResult<T>) => void; reject: (error: unknown) => void }> = [];
  private ended = false;
  private failure: { error: unknown } | null = null;

  constructor(private readonly detach: () => void) {}

  /** An event of the topic (from TopicFanOut). */
  push(event: T): void {
    if (this.ended) return;
    const waiter = this.waiting.shift();
    if (waiter) waiter.resolve({ value: event, done: false });
    else this.events.push(event);
  }

  /** The topic could not be listened to: whoever waits gets the error, or else whoever asks next. */
  fail(error: unknown): void {
    if (this.ended) return;
    this.end();
    const waiting = this.waiting.splice(0);
    if (waiting.length === 0) this.failure = { error };
    for (const waiter of waiting) waiter.reject(error);
  }

  next(): Promise<IteratorResult<T>> {
    if (this.events.length > 0) return Promise.resolve({ value: this.events.shift()!, done: false });
    if (this.failure) {
      const { error } = this.failure;
      this.failure = null;
      return Promise.reject(error);
    }
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  return(): Promise<IteratorResult<T>> {
    this.end();
    this.events.length = 0;
    for (const waiter of this.waiting.splice(0)) waiter.resolve({ value: undefined, done: true });
    return Promise.resolve({ value: undefined, done: true });
  }

  throw(error: unknown): Promise<IteratorResult<T>> {
    void this.return();
    return Promise.reject(error);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.detach();
  }
}
