import { describe, expect, it } from 'vitest';
import { TEST_REDIS_URL, redisAvailable } from '../test-support/services-available.js';
import { createPubSub, type AppPubSub } from './pubsub.js';

describe.runIf(redisAvailable)('Redis pub/sub', () => {
  it('delivers to subscriptions made at any moment of the connection start-up, including its handshake', async () => {
    const topic = `PUBSUB_TEST_${process.pid}_${Date.now()}`;
    const engines: AppPubSub[] = [];
    const firstEvents: Array<Promise<IteratorResult<unknown>>> = [];
    const iterators: Array<AsyncIterator<unknown>> = [];
    // Subscribing 0-39 ms after creating the connections lands some subscriptions in ioredis's connect
    // handshake (CLIENT SETINFO, INFO), where a ready check broke the connection's subscriptions.
    await Promise.all(
      Array.from({ length: 40 }, async (_, delay) => {
        const engine = createPubSub(TEST_REDIS_URL);
        engines.push(engine);
        await new Promise((resolve) => setTimeout(resolve, delay));
        const iterator = engine.subscribe(topic)[Symbol.asyncIterator]() as AsyncIterator<unknown>;
        iterators.push(iterator);
        firstEvents.push(iterator.next());
      }),
    );
    const publisher = createPubSub(TEST_REDIS_URL);
    try {
      const timeout = new Promise((resolve) => setTimeout(() => resolve('no event'), 5000));
      // Keep publishing until every subscription has been made on the server (SUBSCRIBE is asynchronous).
      const delivered = Promise.all(firstEvents.map((event) => Promise.race([event.then((r) => r.value), timeout])));
      const publishing = setInterval(() => void publisher.publish(topic, { hello: 'world' }), 100);
      const values = await delivered.finally(() => clearInterval(publishing));
      expect(values.filter((v) => v === 'no event').length).toBe(0);
    } finally {
      await Promise.all(iterators.map((iterator) => iterator.return?.()));
      await Promise.all([publisher, ...engines].map((engine) => engine.close()));
    }
  });

  it('lets a subscription end after the pub/sub closed (a socket cut during shutdown) without an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      const pubsub = createPubSub(TEST_REDIS_URL);
      const iterator = pubsub.subscribe(`pubsub-test-${process.pid}`)[Symbol.asyncIterator]();
      const next = iterator.next();
      // The subscription is in place once Redis has confirmed it; then the process shuts down.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await pubsub.close();
      await iterator.return?.();
      await next;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });
});
