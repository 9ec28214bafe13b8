import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS, TEST_REDIS_URL, postgresAvailable, redisAvailable } from '../test-support/services-available.js';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { cookiePair } from '../test-support/ws-client.js';
import { liveTab } from '../test-support/live-tab.js';
import { SESSION_ENDED_CLOSE_CODE } from '../auth/session-sockets.js';
import { User } from '../users/user.entity.js';
import { GenerationRequest } from '../generation/generation-request.entity.js';
import { Queue } from 'bullmq';
import { AdminAuditEntry } from './admin-audit-entry.entity.js';
import { LAST_ADMIN } from './admin-users.service.js';

const RIGHTS = 'mutation ($id: ID!, $changes: AdminUserChangesInput!) { updateUserRights(id: $id, changes: $changes) { id userTier canAccessAdmin isAdmin monthlyGenerationLimit } }';
const DISABLE = 'mutation ($id: ID!, $disabled: Boolean!) { setUserDisabled(id: $id, disabled: $disabled) { id disabled } }';
const RESET = 'mutation ($id: ID!) { forcePasswordReset(id: $id) { temporaryPassword user { id } } }';

const gql = (t: TestApp, cookie: string, query: string, variables: Record<string, unknown> = {}) =>
  supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query, variables }).then((res) => res.body as { data?: Record<string, unknown>; errors?: Array<{ message: string; extensions: { code: string } }> });

let names = 0;
const uniqueName = (prefix: string) => `${prefix}${(names += 1)}x${Date.now() % 100_000}`;

