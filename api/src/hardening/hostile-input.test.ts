import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { UNSAFE_TEXT_MESSAGE } from '../common/validation.js';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { cookiePair } from '../test-support/ws-client.js';

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const BAD_TEXTS = [NUL, LONE_SURROGATE];

/** REST calls that carry the bad text in the path, the query string or the body. */
const REST_CASES: Array<{ method: 'get' | 'post' | 'delete'; path: string; body?: Record<string, unknown> }> = [
  { method: 'post', path: '/api/songs/%00/like' },
  { method: 'get', path: '/api/songs/%00/is-liked' },
  { method: 'delete', path: '/api/songs/%00/unlike' },
  { method: 'post', path: '/api/songs/%00/play-state', body: { isGenreSelection: false } },
  { method: 'get', path: '/api/generations/%00' },
  { method: 'get', path: '/api/songs/queue?genre=%00' },
  { method: 'post', path: '/api/songs/auto-advance', body: { finishedSongId: NUL } },
  ...BAD_TEXTS.flatMap((text) => [
    { method: 'post' as const, path: '/api/login', body: { username: text, password: 'password1' } },
    { method: 'post' as const, path: '/api/login', body: { username: 'someone', password: text } },
    { method: 'post' as const, path: '/api/register', body: { username: text, password: 'password1' } },
    { method: 'post' as const, path: '/api/generations', body: { prompt: text } },
    { method: 'post' as const, path: '/api/generations', body: { prompt: 'calm piano', title: text } },
    { method: 'post' as const, path: '/api/generations', body: { prompt: 'calm piano', lyrics: text } },
    { method: 'post' as const, path: '/api/generations', body: { prompt: 'calm piano', genres: [text] } },
    { method: 'post' as const, path: '/api/user/mixer-settings', body: { [text]: true } },
  ]),
];

/** GraphQL operations with the bad text as a variable (the same text as a literal is checked too). */
const GRAPHQL_CASES: Array<{ query: string; variable: (text: string) => Record<string, unknown> }> = [
  { query: 'query ($v: ID!) { song(id: $v) { id } }', variable: (v) => ({ v }) },
  { query: 'query ($v: ID!) { isLiked(songId: $v) }', variable: (v) => ({ v }) },
  { query: 'mutation ($v: ID!) { like(songId: $v) { id } }', variable: (v) => ({ v }) },
  { query: 'mutation ($v: ID!) { unlike(songId: $v) { id } }', variable: (v) => ({ v }) },
  { query: 'mutation ($v: ID!) { enqueue(songId: $v) { version } }', variable: (v) => ({ v }) },
  { query: 'mutation ($v: ID!) { playNext(songId: $v) { version } }', variable: (v) => ({ v }) },
  { query: 'mutation ($v: ID!) { playSong(id: $v) { version } }', variable: (v) => ({ v }) },
  { query: 'mutation ($v: ID!) { autoAdvance(finishedSongId: $v) { version } }', variable: (v) => ({ v }) },
  { query: 'query ($v: ID) { songs(after: $v) { endCursor } }', variable: (v) => ({ v }) },
  { query: 'query ($v: String) { songs(genre: $v) { endCursor } }', variable: (v) => ({ v }) },
  { query: 'query ($v: ID!) { generation(id: $v) { id } }', variable: (v) => ({ v }) },
  { query: 'query ($v: String) { generations(status: $v) { hasNextPage } }', variable: (v) => ({ v }) },
  { query: 'mutation ($v: String) { updateProfile(input: { avatarUrl: $v }) { id } }', variable: (v) => ({ v }) },
  { query: 'mutation ($v: String!) { login(username: $v, password: "password1") { id } }', variable: (v) => ({ v }) },
  { query: 'mutation ($v: String!) { register(username: $v, password: "password1") { id } }', variable: (v) => ({ v }) },
  { query: 'mutation ($v: GenerateSongInput!) { generateSong(input: $v) { id } }', variable: (v) => ({ v: { prompt: v } }) },
  { query: 'mutation ($v: GenerateSongInput!) { generateSong(input: $v) { id } }', variable: (v) => ({ v: { prompt: 'calm piano', title: v } }) },
  { query: 'mutation ($v: GenerateSongInput!) { generateSong(input: $v) { id } }', variable: (v) => ({ v: { prompt: 'calm piano', lyrics: v } }) },
  { query: 'query ($v: GenerateSongInput!) { planSong(input: $v) { summary } }', variable: (v) => ({ v: { prompt: 'calm', moods: [v] } }) },
  { query: 'mutation ($v: String) { updateProfileDetails(bio: $v) { bio } }', variable: (v) => ({ v }) },
  { query: 'query ($v: String!) { profile(username: $v) { userId } }', variable: (v) => ({ v }) },
  { query: 'mutation ($v: PreferencesInput!) { updatePreferences(input: $v) { theme } }', variable: (v) => ({ v: { preferredGenres: [v] } }) },
  { query: 'mutation ($v: String!) { changeEmail(currentPassword: "password1", email: $v) { id } }', variable: (v) => ({ v }) },
  { query: 'mutation ($v: String) { setAudioProviderKey(apiKey: $v) }', variable: (v) => ({ v }) },
];

