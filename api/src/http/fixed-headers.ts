import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { NodeMiddleware } from './node-answers.js';

type HeaderValue = number | string | readonly string[];

/**
 * A header middleware whose headers do not depend on the request (helmet with the app's options: no
 * nonce, nothing per request), worked out once and then set on each response. Running helmet's
 * twelve middlewares on every answer took 6.8 % of the server's time answering `{ me { id } }`
 * (docs/decisions.md, "Async hooks only while a context is open"). Refuses a middleware whose headers differ between two
 * probe requests, or that does not call `next` at once.
 */
export function fixedHeaders(middleware: NodeMiddleware): NodeMiddleware {
  const first = headersOf(middleware, { url: '/', headers: {} });
  const second = headersOf(middleware, { url: '/other?x=1', headers: { host: 'example.test', 'x-forwarded-proto': 'https' } });
  if (JSON.stringify(first) !== JSON.stringify(second)) throw new Error('These headers depend on the request and cannot be fixed');
  const { set, removed } = first;
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    next();
  };
}

/** What `middleware` does to a response's headers, in order, with names as it spells them. */
function headersOf(middleware: NodeMiddleware, request: { url: string; headers: Record<string, string> }) {
  const req = Object.assign(new IncomingMessage(new Socket()), { method: 'GET', ...request });
  const res = new ServerResponse(req);
  const set = new Map<string, [string, HeaderValue]>();
  const removed: string[] = [];
  const setHeader = res.setHeader.bind(res);
  const removeHeader = res.removeHeader.bind(res);
  res.setHeader = (name: string, value: HeaderValue) => {
    set.set(name.toLowerCase(), [name, value]);
    return setHeader(name, value);
  };
  res.removeHeader = (name: string) => {
    set.delete(name.toLowerCase());
    removed.push(name);
    removeHeader(name);
  };
  let called = false;
  middleware(req, res, (error) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
    called = true;
  });
  if (!called) throw new Error('The header middleware did not call next at once');
  return { set: [...set.values()], removed };
}
