import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { unauthenticated } from '../common/errors.js';
import type { Services } from '../app/services.js';
import { hotRestReads, type HotRestRead } from './hot-rest-reads.js';

/** The headers both answers must agree on (helmet's, and the body's type and length). */
const COMPARED_HEADERS = ['content-type', 'content-length', 'content-security-policy', 'x-content-type-options', 'strict-transport-security', 'cross-origin-opener-policy', 'referrer-policy', 'x-frame-options', 'etag', 'x-powered-by'];

async function answer(url: string, init: RequestInit = {}) {
  const res = await fetch(url, init);
  return { status: res.status, body: await res.text(), headers: Object.fromEntries(COMPARED_HEADERS.map((name) => [name, res.headers.get(name)])) };
}

describe.each(DATABASE_TARGETS)('hot REST reads beside Express on %s PostgreSQL', (target) => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await startTestApp({ target });
    const registered = await t.agent().post('/api/register').send({ username: 'hot-reader', password: 'password1' });
    cookie = registered.headers['set-cookie']![0]!.split(';')[0]!;
    await t.agent().post('/graphql').set('cookie', cookie).send({ query: '{ queue { version } }' });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/api/user', '/api/songs/queue'])('answers GET %s exactly as the Express route does (a query string goes to Express)', async (path) => {
    for (const headers of [{ cookie }, {} as Record<string, string>]) {
      const fast = await answer(`${t.baseUrl}${path}`, { headers });
      const viaExpress = await answer(`${t.baseUrl}${path}?via=express`, { headers });
      expect(fast).toEqual(viaExpress);
      expect(fast.status).toBe(headers.cookie ? 200 : 401);
    }
  });
});

describe('hot REST reads', () => {
  let server: Server;
  let base: string;
  const served: string[] = [];
  beforeAll(async () => {
    const lane = hotRestReads({
      reads: new Map<string, HotRestRead>([
        ['/api/hello', () => '{"hello":"world"}'],
        ['/api/private', async () => Promise.reject(unauthenticated())],
      ]),
      // Nobody signs in here: no cookie, no token, so no database is asked.
      services: { sessions: { resolve: async () => null } } as unknown as Services,
      securityHeaders: (_req, res, next) => {
        res.setHeader('X-Test-Security', 'on');
        next();
      },
      log: () => {},
    });
    server = createServer((req, res) => {
      if (lane(req, res)) return;
      served.push(`${req.method} ${req.url}`);
      res.end('fallback');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers a plain GET of its paths with the read’s JSON and the security headers', async () => {
    const res = await fetch(`${base}/api/hello`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-test-security')).toBe('on');
    expect(await res.json()).toEqual({ hello: 'world' });
  });

  it('answers a read’s AppError as the REST error handler does', async () => {
    const res = await fetch(`${base}/api/private`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Not authenticated' });
  });

  it('leaves everything else to the next handler: other paths, other methods, a query string, a body', async () => {
    served.length = 0;
    await fetch(`${base}/api/other`);
    await fetch(`${base}/api/hello`, { method: 'HEAD' });
    await fetch(`${base}/api/hello`, { method: 'POST' });
    await fetch(`${base}/api/hello?x=1`);
    await getWithBody(`${base}/api/hello`, '{}');
    expect(served).toEqual(['GET /api/other', 'HEAD /api/hello', 'POST /api/hello', 'GET /api/hello?x=1', 'GET /api/hello']);
  });
});

/** fetch sends no body with GET; Express's JSON parser would read one. */
function getWithBody(url: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end(body);
  });
}
