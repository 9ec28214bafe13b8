import { describe, expect, it } from 'vitest';
import { redisAvailable, TEST_REDIS_URL } from '../test-support/services-available.js';
import { createPubSub } from './pubsub.js';

describe.runIf(redisAvailable)('pub/sub on Redis', () => {
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
