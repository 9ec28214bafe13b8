import { EventEmitter } from 'node:events';
import { PubSub as MemoryPubSub } from 'graphql-subscriptions';
import { RedisPubSub } from 'graphql-redis-subscriptions';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_REDIS_URL, redisAvailable } from '../test-support/services-available.js';
import { TopicFanOut, type TopicSubscription } from './topic-fan-out.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

interface Engine {
  engine: MemoryPubSub | RedisPubSub;
  publish(topic: string, payload: unknown): Promise<void>;
  /** Listeners (in memory) or subscribed connections (Redis) of a topic, as the engine counts them. */
  listeners(topic: string): Promise<number>;
  close(): Promise<void>;
}

function memoryEngine(): Engine {
  const emitter = new EventEmitter();
  const engine = new MemoryPubSub({ eventEmitter: emitter });
  return { engine, publish: (topic, payload) => engine.publish(topic, payload), listeners: async (topic) => emitter.listenerCount(topic), close: async () => {} };
}

function redisEngine(): Engine {
  const publisher = new Redis(TEST_REDIS_URL);
  const subscriber = new Redis(TEST_REDIS_URL, { enableReadyCheck: false });
  const engine = new RedisPubSub({ publisher, subscriber });
  return {
    engine,
    publish: (topic, payload) => engine.publish(topic, payload),
    listeners: async (topic) => Number(((await publisher.call('PUBSUB', 'NUMSUB', topic)) as [string, number])[1]),
    close: async () => void (await engine.close()),
  };
}

const engines: Array<[string, () => Engine, boolean]> = [
  ['in memory', memoryEngine, true],
  ['Redis', redisEngine, redisAvailable],
];

/**
 * Takes `count` events from `subscription`, failing after fifteen seconds: a deadline for a lost event,
 * not a speed check (on a busy 2-core CI machine, Redis's third event once took over two seconds to be read).
 */
async function take(subscription: TopicSubscription, count: number): Promise<unknown[]> {
  const events: unknown[] = [];
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, 15_000, 'late')));
  try {
    while (events.length < count) {
      const result = await Promise.race([subscription.next(), late]);
      if (result === 'late' || result.done) throw new Error(`got ${events.length} of ${count} events`);
      events.push(result.value);
    }
    return events;
  } finally {
    clearTimeout(timer);
  }
}

