import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import supertest from 'supertest';
import { SESSION_ENDED_CLOSE_CODE } from '../auth/session-sockets.js';
import { signUp, signUpMember, startTestApp, type TestApp } from '../test-support/test-app.js';
import { collect, wsClient } from '../test-support/ws-client.js';
import { allUsersTopic, playlistTopic, Topics, userTopic } from './pubsub.js';

const SUB_USER = 'subscription { userUpdated { defaultDuration } }';
const SUB_PLAYLISTS = 'subscription { playlistChanged { playlistId } }';
const SUB_WATCH = 'subscription ($id: ID!) { playlistChanged(playlistId: $id) { playlistId } }';
const SUB_GENERATIONS = 'subscription { generationUpdated { requestId status } }';
const UPDATE = 'mutation { updateProfile(input: { defaultDuration: 95 }) { defaultDuration } }';
const CREATE = 'mutation { createPlaylist(name: "Shared", isPublic: true) { id } }';
const RENAME = 'mutation ($id: ID!, $name: String!) { renamePlaylist(id: $id, name: $name) { id } }';
const GENERATE = 'mutation { generateSong(input: { prompt: "quiet piano", durationSeconds: 30 }) { id } }';
const DISABLE = 'mutation ($id: ID!) { setUserDisabled(id: $id, disabled: true) { id disabled } }';

/** Routing by per-user topics, the socket's session reused for its operations (and shared by a session's sockets), and disabled accounts cut off. */
describe('user-scoped subscription topics', () => {
  let t: TestApp;
  let adminCookie: string;
  beforeAll(async () => {
    t = await startTestApp({ target: 'embedded', config: { workerConcurrency: 0, demoCatalogue: false } });
    adminCookie = await signUp(t, 'admin'); // the first account is the admin
  });
  afterAll(async () => {
    await t.close();
  });

  const gql = (cookie: string, query: string, variables: Record<string, unknown> = {}) =>
    supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query, variables }).then((res) => {
      expect(res.body.errors).toBeUndefined();
      return res.body.data;
    });

  it("routes each user's events to their own sockets only (admins hear every generation), looks the session up once per socket, and cuts off a disabled account", async () => {
    const alice = await signUpMember(t, 'alice');
    const bob = await signUpMember(t, 'bob');
    const shared = (await gql(alice.cookie, CREATE)).createPlaylist.id as string;
    const subscribed = vi.spyOn(t.app.services.pubsub, 'subscribe');
    const resolves = vi.spyOn(t.app.services.sessions, 'resolve');
    const tab = (cookie: string) => {
      const client = wsClient(t.baseUrl, cookie);
      return {
        client,
        user: collect<{ userUpdated: unknown }>(client, SUB_USER),
        playlists: collect<{ playlistChanged: { playlistId: string } }>(client, SUB_PLAYLISTS),
        generations: collect<{ generationUpdated: { requestId: string; status: string } }>(client, SUB_GENERATIONS),
      };
    };
    const tabs = { alice: tab(alice.cookie), bob: tab(bob.cookie), admin: tab(adminCookie) };
    const bobWatches = collect<{ playlistChanged: { playlistId: string } }>(tabs.bob.client, SUB_WATCH, { id: shared });
    try {
      const expectedTopics = [
        ...[alice.user.id, bob.user.id].flatMap((id) => [userTopic(Topics.userUpdated, id), userTopic(Topics.playlistChanged, id), userTopic(Topics.generationUpdated, id)]),
        allUsersTopic(Topics.generationUpdated),
        playlistTopic(shared),
      ];
      await expect.poll(() => expectedTopics.filter((topic) => !subscribed.mock.calls.some(([called]) => called === topic)), { timeout: 10_000 }).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the last iterators start listening
      // Three sockets, ten operations: one session lookup per socket.
      expect(resolves).toHaveBeenCalledTimes(3);

      await gql(alice.cookie, UPDATE);
      await gql(alice.cookie, RENAME, { id: shared, name: 'Renamed' });
      const requestId = (await gql(alice.cookie, GENERATE)).generateSong.id as string;
      await tabs.alice.user.next(1);
      expect((await tabs.alice.playlists.next(1))[0].playlistChanged.playlistId).toBe(shared);
      expect((await bobWatches.next(1))[0].playlistChanged.playlistId).toBe(shared);
      expect((await tabs.alice.generations.next(1))[0].generationUpdated).toEqual({ requestId, status: 'pending' });
      expect((await tabs.admin.generations.next(1))[0].generationUpdated).toEqual({ requestId, status: 'pending' });
      // Bob's own change proves his subscriptions live; Alice's events never reached them.
      await gql(bob.cookie, UPDATE);
      await tabs.bob.user.next(1);
      expect(tabs.bob.user.results).toHaveLength(1);
      expect(tabs.bob.playlists.results).toEqual([]);
      expect(tabs.bob.generations.results).toEqual([]);
      expect(tabs.admin.user.results).toEqual([]);
      expect(tabs.admin.playlists.results).toEqual([]);

      // Disabled: Bob's socket is closed, and what follows for him never arrives.
      await gql(adminCookie, DISABLE, { id: String(bob.user.id) });
      await expect.poll(() => tabs.bob.user.errors.some((e) => (e as { code?: number }).code === SESSION_ENDED_CLOSE_CODE), { timeout: 5000 }).toBe(true);
      await t.app.services.pubsub.publish(userTopic(Topics.userUpdated, bob.user.id), { userId: bob.user.id, user: { defaultDuration: 1 } });
      await gql(alice.cookie, RENAME, { id: shared, name: 'Renamed again' });
      await tabs.alice.playlists.next(2);
      expect(tabs.bob.user.results).toHaveLength(1);
      expect(bobWatches.results).toHaveLength(1);
    } finally {
      for (const { client, user, playlists, generations } of Object.values(tabs)) {
        for (const subscription of [user, playlists, generations]) subscription.dispose();
        await client.dispose();
      }
      bobWatches.dispose();
      subscribed.mockRestore();
      resolves.mockRestore();
    }
  });

  it("shares one session lookup between a user's sockets, which all get each event, with one listener for their topic", async () => {
    const carol = await signUpMember(t, 'carol');
    const subscribed = vi.spyOn(t.app.services.pubsub, 'subscribe');
    const resolves = vi.spyOn(t.app.services.sessions, 'resolve');
    const warnings: Error[] = [];
    const warn = (warning: Error) => warnings.push(warning);
    process.on('warning', warn);
    // More sockets than an EventEmitter takes listeners for one event before it warns of a leak (10).
    const tabs = Array.from({ length: 12 }, () => {
      const client = wsClient(t.baseUrl, carol.cookie);
      return { client, user: collect<{ userUpdated: { defaultDuration: number } }>(client, SUB_USER) };
    });
    try {
      const topic = userTopic(Topics.userUpdated, carol.user.id);
      await expect.poll(() => subscribed.mock.calls.filter(([called]) => called === topic).length, { timeout: 10_000 }).toBe(tabs.length);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the last iterators start listening
      expect(resolves).toHaveBeenCalledTimes(1);

      await gql(carol.cookie, UPDATE);
      for (const tab of tabs) expect((await tab.user.next(1))[0].userUpdated.defaultDuration).toBe(95);
      expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
    } finally {
      process.off('warning', warn);
      for (const { client, user } of tabs) {
        user.dispose();
        await client.dispose();
      }
      subscribed.mockRestore();
      resolves.mockRestore();
    }
  });
});
