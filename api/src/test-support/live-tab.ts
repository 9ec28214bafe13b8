import { expect } from 'vitest';
import supertest from 'supertest';
import type { TestApp } from './test-app.js';
import { collect, wsClient } from './ws-client.js';

export const SUBSCRIBE = 'subscription { userUpdated { defaultDuration email } }';
export const UPDATE = 'mutation ($d: Int!) { updateProfile(input: { defaultDuration: $d }) { defaultDuration } }';

/**
 * A signed-in tab with a live userUpdated subscription, proven live by one pushed event.
 * `closedWith()` is the close code the server ended the socket with (null while open).
 */
export async function liveTab(subscribeTo: TestApp, mutateOn: TestApp, cookie: string) {
  const client = wsClient(subscribeTo.baseUrl, cookie);
  const events = collect<{ userUpdated: { defaultDuration: number } }>(client, SUBSCRIBE);
  await expect
    .poll(
      async () => {
        await supertest(mutateOn.baseUrl).post('/graphql').set('cookie', cookie).send({ query: UPDATE, variables: { d: 60 + events.results.length } });
        return events.results.length;
      },
      { timeout: 10_000, interval: 200 },
    )
    .toBeGreaterThan(0);
  return {
    events,
    closedWith: () => (events.errors.find((e): e is { code: number } => typeof (e as { code?: unknown }).code === 'number') ?? null)?.code ?? null,
    async dispose() {
      events.dispose();
      await client.dispose();
    },
  };
}
