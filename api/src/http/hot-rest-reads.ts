import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Services } from '../app/services.js';
import { sendJson, sendRestError, type NodeMiddleware } from './node-answers.js';
import { resolveRequestAuth, type RequestAuth } from './request-context.js';

/** A REST read's JSON body for whoever asks (it throws the AppError its route would). */
export type HotRestRead = (auth: RequestAuth) => string | Promise<string>;

export interface HotRestReadsOptions {
  /** By exact path (no query string). */
  reads: ReadonlyMap<string, HotRestRead>;
  services: Services;
  /** The response headers every answer of the process carries (helmet). */
  securityHeaders: NodeMiddleware;
  log: (error: unknown) => void;
}

/**
 * The REST reads a player repeats (GET /api/user, GET /api/songs/queue), answered on node:http beside
 * Express as GraphQL is (graphql/http-endpoint.ts): Express's per-request machinery (its request and
 * response prototypes, the /api chain's middleware, the router) cost more than the reads themselves
 * (docs/decisions.md, "Hot REST reads beside Express"). Only a plain GET of the exact path is taken;
 * anything else (HEAD, a query string, a body) goes to Express and the same route. For a GET without
 * a body or query the /api chain's other steps (cross-site refusal, JSON body, input checks) do nothing, so
 * the steps are those that act: security headers, who is asking, the route's own answer function,
 * and its error as the REST error handler writes it. Answers `true` when it took the request.
 */
export function hotRestReads(options: HotRestReadsOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { reads, services, securityHeaders, log } = options;
  const answer = async (read: HotRestRead, req: IncomingMessage, res: ServerResponse) => {
    try {
      sendJson(res, 200, await read(await resolveRequestAuth(services, req.headers)));
    } catch (error) {
      sendRestError(res, error, log);
    }
  };
  return (req, res) => {
    // A GET with a body goes to Express, whose JSON parser and input checks read it.
    const read = req.method === 'GET' && !hasBody(req) ? reads.get(req.url!) : undefined;
    if (!read) return false;
    securityHeaders(req, res, (error) => (error ? sendRestError(res, error, log) : void answer(read, req, res)));
    return true;
  };
}

function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');
}
