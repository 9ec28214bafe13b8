import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/**
 * What the client sent, as this server sees it: behind a trusted reverse proxy (TRUST_PROXY) the
 * X-Forwarded-* headers it sets, else the socket and Host. The same answers as Express's
 * `req.host`, `req.secure` and `req.ip` with `trust proxy` true or false, for handlers that run
 * without Express (the GraphQL endpoint).
 */

/** The first value of a header the trusted proxy sets, else undefined. */
function forwardedValue(req: IncomingMessage, name: string, trustProxy: boolean): string | undefined {
  if (!trustProxy) return undefined;
  const header = req.headers[name];
  return (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim() || undefined;
}

/** The host the client addressed: the Host header, or the proxy's X-Forwarded-Host. */
export function addressedHost(req: IncomingMessage, trustProxy: boolean): string | null {
  return forwardedValue(req, 'x-forwarded-host', trustProxy) ?? req.headers.host ?? null;
}

/** HTTPS as the client sent it: the socket's, or the proxy's X-Forwarded-Proto. */
export function requestIsSecure(req: IncomingMessage, trustProxy: boolean): boolean {
  const proto = forwardedValue(req, 'x-forwarded-proto', trustProxy) ?? ((req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http');
  return proto === 'https';
}

/** The client's address: the socket's, or the first address of the proxy's X-Forwarded-For. */
export function requestIp(req: IncomingMessage, trustProxy: boolean): string {
  return proxyAddr(req, () => trustProxy);
}
