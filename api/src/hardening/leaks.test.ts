import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

describe('what the server gives away', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ target: 'embedded' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a missing media file with a plain 404 that names no path', async () => {
    for (const [method, url] of [['get', '/media/songs/missing.mp3'], ['get', '/media/covers/'], ['get', '/media/%00'], ['get', '/media/..%2F..%2Fetc%2Fpasswd'], ['head', '/media/nope.png'], ['post', '/media/x']] as const) {
      const res = await supertest(t.baseUrl)[method](url);
      expect(res.status, url).toBe(404);
      if (method !== 'head') expect(res.body, url).toEqual({ error: 'Not found' });
      expect(res.text ?? '', url).not.toContain(t.config.mediaDir);
      expect(res.text ?? '', url).not.toMatch(/ENOENT|\/tmp\/|songforge-test/);
    }
  });

  it('lets the page connect to its own origin only (no ws:/wss: to any host)', async () => {
    const res = await supertest(t.baseUrl).get('/api/health');
    const connectSrc = (res.headers['content-security-policy'] as string).split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src'));
    expect(connectSrc).toBe("connect-src 'self'");
  });

  it('serves no GraphQL landing page and refuses introspection unless GRAPHQL_INTROSPECTION is on', async () => {
    const introspection = '{ __schema { queryType { name } } }';
    const off = await supertest(t.baseUrl).post('/graphql').send({ query: introspection });
    expect(off.status).toBe(400);
    expect(off.body.errors[0]).toMatchObject({ message: expect.stringContaining('introspection'), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    const page = await supertest(t.baseUrl).get('/graphql').set('accept', 'text/html');
    expect(page.status).toBe(400);
    expect(page.text).not.toMatch(/sandbox|apollographql\.com|<html/i);

    const open = await startTestApp({ target: 'embedded', config: { graphqlIntrospection: true } });
    try {
      const on = await supertest(open.baseUrl).post('/graphql').send({ query: introspection });
      expect(on.body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
    } finally {
      await open.close();
    }
  });
});
