import type { IncomingMessage, ServerResponse } from 'node:http';
import bodyParser from 'body-parser';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import type { Services } from '../app/services.js';
import { resolveRequestAuth } from '../http/request-context.js';
import { sendJson, sendRestError, type NodeMiddleware } from '../http/node-answers.js';
import { requestIp, requestIsSecure } from '../http/forwarded.js';
import { HttpGraphQLContext, type GraphQLContext } from './context.js';
import { GRAPHQL_LIMITS } from './limits.js';
import { persistedQueryRefusal, type Safelist } from './persisted-queries.js';

export interface GraphQLEndpointOptions {
  apollo: ApolloServer<GraphQLContext>;
  services: Services;
  safelist: Safelist | null;
  trustProxy: boolean;
  /** The response headers every answer of the process carries (helmet). */
  securityHeaders: NodeMiddleware;
  log: (error: unknown) => void;
}

/** Requests for the GraphQL endpoint (any method; the query string is Apollo's GET transport). */
export function isGraphQLRequest(url: string | undefined): boolean {
  return url !== undefined && url.startsWith('/graphql') && (url.length === 8 || url[8] === '?' || url[8] === '/');
}

/**
 * GraphQL over HTTP served on node:http, as Apollo's own standalone server does, not through Express:
 * Express's per-request machinery (its request and response prototypes, router, `res.send`) halved
 * the throughput of a trivial query (docs/decisions.md, "GraphQL without Express"). The steps are the
 * ones the Express chain ran: security headers, the JSON body (size-limited), the persisted-query
 * and safelist check before any session lookup, who is asking, then Apollo, whose answers are per
 * user and never cached. Failures before Apollo answer as REST errors do (`{ "error" }`, SPEC 8).
 */
export function graphqlEndpoint(options: GraphQLEndpointOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { apollo, services, safelist, trustProxy, securityHeaders, log } = options;
  const jsonBody = bodyParser.json({ limit: GRAPHQL_LIMITS.maxBodyBytes }) as NodeMiddleware;
  const fail = (res: ServerResponse, error: unknown) => sendRestError(res, error, log);

  const answer = async (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
    const search = searchOf(req.url!);
    const refusal = persistedQueryRefusal(safelist, req.method === 'GET' ? Object.fromEntries(new URLSearchParams(search)) : req.body);
    if (refusal) return sendJson(res, 400, JSON.stringify(refusal));
    const auth = await resolveRequestAuth(services, req.headers);
    const headers = new HeaderMap();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const response = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: req.method!.toUpperCase(), headers, search, body: req.body },
      context: async () =>
        new HttpGraphQLContext(services, auth, {
          setCookie: (cookie) => res.appendHeader('Set-Cookie', cookie),
          secure: requestIsSecure(req, trustProxy),
          ip: requestIp(req, trustProxy),
          userAgent: req.headers['user-agent'] ?? null,
        }),
    });
    for (const [key, value] of response.headers) res.setHeader(key, value);
    res.setHeader('Cache-Control', 'no-store');
    res.statusCode = response.status ?? 200;
    if (response.body.kind === 'complete') return void res.end(response.body.string);
    for await (const chunk of response.body.asyncIterator) res.write(chunk);
    res.end();
  };

  return (req, res) => {
    securityHeaders(req, res, (error) => {
      if (error) return fail(res, error);
      jsonBody(req, res, (parseError) => {
        if (parseError) return fail(res, parseError);
        answer(req, res).catch((e: unknown) => fail(res, e));
      });
    });
  };
}

function searchOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? '' : url.slice(at);
}