describe.each(engines)('one listener per topic, fanned out (%s)', (_name, makeEngine, available) => {
  let engine: Engine;
  afterEach(async () => {
    await engine?.close();
  });
  const topic = (name: string) => `FAN_OUT_TEST.${process.pid}.${Date.now()}.${name}`;

  it.runIf(available)("listens once per topic however many subscribe, hands each subscription every event in order, and other topics' subscriptions nothing", async () => {
    engine = makeEngine();
    const subscribes = vi.spyOn(engine.engine, 'subscribe');
    const fanOut = new TopicFanOut(engine.engine, (e) => expect.fail(String(e)));
    const [alice, bob] = [topic('alice'), topic('bob')];
    const warnings: Error[] = [];
    const warn = (warning: Error) => warnings.push(warning);
    process.on('warning', warn);
    try {
      const alices = Array.from({ length: 25 }, () => fanOut.subscribe(alice));
      const bobs = Array.from({ length: 3 }, () => fanOut.subscribe(bob));
      expect(subscribes).toHaveBeenCalledTimes(2);
      expect(fanOut.topicCount).toBe(2);
      await expect.poll(() => engine.listeners(alice)).toBe(1);
      for (const n of [1, 2, 3]) await engine.publish(alice, { n });
      await engine.publish(bob, { n: 'bob' });
      for (const subscription of alices) expect(await take(subscription, 3)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      for (const subscription of bobs) expect(await take(subscription, 1)).toEqual([{ n: 'bob' }]);
      await nextTurn();
      // Nothing more was queued for Bob's subscriptions: Alice's events never reached them.
      const pending = bobs[0]!.next();
      expect(await Promise.race([pending, nextTurn().then(() => 'nothing')])).toBe('nothing');
      // Past ten subscriptions to one topic the in-memory engine would warn of a listener leak.
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
      for (const subscription of [...alices, ...bobs]) await subscription.return();
      expect(await pending).toEqual({ value: undefined, done: true });
    } finally {
      process.off('warning', warn);
    }
  });

  it.runIf(available)('stops listening to a topic when its last subscription ends, and listens again for the next one', async () => {
    engine = makeEngine();
    const unsubscribes = vi.spyOn(engine.engine, 'unsubscribe');
    const fanOut = new TopicFanOut(engine.engine, (e) => expect.fail(String(e)));
    const name = topic('queue');
    const [first, second] = [fanOut.subscribe(name), fanOut.subscribe(name)];
    await expect.poll(() => engine.listeners(name)).toBe(1);
    await first.return();
    await nextTurn();
    expect(unsubscribes).not.toHaveBeenCalled();
    await engine.publish(name, 'still here');
    expect(await take(second, 1)).toEqual(['still here']);
    await second.return();
    await expect.poll(() => unsubscribes.mock.calls.length).toBe(1);
    await expect.poll(() => engine.listeners(name)).toBe(0);
    expect(fanOut.topicCount).toBe(0);
    expect(await first.next()).toEqual({ value: undefined, done: true });

    const third = fanOut.subscribe(name);
    await expect.poll(() => engine.listeners(name)).toBe(1);
    await engine.publish(name, 'again');
    expect(await take(third, 1)).toEqual(['again']);
    await third.return();
  });
});

describe('fan-out timing', () => {
  it('answers the publisher before any subscription gets the event (the in-memory engine calls listeners inside publish)', async () => {
    const engine = new MemoryPubSub();
    const fanOut = new TopicFanOut(engine, (e) => expect.fail(String(e)));
    const subscription = fanOut.subscribe('QUEUE_CHANGED.user.1');
    let delivered = false;
    const next = subscription.next().then((result) => ((delivered = true), result));
    await engine.publish('QUEUE_CHANGED.user.1', { version: 2 });
    await Promise.resolve();
    expect(delivered).toBe(false);
    expect(await next).toEqual({ value: { version: 2 }, done: false });
    await subscription.return();
  });

  it('hands an event to a few hundred subscriptions per turn of the event loop, each getting the events in order', async () => {
    const engine = new MemoryPubSub();
    const fanOut = new TopicFanOut(engine, (e) => expect.fail(String(e)));
    const subscriptions = Array.from({ length: 600 }, () => fanOut.subscribe('QUEUE_CHANGED.user.1'));
    const received = subscriptions.map(() => [] as unknown[]);
    const taking = subscriptions.map(async (subscription, i) => {
      for (let n = 0; n < 2; n += 1) received[i]!.push((await subscription.next()).value);
    });
    await engine.publish('QUEUE_CHANGED.user.1', 'first');
    await engine.publish('QUEUE_CHANGED.user.1', 'second');
    await nextTurn();
    // One turn: the first slice has the first event (and handed it on), the rest wait for later turns.
    expect(received.filter((events) => events.length > 0).length).toBeLessThan(subscriptions.length);
    expect(received.filter((events) => events.length > 0).length).toBeGreaterThan(0);
    await Promise.all(taking);
    for (const events of received) expect(events).toEqual(['first', 'second']);
    for (const subscription of subscriptions) await subscription.return();
  });

  it('ends the subscriptions of a topic that could not be listened to with the error', async () => {
    const failing = { subscribe: () => Promise.reject(new Error('SUBSCRIBE refused')), unsubscribe: vi.fn() };
    const fanOut = new TopicFanOut(failing, (e) => expect.fail(String(e)));
    const subscription = fanOut.subscribe('QUEUE_CHANGED.user.1');
    await expect(subscription.next()).rejects.toThrow('SUBSCRIBE refused');
    expect(await subscription.next()).toEqual({ value: undefined, done: true });
    expect(fanOut.topicCount).toBe(0);
    expect(failing.unsubscribe).not.toHaveBeenCalled();
  });
});
