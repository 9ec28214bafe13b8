import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { fixedHeaders } from './fixed-headers.js';
import type { NodeMiddleware } from './node-answers.js';

function response(setBefore: Record<string, string> = {}): ServerResponse {
  const res = new ServerResponse(Object.assign(new IncomingMessage(new Socket()), { method: 'POST', url: '/graphql', headers: {} }));
  for (const [name, value] of Object.entries(setBefore)) res.setHeader(name, value);
  return res;
}

function run(middleware: NodeMiddleware, res: ServerResponse): void {
  let called = 0;
  middleware(res.req, res, (error) => {
    expect(error).toBeUndefined();
    called++;
  });
  expect(called).toBe(1);
}

describe('fixedHeaders', () => {
  it('sets exactly the headers helmet sets, with its spelling, and removes what it removes', () => {
    const security = helmet({ contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:'], 'upgrade-insecure-requests': null } }, crossOriginEmbedderPolicy: false });
    const byHelmet = response({ 'X-Powered-By': 'Express', 'Content-Type': 'application/json' });
    const fixed = response({ 'X-Powered-By': 'Express', 'Content-Type': 'application/json' });
    run(security as NodeMiddleware, byHelmet);
    run(fixedHeaders(security as NodeMiddleware), fixed);
    expect(fixed.getHeaders()).toEqual(byHelmet.getHeaders());
    expect(fixed.getHeaders()['x-powered-by']).toBeUndefined();
    expect(fixed.getHeaderNames()).toContain('content-security-policy');
    expect(fixed.getHeader('Content-Security-Policy')).toContain("img-src 'self' data:");
  });

  it('refuses headers that depend on the request, and a middleware that does not go on at once', () => {
    const perRequest: NodeMiddleware = (req, res, next) => {
      res.setHeader('Content-Location', req.url ?? '');
      next();
    };
    expect(() => fixedHeaders(perRequest)).toThrow('depend on the request');
    const later: NodeMiddleware = (_req, res, next) => {
      res.setHeader('X-Later', '1');
      setImmediate(next);
    };
    expect(() => fixedHeaders(later)).toThrow('did not call next at once');
  });
});