/** The query with its variable written in as a literal: `$v` replaced by the GraphQL string. */
function withLiteral(query: string, value: unknown): string {
  const literal = (v: unknown): string =>
    typeof v === 'string' ? JSON.stringify(v) : Array.isArray(v) ? `[${v.map(literal).join(', ')}]` : `{ ${Object.entries(v as object).map(([k, x]) => `${k}: ${literal(x)}`).join(', ')} }`;
  return query.replace(/^(query|mutation) \(\$v: [^)]+\)/, '$1').replace('$v', literal(value));
}

describe.each(DATABASE_TARGETS)('NUL bytes and lone surrogates are refused with 400 on %s PostgreSQL', (target) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp({ target });
    const res = await supertest(t.baseUrl).post('/api/register').send({ username: 'hostile', password: 'password1' });
    cookie = cookiePair(res.headers['set-cookie']);
  });
  afterAll(async () => {
    await t.close();
  });

  it('on every kind of REST input (path, query string, JSON body, keys included)', async () => {
    for (const { method, path, body } of REST_CASES) {
      // The page's own Origin, as the web app sends it: a bodiless POST without one is refused as cross-site first.
      const req = supertest(t.baseUrl)[method](path).set('cookie', cookie).set('origin', t.baseUrl);
      const res = await (body ? req.send(body) : req);
      expect({ path, body, status: res.status, answer: res.body }).toEqual({ path, body, status: 400, answer: { error: UNSAFE_TEXT_MESSAGE } });
    }
  });

  it('on GraphQL variables and string literals, before any resolver runs', async () => {
    const gql = (body: object) => supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send(body);
    for (const { query, variable } of GRAPHQL_CASES) {
      for (const text of BAD_TEXTS) {
        const asVariable = await gql({ query, variables: variable(text) });
        expect({ query, text, status: asVariable.status, errors: asVariable.body.errors, data: asVariable.body.data }).toEqual({
          query,
          text,
          status: 400,
          errors: [expect.objectContaining({ message: UNSAFE_TEXT_MESSAGE, extensions: { code: 'BAD_USER_INPUT' } })],
          data: undefined,
        });
      }
      // A literal NUL is written as the escape \u0000; graphql-js itself refuses a lone \ud800 escape while parsing.
      const literal = withLiteral(query, variable(NUL).v);
      const asLiteral = await gql({ query: literal });
      expect({ literal, status: asLiteral.status, code: asLiteral.body.errors?.[0]?.extensions?.code }).toEqual({ literal, status: 400, code: 'BAD_USER_INPUT' });
      const surrogate = await gql({ query: withLiteral(query, variable('\\ud800').v).replace('\\\\ud800', '\\ud800') });
      expect(surrogate.status).toBe(400);
    }
    expect((await gql({ query: 'query Q { me { id } }', operationName: `Q${NUL}` })).status).toBe(400);
  });

  it('answers a subscription sent over HTTP with a clear 400', async () => {
    for (const who of [cookie, '']) {
      const res = await supertest(t.baseUrl).post('/graphql').set('cookie', who).send({ query: 'subscription{queueChanged{version}}' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ message: 'Subscriptions are served over WebSocket (graphql-ws) at /graphql, not over HTTP', extensions: { code: 'BAD_REQUEST' } }]);
    }
  });

  it('answers bad persisted query hashes with codes of their own, not an internal error', async () => {
    // A hash that is not the query's: 400 BAD_REQUEST (Apollo's own answer had no code).
    const mismatch = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query: '{ me { id } }', extensions: { persistedQuery: { version: 1, sha256Hash: 'abc' } } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({ errors: [expect.objectContaining({ extensions: { code: 'BAD_REQUEST' } })] });
    // An unknown hash: Apollo answers 200 on purpose, so the client then sends the whole query (docs/api.md).
    const unknown = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ extensions: { persistedQuery: { version: 1, sha256Hash: 'abc' } } });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ errors: [expect.objectContaining({ extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } })] });
  });

  it('still accepts the same calls with ordinary text (astral characters included)', async () => {
    const res = await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query: 'query ($v: String) { songs(genre: $v) { endCursor } }', variables: { v: 'lo-fi 🎵' } });
    expect(res.body).toEqual({ data: { songs: { endCursor: null } } });
    const liked = await supertest(t.baseUrl).get('/api/songs/no-such-song/is-liked').set('cookie', cookie);
    expect(liked.status).not.toBe(400);
  });
});
