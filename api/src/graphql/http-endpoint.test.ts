import { Socket } from 'node:net';
import { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { DEFAULT_SIGNUPS_PER_HOUR } from '../auth/throttles.js';
import { requestIp, requestIsSecure } from '../http/forwarded.js';
import { isGraphQLRequest } from './http-endpoint.js';

const register = (username: string) => ({ query: 'mutation($u: String!) { register(username: $u, password: "password1") { username } }', variables: { u: username } });

describe('which requests the GraphQL endpoint answers', () => {
  it('takes /graphql with or without a query string or subpath, and nothing else', () => {
    for (const url of ['/graphql', '/graphql?query=%7Bme%7Bid%7D%7D', '/graphql/']) expect(isGraphQLRequest(url), url).toBe(true);
    for (const url of ['/graphqlx', '/api/graphql', '/', '/graph', undefined]) expect(isGraphQLRequest(url), String(url)).toBe(false);
  });
});

describe('the client address and scheme without Express', () => {
  const request = (headers: Record<string, string>) => {
    const socket = new Socket();
    Object.defineProperty(socket, 'remoteAddress', { value: '127.0.0.9' });
    const req = new IncomingMessage(socket);
    req.headers = headers;
    return req;
  };
  const proxied = request({ 'x-forwarded-for': '203.0.113.7, 10.0.0.2', 'x-forwarded-proto': 'https, http' });

  it("follows a trusted proxy's X-Forwarded-For and X-Forwarded-Proto, as Express's req.ip and req.secure do", () => {
    expect(requestIp(proxied, true)).toBe('203.0.113.7');
    expect(requestIsSecure(proxied, true)).toBe(true);
  });

  it('ignores them when no proxy is trusted', () => {
    expect(requestIp(proxied, false)).toBe('127.0.0.9');
    expect(requestIsSecure(proxied, false)).toBe(false);
    expect(requestIsSecure(request({}), true)).toBe(false);
  });
});

describe('GraphQL over HTTP beside Express', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ target: 'embedded', config: { trustProxy: true, signUpsPerHour: DEFAULT_SIGNUPS_PER_HOUR } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers with the security headers, no-store, and a Secure cookie behind an HTTPS proxy', async () => {
    const res = await supertest(t.baseUrl).post('/graphql').set('X-Forwarded-Proto', 'https').send(register('securegql'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { register: { username: 'securegql' } } });
    expect(res.headers['set-cookie']?.[0]).toMatch(/; Secure/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const plain = await supertest(t.baseUrl).post('/graphql').send(register('plaingql'));
    expect(plain.headers['set-cookie']?.[0]).not.toMatch(/; Secure/);
  });

  it('counts sign-ups per forwarded client address', async () => {
    const statuses: string[] = [];
    for (let i = 0; i < DEFAULT_SIGNUPS_PER_HOUR + 1; i += 1) {
      const res = await supertest(t.baseUrl).post('/graphql').set('X-Forwarded-For', '198.51.100.4').send(register(`burstgql${i}`));
      statuses.push(res.body.errors?.[0]?.extensions?.code ?? 'OK');
    }
    expect(statuses.slice(0, DEFAULT_SIGNUPS_PER_HOUR).every((s) => s === 'OK')).toBe(true);
    expect(statuses.at(-1)).toBe('TOO_MANY_REQUESTS');
    const elsewhere = await supertest(t.baseUrl).post('/graphql').set('X-Forwarded-For', '198.51.100.5').send(register('othergql'));
    expect(elsewhere.body.data?.register.username).toBe('othergql');
  });

  it('answers a malformed body as REST does, with the security headers', async () => {
    const res = await supertest(t.baseUrl).post('/graphql').set('Content-Type', 'application/json').send('{"query": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Malformed JSON body' });
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('leaves every other path to Express', async () => {
    const res = await supertest(t.baseUrl).get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found' });
  });
});
