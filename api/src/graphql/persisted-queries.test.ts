import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { parse } from 'graphql';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { DATABASE_TARGETS, TEST_REDIS_URL, redisAvailable } from '../test-support/services-available.js';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { collect, wsClient } from '../test-support/ws-client.js';
import { sendAsWebApp, webOperationManifest } from '../test-support/web-operations.js';
import { WEB_SAFELIST_FILE, queryHash, type PersistedQueryManifest } from './persisted-queries.js';

const ME = '{ me { username } }';
const persisted = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });

describe('the web app safelist file', () => {
  it('holds every operation the web app sends, as Apollo Client prints it (npm run codegen writes it)', async () => {
    const committed = JSON.parse(readFileSync(WEB_SAFELIST_FILE, 'utf8')) as PersistedQueryManifest;
    expect(committed).toEqual(await webOperationManifest());
    expect(committed.operations.length).toBeGreaterThan(50);
  });
});

describe.each(DATABASE_TARGETS)('automatic persisted queries on %s PostgreSQL', (target) => {
  const redisUrl = target === 'postgres' && redisAvailable ? TEST_REDIS_URL : null;
  let t: TestApp;
  let second: TestApp | null = null;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp({ target, redisUrl });
    // With Redis, a second API process on the same database shares the cache.
    if (redisUrl) second = await startTestApp({ target, redisUrl, database: t.database });
    cookie = await signUp(t, 'apq');
  });
  // Unique per run: with Redis, what a run registers stays for a day.
  const query = `query Apq_${randomUUID().replaceAll('-', '')} { me { username } }`;
  afterAll(async () => {
    await second?.close();
    await t?.close();
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      await redis.del(...(await redis.keys(`graphql-apq:*${queryHash(query)}`)), 'graphql-apq:none');
      redis.disconnect();
    }
  });

  it('asks for an unknown hash, registers a query sent with its hash, then answers from the hash alone', async () => {
    const hash = queryHash(query);
    const unknown = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ extensions: persisted(hash) });
    expect(unknown.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const registered = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query, extensions: persisted(hash) });
    expect(registered.body).toEqual({ data: { me: { username: 'apq' } } });
    for (const app of second ? [t, second] : [t]) {
      // Registration is written after the answer: wait for it.
      await expect
        .poll(async () => (await supertest(app.baseUrl).post('/graphql').set('cookie', cookie).send({ extensions: persisted(hash) })).body)
        .toEqual({ data: { me: { username: 'apq' } } });
    }
    // GET, as a CDN-friendly client sends it.
    const viaGet = await supertest(t.baseUrl).get('/graphql').set('cookie', cookie).set('apollo-require-preflight', '1').query({ extensions: JSON.stringify(persisted(hash)) });
    expect(viaGet.body).toEqual({ data: { me: { username: 'apq' } } });
  });

  it('refuses a hash that does not match its query with 400 BAD_REQUEST, and registers nothing', async () => {
    const res = await supertest(t.baseUrl).post('/graphql').send({ query: ME, extensions: persisted('0'.repeat(64)) });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('BAD_REQUEST');
    const after = await supertest(t.baseUrl).post('/graphql').send({ extensions: persisted('0'.repeat(64)) });
    expect(after.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('does not register a query that fails validation', async () => {
    const query = '{ nope }';
    const res = await supertest(t.baseUrl).post('/graphql').send({ query, extensions: persisted(queryHash(query)) });
    expect(res.status).toBe(400);
    const again = await supertest(t.baseUrl).post('/graphql').send({ extensions: persisted(queryHash(query)) });
    expect(again.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });
});

describe('safelist mode (GRAPHQL_SAFELIST=true)', () => {
  let t: TestApp;
  let dir: string;
  let cookie: string;
  const thirdParty = 'query ThirdPartyLibrary { songsConnection(first: 3) { totalCount } }';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'songforge-safelist-'));
    const manifest: PersistedQueryManifest = { format: 'apollo-persisted-query-manifest', version: 1, operations: [{ id: queryHash(thirdParty), name: 'ThirdPartyLibrary', type: 'query', body: thirdParty }] };
    writeFileSync(path.join(dir, 'third-party.json'), JSON.stringify(manifest));
    t = await startTestApp({ target: 'embedded', config: { graphqlSafelist: true, graphqlSafelistFiles: [path.join(dir, 'third-party.json')] } });
    cookie = await signUp(t, 'safe');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs every operation of the web app as Apollo Client sends it', async () => {
    const refused: string[] = [];
    const client = new ApolloClient({
      cache: new InMemoryCache(),
      link: new HttpLink({
        uri: `${t.baseUrl}/graphql`,
        fetch: async (url, init) => {
          const res = await fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } });
          const text = await res.clone().text();
          if (text.includes('OPERATION_NOT_IN_SAFELIST')) refused.push(String(init?.body).slice(0, 80));
          return res;
        },
      }),
    });
    const manifest = JSON.parse(readFileSync(WEB_SAFELIST_FILE, 'utf8')) as PersistedQueryManifest;
    // Queries and mutations over HTTP; signed out, so no mutation changes anything (the safelist is checked first).
    const overHttp = manifest.operations.filter((op) => op.type !== 'subscription');
    for (const op of overHttp) {
      // The session probe goes by fetch as it is, before Apollo Client loads.
      if (op.name === 'SessionProbe') expect((await supertest(t.baseUrl).post('/graphql').send({ query: op.body })).body).toEqual({ data: { me: null } });
      else await sendAsWebApp(client, parse(op.body));
    }
    client.stop();
    expect(refused).toEqual([]);
    // Subscriptions over graphql-ws: a safelisted one starts, anything else is refused.
    const ws = wsClient(t.baseUrl, cookie);
    const subscription = manifest.operations.find((op) => op.name === 'QueueChanged' || op.type === 'subscription')!;
    const listed = collect(ws, subscription.body);
    const other = collect(ws, 'subscription { queueChanged { version } }');
    await expect.poll(() => other.errors.length).toBe(1);
    expect(JSON.stringify(other.errors)).toContain('OPERATION_NOT_IN_SAFELIST');
    expect(listed.errors).toEqual([]);
    listed.dispose();
    await ws.dispose();
  });

  it('refuses any other query with 400 OPERATION_NOT_IN_SAFELIST, before it is parsed', async () => {
    for (const body of [{ query: ME }, { query: 'not even graphql' }, { extensions: persisted(queryHash(ME)) }]) {
      const res = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send(body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].extensions.code).toBe('OPERATION_NOT_IN_SAFELIST');
    }
  });

  it("accepts a safelisted operation by its hash alone (no registration) and a third party's manifest", async () => {
    const manifest = JSON.parse(readFileSync(WEB_SAFELIST_FILE, 'utf8')) as PersistedQueryManifest;
    const account = manifest.operations.find((op) => op.name === 'Account')!;
    const byHash = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ extensions: persisted(account.id) });
    expect(byHash.status).toBe(200);
    expect(byHash.body.data.me.id).toBeTruthy();
    const theirs = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query: thirdParty });
    expect(theirs.body).toEqual({ data: { songsConnection: { totalCount: 0 } } });
  });
});
