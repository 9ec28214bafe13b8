import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Kind, OperationTypeNode, parse, print, type GraphQLSchema } from 'graphql';
import { Redis } from 'ioredis';
import supertest from 'supertest';
import { buildAppSchema } from './schema.js';
import { createPubSub } from '../pubsub/pubsub.js';
import { ExpensiveFieldLimiter, GRAPHQL_LIMITS, GraphQLLimits, operationCost } from './limits.js';
import { sampleVariables, webDocuments } from '../test-support/web-documents.js';
import { TEST_REDIS_URL, redisAvailable } from '../test-support/services-available.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { collect, cookiePair, wsClient } from '../test-support/ws-client.js';

/** The request of the report: 1,000 aliases of the library's largest page with its heaviest fields. */
const HEAVY_PAGE = 'songs(first:100){songs{analysis{waveformPeaks energyCurve}}}';
const aliases = (count: number, field: string) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(' ')} }`;
const ATTACK = aliases(1000, HEAVY_PAGE);

describe('every document the web app sends passes the limits', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await buildAppSchema(createPubSub(null));
  });

  it('finds the documents', async () => {
    expect((await webDocuments()).map((d) => d.name)).toEqual(expect.arrayContaining(['MeDocument', 'PlayerQueueDocument', 'LibrarySongsDocument', 'QueueChangedDocument']));
  });

  it('parses, validates and stays under the cost limit with the largest page sizes the server accepts', async () => {
    const costs: Record<string, number | null> = {};
    for (const { name, document } of await webDocuments()) {
      const variables = sampleVariables(schema, document);
      const prepared = await new GraphQLLimits(null).prepareSocketOperation(schema, { query: print(document), variables }, async () => 'web');
      expect(Array.isArray(prepared) ? prepared.map((e) => e.message) : [], name).toEqual([]);
      costs[name] = operationCost(schema, document, variables, undefined);
      expect(costs[name], name).not.toBeNull();
      expect(costs[name], name).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxCost);
    }
    console.log(`Web documents: ${Object.keys(costs).length}; largest cost ${Math.max(...Object.values(costs).map(Number))} of ${GRAPHQL_LIMITS.maxCost}`);
  });

  it('prices lists by their size and the analysis fields by their weight', () => {
    const cost = (query: string) => operationCost(schema, parse(query), {}, undefined);
    expect(cost('{ me { id username } }')).toBe(1);
    expect(cost('{ songs(first: 10) { songs { id } } }')).toBe(10 * 2);
    expect(cost(`{ ${HEAVY_PAGE} }`)).toBe(100 * (2 + 1 + 5 + 20 + 10));
    expect(cost('{ queue { upcomingQueue { id } } }')).toBe(1 + 500);
    expect(cost('{ playlist(id: "1") { songs { song { id } } } }')).toBe(1 + 4000 * 2);
    // Every playlist's songs at once is refused: 100 playlists of 4,000 entries.
    expect(cost('{ playlists { songs { song { id } } } }')).toBe(100 * (1 + 4000 * 2));
    // A connection counts its selection first or last times, and its default page of 20 without either.
    expect(cost('{ songsConnection(first: 30) { edges { node { id } } } }')).toBe(30 * (1 + 1 * 2));
    expect(cost('{ songsConnection(last: 30) { edges { node { id } } } }')).toBe(30 * (1 + 1 * 2));
    expect(cost('{ searchArtists(text: "a") { edges { node { name } } } }')).toBe(20 * (1 + 1 * 2));
    expect(cost('{ generations { edges { node { id } } } }')).toBe(20 * (1 + 1 * 2));
    // The connections that replaced plain lists count the same way, nested ones inside their parent's count.
    expect(cost('{ likedSongsConnection(first: 50) { edges { node { id } } } }')).toBe(50 * (1 + 1 * 2));
    expect(cost('{ managedSongsConnection(last: 10) { edges { node { id } } } }')).toBe(10 * (1 + 1 * 2));
    expect(cost('{ aiArtistsConnection(first: 10) { edges { node { songsConnection(first: 30) { edges { node { id } } } } } } }')).toBe(10 * (1 + 1 * (2 + 30 * (1 + 1 * 2))));
    expect(cost('{ myProfile { songsConnection { edges { node { id } } } playlistsConnection(first: 5) { edges { node { id } } } } }')).toBe(1 + 20 * 3 + 5 * 3);
    // The deprecated lists they replaced are counted at their size: every artist's 200 songs at once is refused.
    expect(cost('{ aiArtists { songs { id } } }')).toBe(500 * (1 + 200));
    expect(cost('{ myProfile { songs { id } playlists { id } } }')).toBe(1 + 50 + 100);
  });
});

describe('GraphQL limits over HTTP and graphql-ws', () => {
  let t: TestApp;
  let users = 0;
  beforeAll(async () => {
    t = await startTestApp({ target: 'embedded' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function signIn(): Promise<string> {
    users += 1;
    const res = await supertest(t.baseUrl).post('/api/register').send({ username: `limits${users}`, password: 'password1' });
    expect(res.status).toBe(201);
    return cookiePair(res.headers['set-cookie']);
  }
  const gql = (cookie: string | null, query: string, variables: Record<string, unknown> = {}) => {
    const req = supertest(t.baseUrl).post('/graphql');
    return (cookie ? req.set('cookie', cookie) : req).send({ query, variables });
  };
  /** Database statements the request causes (the session lookup included). */
  async function statementsDuring(run: () => Promise<unknown>): Promise<number> {
    const execute = vi.spyOn(t.app.database.orm.em.getConnection(), 'execute');
    try {
      await run();
      return execute.mock.calls.length;
    } finally {
      execute.mockRestore();
    }
  }

  it('lets every web document through over HTTP (subscriptions go over graphql-ws, checked above)', async () => {
    const cookie = await signIn();
    const schema = await buildAppSchema(createPubSub(null));
    const limitCodes = ['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'QUERY_TOO_COMPLEX', 'TOO_MANY_REQUESTS', 'BAD_REQUEST'];
    const isSubscription = (d: { document: import('graphql').DocumentNode }) =>
      d.document.definitions.some((def) => def.kind === Kind.OPERATION_DEFINITION && def.operation === OperationTypeNode.SUBSCRIPTION);
    for (const { name, document } of (await webDocuments()).filter((d) => !isSubscription(d))) {
      const res = await gql(cookie, print(document), sampleVariables(schema, document));
      const codes = (res.body.errors ?? []).map((e: { extensions?: { code?: string } }) => e.extensions?.code);
      expect(codes.filter((code: string) => limitCodes.includes(code)), name).toEqual([]);
      expect(res.status, name).toBe(200);
    }
  });

  it('refuses the 1,000-alias request while parsing: no resolver, no database work beyond the session, well under a second', async () => {
    expect(Buffer.byteLength(JSON.stringify({ query: ATTACK }))).toBeGreaterThan(65_000);
    const cookie = await signIn();
    const songs = vi.spyOn(t.app.services.catalogue, 'songs');
    const baseline = await statementsDuring(() => gql(cookie, '{ __typename }'));
    expect(baseline).toBeGreaterThan(0);
    let res!: supertest.Response;
    let elapsed = 0;
    const statements = await statementsDuring(async () => {
      const started = performance.now();
      res = await gql(cookie, ATTACK);
      elapsed = performance.now() - started;
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(res.body.errors[0].message).toContain(`more that ${GRAPHQL_LIMITS.maxTokens} tokens`);
    expect(res.body.data).toBeUndefined();
    // At most the session lookup the baseline made (the second time it may come from the session cache).
    expect(statements).toBeLessThanOrEqual(baseline);
    expect(songs).not.toHaveBeenCalled();
    expect(elapsed).toBeLessThan(1000);
    songs.mockRestore();
  });

  it('refuses too many aliases, too deep a document, too many directives and too high a cost with QUERY_TOO_COMPLEX (400)', async () => {
    const cookie = await signIn();
    const songs = vi.spyOn(t.app.services.catalogue, 'songs');
    const tooMany = await gql(cookie, aliases(GRAPHQL_LIMITS.maxAliases + 1, 'me { id }'));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual([expect.objectContaining({ message: expect.stringContaining('Aliases limit of 15 exceeded'), extensions: { code: 'QUERY_TOO_COMPLEX' } })]);

    const deep = await gql(cookie, '{ queue { a { b { c { d { e { f { g { h } } } } } } } } }');
    expect(deep.status).toBe(400);
    expect(deep.body.errors).toContainEqual(expect.objectContaining({ message: expect.stringContaining('depth limit of 8 exceeded'), extensions: { code: 'QUERY_TOO_COMPLEX' } }));

    const directives = await gql(cookie, `{ me { id ${'@include(if: true) '.repeat(GRAPHQL_LIMITS.maxDirectives + 1)} } }`);
    expect(directives.status).toBe(400);
    expect(directives.body.errors).toContainEqual(expect.objectContaining({ message: expect.stringContaining('Directives limit of 10 exceeded'), extensions: { code: 'QUERY_TOO_COMPLEX' } }));

    const costly = await gql(cookie, aliases(3, HEAVY_PAGE));
    expect(costly.status).toBe(400);
    expect(costly.body.errors).toEqual([expect.objectContaining({ message: 'Query is too complex: its estimated cost is 11400, the limit is 10000', extensions: { code: 'QUERY_TOO_COMPLEX' } })]);
    expect(songs).not.toHaveBeenCalled();
    songs.mockRestore();

    const allowed = await gql(cookie, aliases(2, HEAVY_PAGE));
    expect(allowed.status).toBe(200);
    expect(allowed.body.errors).toBeUndefined();

    // One document, costed by its variables each time (estimates are kept per document and variables).
    const page = 'songs(first: $first) { songs { analysis { waveformPeaks energyCurve } } }';
    const sized = `query Sized($first: Int) { a: ${page} b: ${page} c: ${page} }`;
    for (const [first, code] of [[10, undefined], [100, 'QUERY_TOO_COMPLEX'], [10, undefined], [100, 'QUERY_TOO_COMPLEX']] as const) {
      expect((await gql(cookie, sized, { first })).body.errors?.[0]?.extensions?.code, `first: ${first}`).toBe(code);
    }
  });

  it("limits one user's expensive fields per minute (429 with Retry-After), not another user's", async () => {
    const greedy = await signIn();
    const other = await signIn();
    const perRequest = 100 * (5 + 20 + 10);
    const allowed = Math.floor(GRAPHQL_LIMITS.expensivePointsPerWindow / perRequest);
    for (let i = 0; i < allowed; i += 1) expect((await gql(greedy, `{ ${HEAVY_PAGE} }`)).status).toBe(200);
    const refused = await gql(greedy, `{ ${HEAVY_PAGE} }`);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toMatchObject({ extensions: { code: 'TOO_MANY_REQUESTS' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Cheap fields are not limited, graphql-ws spends the same budget, and the budget is per user.
    expect((await gql(greedy, '{ me { id } }')).body.data.me.id).toBeDefined();
    const socket = wsClient(t.baseUrl, greedy);
    try {
      const overSocket = collect(socket, `{ ${HEAVY_PAGE} }`);
      // graphql-ws reports an operation's errors as one array.
      await vi.waitFor(() => expect(overSocket.errors).toEqual([[expect.objectContaining({ extensions: { code: 'TOO_MANY_REQUESTS' } })]]));
      expect(overSocket.results).toEqual([]);
    } finally {
      await socket.dispose();
    }
    expect((await gql(other, `{ ${HEAVY_PAGE} }`)).status).toBe(200);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await gql(null, `{ me { id } } # ${'x'.repeat(GRAPHQL_LIMITS.maxBodyBytes)}`);
    expect(res.status).toBe(413);
  });

  it('applies the same limits to operations over graphql-ws', async () => {
    const cookie = await signIn();
    const client = wsClient(t.baseUrl, cookie);
    try {
      for (const query of [ATTACK, aliases(3, HEAVY_PAGE), aliases(GRAPHQL_LIMITS.maxAliases + 1, 'me { id }')]) {
        const run = collect(client, query);
        await vi.waitFor(() => expect(run.errors.length).toBeGreaterThan(0));
        expect(run.results).toEqual([]);
      }
      const fine = collect<{ me: { id: string } }>(client, '{ me { id } }');
      expect((await fine.next(1))[0].me.id).toBeDefined();
    } finally {
      await client.dispose();
    }
  });
});

describe.runIf(redisAvailable)('the expensive-field budget on Redis', () => {
  it('is shared by every process using the same Redis', async () => {
    const redisA = new Redis(TEST_REDIS_URL);
    const redisB = new Redis(TEST_REDIS_URL);
    const key = `test:${randomUUID()}`;
    try {
      const a = new ExpensiveFieldLimiter(redisA);
      const b = new ExpensiveFieldLimiter(redisB);
      expect(await a.consume(key, GRAPHQL_LIMITS.expensivePointsPerWindow - 1)).toBe(0);
      expect(await b.consume(key, 1)).toBe(0);
      expect(await b.consume(key, 1)).toBeGreaterThan(0);
    } finally {
      await redisA.del(`graphql-expensive:${key}`);
      redisA.disconnect();
      redisB.disconnect();
    }
  });
});
