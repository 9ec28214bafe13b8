import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '../common/errors.js';
import { addressedHost } from './forwarded.js';

/**
 * The one cross-site rule of the process, used by REST, GraphQL over HTTP and the graphql-ws upgrade.
 *
 * A browser marks every cross-origin state-changing request and every WebSocket handshake with an
 * `Origin` header, and it cannot send `Content-Type: application/json` to another site without a
 * CORS preflight (which this server never grants). So a request is ours when its Origin names the host
 * the client addressed, and a non-GET HTTP call is also safe when its body is JSON.
 */

export const CROSS_SITE_REFUSED = 'Cross-site request refused: send Content-Type: application/json or a same-origin Origin header';

/** True when the request's Origin header names the host it was sent to (scheme and default ports normalised). */
export function originMatchesHost(req: IncomingMessage, trustProxy: boolean): boolean {
  const origin = req.headers.origin;
  const host = addressedHost(req, trustProxy);
  if (!origin || !host) return false;
  try {
    const originUrl = new URL(origin);
    // Parsing the Host header with the Origin's scheme drops a default port the same way (example.com:443).
    return originUrl.host === new URL(`${originUrl.protocol}//${host}`).host;
  } catch {
    // `Origin: null` (sandboxed frames, opaque origins) and garbage never match.
    return false;
  }
}

/** graphql-ws upgrades: browsers always send Origin on a WebSocket handshake; a foreign one is refused. */
export function allowsWebSocketOrigin(req: IncomingMessage, trustProxy: boolean): boolean {
  return req.headers.origin === undefined || originMatchesHost(req, trustProxy);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Middleware for /api and /graphql: a non-GET call needs a JSON body or a same-origin Origin (403 otherwise). */
export function refuseCrossSiteRequests(trustProxy: boolean) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || req.is('application/json') || originMatchesHost(req, trustProxy)) {
      next();
      return;
    }
    next(new AppError('FORBIDDEN', CROSS_SITE_REFUSED));
  };
}
