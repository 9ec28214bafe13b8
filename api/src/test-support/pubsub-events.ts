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

/** Waits (up to 5 s) for `check` to hold: events travel through pub/sub (Redis: another connection) before another process hears them. */
export async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