describe.each(DATABASE_TARGETS)('admin users on %s PostgreSQL', (target) => {
  let t: TestApp;
  let firstAdminCookie: string;
  let firstAdmin: User;
  const em = () => t.app.database.orm.em.fork() as EntityManager;
  const userNamed = (username: string) => em().findOneOrFail(User, { username });

  beforeAll(async () => {
    t = await startTestApp({ target });
    // The first account of an installation is the admin (docs/auth.md).
    firstAdminCookie = await signUp(t, 'rootadmin');
    firstAdmin = await userNamed('rootadmin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it("changes a user's tier, limit and flags, and records who did it with before and after", async () => {
    const name = uniqueName('tiered');
    await signUp(t, name);
    const user = await userNamed(name);
    const body = await gql(t, firstAdminCookie, RIGHTS, { id: String(user.id), changes: { userTier: 'pro', monthlyGenerationLimit: 50, canAccessDJ: true } });
    expect(body.data?.updateUserRights).toEqual({ id: String(user.id), userTier: 'pro', canAccessAdmin: false, isAdmin: false, monthlyGenerationLimit: 50 });
    const entry = await em().findOneOrFail(AdminAuditEntry, { action: 'user.update', targetId: String(user.id) }, { populate: ['actor'] });
    expect(entry.actor?.username).toBe('rootadmin');
    expect(entry.before).toMatchObject({ userTier: 'free', monthlyGenerationLimit: 5, canAccessDJ: false });
    expect(entry.after).toMatchObject({ userTier: 'pro', monthlyGenerationLimit: 50, canAccessDJ: true });
    const refused = await gql(t, firstAdminCookie, RIGHTS, { id: String(user.id), changes: { userTier: 'emperor' } });
    expect(refused.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('refuses to take away the last admin rights, even the admin\'s own', async () => {
    const body = await gql(t, firstAdminCookie, RIGHTS, { id: String(firstAdmin.id), changes: { userTier: 'free', canAccessAdmin: false } });
    expect(body.errors?.[0]).toMatchObject({ message: LAST_ADMIN, extensions: { code: 'CONFLICT' } });
    expect((await userNamed('rootadmin')).userTier).toBe('admin');
  });

  it('keeps at least one admin when admins demote each other and themselves at the same time', async () => {
    const names = [uniqueName('rival'), uniqueName('rival')];
    const cookies = await Promise.all(names.map((n) => signUp(t, n)));
    const rivals = await Promise.all(names.map(userNamed));
    // Only the two rivals are admins: the first admin steps down once they are promoted.
    for (const rival of rivals) await gql(t, firstAdminCookie, RIGHTS, { id: String(rival.id), changes: { userTier: 'admin' } });
    expect((await gql(t, firstAdminCookie, RIGHTS, { id: String(firstAdmin.id), changes: { userTier: 'free', canAccessAdmin: false } })).errors).toBeUndefined();
    const demote = (cookie: string, user: User) => gql(t, cookie, RIGHTS, { id: String(user.id), changes: { userTier: 'free', canAccessAdmin: false } });
    const results = await Promise.all([demote(cookies[0], rivals[1]), demote(cookies[1], rivals[0]), demote(cookies[0], rivals[0]), demote(cookies[1], rivals[1])]);
    const admins = await em().find(User, { isSystem: false, disabledAt: null, $or: [{ canAccessAdmin: true }, { userTier: 'admin' }] });
    // Hand the installation back to the first admin before asserting, so a failure here cannot cascade into the other tests.
    if (admins.length > 0) {
      await gql(t, cookies[rivals.findIndex((r) => r.id === admins[0].id)], RIGHTS, { id: String(firstAdmin.id), changes: { userTier: 'admin' } });
    }
    expect(admins).toHaveLength(1);
    const succeeded = results.filter((r) => !r.errors);
    const refused = results.filter((r) => r.errors?.[0]?.message === LAST_ADMIN);
    const forbidden = results.filter((r) => r.errors?.[0]?.extensions.code === 'FORBIDDEN');
    // The order decides the rest: whoever is demoted first loses the right to act, and demoting someone
    // already demoted is a harmless repeat that succeeds. Whatever the order, the last admin's own
    // step-down is refused and nothing else goes wrong.
    expect(refused).toHaveLength(1);
    expect(succeeded.length).toBeGreaterThanOrEqual(1);
    expect(succeeded.length + refused.length + forbidden.length).toBe(4);
    expect((await userNamed('rootadmin')).userTier).toBe('admin');
  });

  it('disables an account: its sessions and sockets end at once, it cannot sign in, and enabling lets it back', async () => {
    const name = uniqueName('disabled');
    const cookie = await signUp(t, name);
    const user = await userNamed(name);
    const tab = await liveTab(t, t, cookie);
    try {
      expect((await gql(t, firstAdminCookie, DISABLE, { id: String(user.id), disabled: true })).data?.setUserDisabled).toEqual({ id: String(user.id), disabled: true });
      await expect.poll(tab.closedWith, { timeout: 5000 }).toBe(SESSION_ENDED_CLOSE_CODE);
      expect((await supertest(t.baseUrl).get('/api/user').set('cookie', cookie)).status).toBe(401);
      const login = await supertest(t.baseUrl).post('/api/login').send({ username: name, password: 'password1' });
      expect(login.status).toBe(403);
      expect(login.body).toEqual({ error: 'This account has been disabled' });
      await gql(t, firstAdminCookie, DISABLE, { id: String(user.id), disabled: false });
      expect((await supertest(t.baseUrl).post('/api/login').send({ username: name, password: 'password1' })).status).toBe(200);
      const selfDisable = await gql(t, firstAdminCookie, DISABLE, { id: String(firstAdmin.id), disabled: true });
      expect(selfDisable.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    } finally {
      await tab.dispose();
    }
  });

  it('forces a password reset: every session ends and only the temporary password signs in', async () => {
    const name = uniqueName('forgetful');
    const cookie = await signUp(t, name);
    const user = await userNamed(name);
    const body = await gql(t, firstAdminCookie, RESET, { id: String(user.id) });
    const { temporaryPassword } = body.data?.forcePasswordReset as { temporaryPassword: string };
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(12);
    expect((await supertest(t.baseUrl).get('/api/user').set('cookie', cookie)).status).toBe(401);
    expect((await supertest(t.baseUrl).post('/api/login').send({ username: name, password: 'password1' })).status).toBe(401);
    expect((await supertest(t.baseUrl).post('/api/login').send({ username: name, password: temporaryPassword })).status).toBe(200);
    expect(await em().count(AdminAuditEntry, { action: 'user.password-reset', targetId: String(user.id) })).toBe(1);
  });

  it('searches and pages through users', async () => {
    for (const n of ['zebra1', 'zebra2', 'zebra3']) await signUp(t, `${n}x${target}`);
    const page = await gql(t, firstAdminCookie, 'query ($s: String) { adminUsers(search: $s, first: 2) { total users { username } } }', { s: 'ZEBRA' });
    expect(page.data?.adminUsers).toEqual({ total: 3, users: [{ username: `zebra1x${target}` }, { username: `zebra2x${target}` }] });
    const next = await gql(t, firstAdminCookie, 'query ($s: String) { adminUsers(search: $s, first: 2, offset: 2) { users { username } } }', { s: 'zebra' });
    expect(next.data?.adminUsers).toEqual({ users: [{ username: `zebra3x${target}` }] });
  });

  it('lists, reprioritises and cancels anyone\'s generations, filtered by user and status, and audits it', async () => {
    const name = uniqueName('maker');
    const cookie = await signUp(t, name);
    const generated = await gql(t, cookie, 'mutation { generateSong(input: { prompt: "admin queue test" }) { id } }');
    const id = (generated.data?.generateSong as { id: string }).id;
    const list = await gql(t, firstAdminCookie, 'query ($u: String) { adminGenerations(username: $u, status: "pending") { nodes { username priority request { id status } } } }', { u: name });
    expect(list.data?.adminGenerations).toEqual({ nodes: [{ username: name, priority: 0, request: { id, status: 'pending' } }] });
    const raised = await gql(t, firstAdminCookie, 'mutation ($id: ID!) { setGenerationPriority(id: $id, priority: 5) { priority } }', { id });
    expect(raised.data?.setGenerationPriority).toEqual({ priority: 5 });
    expect((await em().findOneOrFail(GenerationRequest, { id: Number(id) })).priority).toBe(5);
    const tooHigh = await gql(t, firstAdminCookie, 'mutation ($id: ID!) { setGenerationPriority(id: $id, priority: 99) { priority } }', { id });
    expect(tooHigh.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    const cancelled = await gql(t, firstAdminCookie, 'mutation ($id: ID!) { adminCancelGeneration(id: $id) { request { status error } } }', { id });
    expect(cancelled.data?.adminCancelGeneration).toEqual({ request: { status: 'failed', error: 'Cancelled' } });
    const log = await gql(t, firstAdminCookie, '{ adminAuditLog(first: 2) { entries { actor action targetId before after } } }');
    // before and after are JSON text (jsonb keeps its own key order): compare them parsed.
    const entries = (log.data?.adminAuditLog as { entries: Array<Record<string, string>> }).entries.map((e) => ({ ...e, before: JSON.parse(e.before), after: JSON.parse(e.after) }));
    expect({ entries }).toEqual({
      entries: [
        { actor: 'rootadmin', action: 'generation.cancel', targetId: id, before: { status: 'pending' }, after: { status: 'failed', error: 'Cancelled' } },
        { actor: 'rootadmin', action: 'generation.priority', targetId: id, before: { priority: 0 }, after: { priority: 5 } },
      ],
    });
  });

  it('shows the overview figures', async () => {
    const body = await gql(t, firstAdminCookie, '{ adminOverview { users songs generationsToday generationsThisMonth failuresToday queueDepth { status count } workers { id } completedLastHour mediaBytes databaseBytes postgres { status detail } redis { status } appVersion } }');
    const overview = body.data?.adminOverview as Record<string, unknown>;
    expect(overview).toMatchObject({ appVersion: '2.0.0', postgres: { status: 'up' }, redis: { status: 'not configured' }, workers: [] });
    expect(overview.users).toBe(await em().count(User, { isSystem: false }));
    expect(overview.generationsToday).toBeGreaterThanOrEqual(1);
    expect(overview.failuresToday).toBeGreaterThanOrEqual(1);
    expect(overview.databaseBytes).toBeGreaterThan(0);
    expect(overview.queueDepth).toEqual([
      { status: 'pending', count: expect.any(Number) },
      { status: 'processing', count: expect.any(Number) },
      { status: 'generating', count: expect.any(Number) },
    ]);
  });
});

describe('worker heartbeats', () => {
  it('a process running generation workers reports its heartbeat in the overview (database without Redis)', async () => {
    const t = await startTestApp({ target: 'embedded', config: { workerConcurrency: 1 } });
    try {
      const cookie = await signUp(t, 'beatadmin');
      await expect
        .poll(async () => ((await gql(t, cookie, '{ adminOverview { workers { jobsRunning concurrency engineVersion pid } } }')).data?.adminOverview as { workers: unknown[] }).workers, { timeout: 10_000 })
        .toEqual([{ jobsRunning: 0, concurrency: 1, engineVersion: '2.0.0', pid: process.pid }]);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(redisAvailable && postgresAvailable)('disabling on one API instance ends the sessions on another (Redis)', () => {
  it('closes the socket held by the other instance and reads heartbeats from Redis', async () => {
    const first = await startTestApp({ target: 'postgres', redisUrl: TEST_REDIS_URL, config: { workerConcurrency: 1 } });
    const second = await startTestApp({ target: 'postgres', redisUrl: TEST_REDIS_URL, database: first.database });
    try {
      const adminCookie = await signUp(first, uniqueName('boss'));
      const name = uniqueName('elsewhere');
      const cookie = await signUp(first, name);
      const otherDevice = cookiePair((await supertest(second.baseUrl).post('/api/login').send({ username: name, password: 'password1' })).headers['set-cookie']);
      const tab = await liveTab(second, second, otherDevice);
      try {
        const user = await (first.app.database.orm.em.fork() as EntityManager).findOneOrFail(User, { username: name });
        await gql(first, adminCookie, DISABLE, { id: String(user.id), disabled: true });
        await expect.poll(tab.closedWith, { timeout: 5000 }).toBe(SESSION_ENDED_CLOSE_CODE);
        expect((await supertest(second.baseUrl).get('/api/user').set('cookie', cookie)).status).toBe(401);
      } finally {
        await tab.dispose();
      }
      const overview = await gql(second, adminCookie, '{ adminOverview { redis { status } workers { concurrency } } }');
      expect(overview.data?.adminOverview).toMatchObject({ redis: { status: 'up' } });
      expect((overview.data?.adminOverview as { workers: unknown[] }).workers).toContainEqual({ concurrency: 1 });
    } finally {
      await second.close();
      await first.close();
    }
  });

  it("moves a raised request's waiting BullMQ job ahead of the others", async () => {
    const t = await startTestApp({ target: 'postgres', redisUrl: TEST_REDIS_URL });
    const queue = new Queue(t.config.generationQueueName, { connection: { url: TEST_REDIS_URL } });
    try {
      const adminCookie = await signUp(t, uniqueName('boss'));
      const ids: string[] = [];
      for (const prompt of ['first in line', 'second in line']) ids.push(((await gql(t, adminCookie, `mutation { generateSong(input: { prompt: "${prompt}" }) { id } }`)).data?.generateSong as { id: string }).id);
      await gql(t, adminCookie, 'mutation ($id: ID!) { setGenerationPriority(id: $id, priority: 8) { priority } }', { id: ids[1] });
      const jobs = await queue.getJobs(['prioritized', 'waiting']);
      const priorityOf = (id: string) => jobs.find((job) => String(job.data.requestId) === id)?.priority;
      // BullMQ runs lower numbers first: the raised request (8) now comes before the one queued earlier
      // at the admin tier's queue priority (5).
      expect([priorityOf(ids[0]), priorityOf(ids[1])]).toEqual([95, 92]);
    } finally {
      await queue.close();
      await t.close();
    }
  });
});
