import { PubSub as MemoryPubSub, type PubSubEngine } from 'graphql-subscriptions';
import { RedisPubSub } from 'graphql-redis-subscriptions';
import { Redis } from 'ioredis';
import type { PubSub } from 'type-graphql';

/** Topics published across the app; payloads are plain JSON (they cross Redis). */
export const Topics = {
  generationUpdated: 'GENERATION_UPDATED',
  queueChanged: 'QUEUE_CHANGED',
  playlistChanged: 'PLAYLIST_CHANGED',
  userUpdated: 'USER_UPDATED',
} as const;

export interface AppPubSub extends PubSub {
  /** Resolves once the event has been handed to the transport. */
  publish(topic: string, payload: unknown): Promise<void>;
  close(): Promise<void>;
}

/**
 * type-graphql 2 wants `publish`/`subscribe(): AsyncIterable`; graphql-subscriptions engines
 * (in-memory, or graphql-redis-subscriptions over ioredis) offer `asyncIterableIterator`.
 * This adapter lets either engine back the schema's subscriptions.
 */
function adapt(engine: PubSubEngine, close: () => Promise<void>): AppPubSub {
  return {
    publish: (topic, payload) => engine.publish(topic, payload),
    subscribe: (topic) => engine.asyncIterableIterator(topic),
    close,
  };
}

export function createPubSub(redisUrl: string | null): AppPubSub {
  if (!redisUrl) return adapt(new MemoryPubSub(), async () => {});
  const options = { maxRetriesPerRequest: null, lazyConnect: false };
  const publisher = new Redis(redisUrl, options);
  const subscriber = new Redis(redisUrl, options);
  const engine = new RedisPubSub({ publisher, subscriber });
  return adapt(engine as unknown as PubSubEngine, async () => {
    await engine.close();
  });
}
