import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Services } from '../app/services.js';
import type { User } from '../users/user.entity.js';
import { toUserView, type UserView } from '../users/user.view.js';
import { readSessionToken } from '../auth/sessions.js';
import { unauthenticated } from '../common/errors.js';

export interface RequestAuth {
  /** The request's identity map, forked when first asked for. */
  readonly em: EntityManager;
  /** The signed-in user as an entity of `em` (for a session: mapped on first read). */
  readonly user: User | null;
  /** The signed-in user as clients see it. */
  readonly userView: UserView | null;
  sessionToken: string | null;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth: RequestAuth;
  }
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function readBearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

/**
 * Who is asking, for any HTTP request: a personal access token (`Authorization: Bearer`,
 * docs/api.md), else the session cookie. An unknown or revoked token is nobody (401 /
 * UNAUTHENTICATED where a user is needed), never a fallback to the cookie. The request's own
 * identity map is forked on first use: a read answered from the session and answer caches needs none.
 */
export async function resolveRequestAuth(services: Services, headers: IncomingHttpHeaders): Promise<RequestAuth> {
  let em: EntityManager | undefined;
  const emOf = () => (em ??= services.orm.em.fork());
  const bearer = readBearerToken(headers.authorization);
  if (bearer) {
    const user = await services.apiAccess.userForAccessToken(emOf(), bearer);
    return {
      get em() {
        return emOf();
      },
      user,
      userView: user ? toUserView(user) : null,
      sessionToken: null,
    };
  }
  const sessionToken = readSessionToken(headers.cookie);
  const session = await services.sessions.resolve(emOf, sessionToken);
  return {
    get em() {
      return emOf();
    },
    get user() {
      return session?.user ?? null;
    },
    userView: session?.userView ?? null,
    sessionToken: session ? sessionToken : null,
  };
}

/** Express middleware: `req.auth` for the routes after it. */
export function requestContext(services: Services) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    req.auth = await resolveRequestAuth(services, req.headers);
    next();
  };
}

export function requireRequestUser(req: Request): User {
  if (!req.auth.user) throw unauthenticated();
  return req.auth.user;
}

/** The signed-in user's id, for reads that need nothing else (no entity is built). */
export function requireUserId(auth: RequestAuth): number {
  return Number(requireUserView(auth).id);
}

/** The signed-in user as clients see it, without building an entity (GET /api/user). */
export function requireUserView(auth: RequestAuth): UserView {
  if (!auth.userView) throw unauthenticated();
  return auth.userView;
}

export const sessionMeta = (req: Request) => ({
  ip: req.ip ?? null,
  userAgent: req.get('user-agent') ?? null,
  previousToken: req.auth.sessionToken,
});
