import { PubSub as MemoryPubSub, type PubSubEngine } from 'graphql-subscriptions';
import { RedisPubSub } from 'graphql-redis-subscriptions';
import { Redis } from 'ioredis';
import type { PubSub } from 'type-graphql';
import { TopicFanOut } from './topic-fan-out.js';

/** Topics published across the app; payloads are plain JSON (they cross Redis). */
export const Topics = {
  generationUpdated: 'GENERATION_UPDATED',
  queueChanged: 'QUEUE_CHANGED',
  playlistChanged: 'PLAYLIST_CHANGED',
  userUpdated: 'USER_UPDATED',
  /** Sessions that ended (logout, rotation, expiry): every API process closes their sockets. */
  sessionsEnded: 'SESSIONS_ENDED',
  /** Users whose row changed (permissions, tier): every API process drops its cached sessions of them. */
  usersChanged: 'USERS_CHANGED',
  /** A user's settings (/settings) changed: their other devices apply them live. */
  preferencesChanged: 'PREFERENCES_CHANGED',
  /** Users who liked or unliked songs: every API process drops its cached queue reads of them (isLiked). */
  likesChanged: 'LIKES_CHANGED',
  /** A user's queue changed (its new version): every API process stops answering the older one from memory. */
  queueVersions: 'QUEUE_VERSIONS',
  /** Songs were created, edited, published, hidden or deleted (committed): every API process reads library pages again. */
  libraryChanged: 'LIBRARY_CHANGED',
} as const;

/**
 * The topic of one user's events (`QUEUE_CHANGED.user.7`): a subscription listens to its own user's
 * topic only, so an event reaches that user's sockets and is not filtered for everyone else's.
 */
export function userTopic(topic: string, userId: number): string {
  return `${topic}.user.${userId}`;
}

/** The topic of one playlist's changes, for whoever watches that playlist (its page, shared or not). */
export function playlistTopic(playlistId: number | string): string {
  return `${Topics.playlistChanged}.playlist.${playlistId}`;
}

/** Every user's events of a topic, for admins (who see everyone's generations). */
export function allUsersTopic(topic: string): string {
  return `${topic}.all`;
}

export interface AppPubSub extends PubSub {
  /** Resolves once the event has been handed to the transport. */
  publish(topic: string, payload: unknown): Promise<void>;
  /**
   * Publishes without making the caller wait (a mutation's answer does not wait for the fan-out);
   * events announced in order are published in order, and a failure goes to the error handler.
   */
  announce(topic: string, payload: unknown): void;
  close(): Promise<void>;
}

/**
 * type-graphql 2 wants `publish`/`subscribe(): AsyncIterable`; either graphql-subscriptions engine
 * (in-memory, or graphql-redis-subscriptions over ioredis) backs the schema's subscriptions, each
 * topic listened to once per process and fanned out to its subscriptions here (TopicFanOut).
 */
function adapt(engine: PubSubEngine, close: () => Promise<void>, onPublishError: (error: unknown) => void): AppPubSub {
  const fanOut = new TopicFanOut(engine, onPublishError);
  return {
    publish: (topic, payload) => engine.publish(topic, payload),
    announce: (topic, payload) => void engine.publish(topic, payload).catch(onPublishError),
    subscribe: (topic) => fanOut.subscribe(topic),
    close,
  };
}

/** `onPublishError` hears what `announce` could not publish (default: stderr). */
export function createPubSub(redisUrl: string | null, onPublishError: (error: unknown) => void = (error) => console.error('Publishing an event failed', error)): AppPubSub {
  if (!redisUrl) return adapt(new MemoryPubSub(), async () => {}, onPublishError);
  const options = { maxRetriesPerRequest: null, lazyConnect: false };
  const publisher = new Redis(redisUrl, options);
  // No ready check on the subscriber: a SUBSCRIBE issued while ioredis is in its connect handshake is
  // written at once, and the INFO of the ready check that follows is then refused ("Connection in
  // subscriber mode"), which killed the connection's subscriptions. Redis accepts SUBSCRIBE while loading anyway.
  const subscriber = new Redis(redisUrl, { ...options, enableReadyCheck: false });
  // graphql-redis-subscriptions sends UNSUBSCRIBE without waiting for it. A subscription that ends after
  // close() (a socket cut at shutdown) would reject unhandled and kill the process; by then there is
  // nothing left to undo.
  const send = { unsubscribe: subscriber.unsubscribe.bind(subscriber), punsubscribe: subscriber.punsubscribe.bind(subscriber) };
  Object.assign(subscriber, {
    unsubscribe: (...channels: string[]) => send.unsubscribe(...channels).catch(() => 0),
    punsubscribe: (...patterns: string[]) => send.punsubscribe(...patterns).catch(() => 0),
  });
  const engine = new RedisPubSub({ publisher, subscriber });
  return adapt(engine as unknown as PubSubEngine, async () => {
    // Without a listener ioredis prints every connection error; from here on they are expected.
    for (const connection of [publisher, subscriber]) connection.on('error', () => {});
    await engine.close();
  }, onPublishError);
}

/**
 * Hands every event of `topic` to `handle` until the returned function is called (which resolves
 * once the subscription has ended). For process-wide listeners such as cache invalidations.
 */
export function listenTo<T>(pubsub: AppPubSub, topic: string, handle: (event: T) => void, onError: (e: unknown) => void): () => Promise<void> {
  const events = pubsub.subscribe(topic)[Symbol.asyncIterator]() as AsyncIterator<T>;
  const done = (async () => {
    for (let next = await events.next(); !next.done; next = await events.next()) handle(next.value);
  })().catch(onError);
  return async () => {
    await events.return?.();
    await done;
  };
}
