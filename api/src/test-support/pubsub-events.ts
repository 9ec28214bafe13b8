import type { AppPubSub } from '../pubsub/pubsub.js';

/** Every event published on `topic` from now on, appended to the returned list as it arrives. */
export function recordEvents<T>(pubsub: AppPubSub, topic: string): T[] {
  const events: T[] = [];
  const iterator = pubsub.subscribe(topic)[Symbol.asyncIterator]();
  void (async () => {
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      events.push(next.value as T);
    }
  })();
  return events;
}
