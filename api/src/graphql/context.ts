import type { EntityManager } from '@mikro-orm/postgresql';
import type { Services } from '../app/services.js';
import type { User } from '../users/user.entity.js';
import { unauthenticated } from '../common/errors.js';

/** Per operation: a fresh identity map, who is asking, and (over HTTP) cookie access. */
export interface GraphQLContext {
  em: EntityManager;
  services: Services;
  user: User | null;
  sessionToken: string | null;
  /** Present for HTTP operations; subscriptions over graphql-ws cannot set cookies. */
  http: { setCookie(cookie: string): void; secure: boolean; ip: string | null; userAgent: string | null } | null;
}

export function requireUser(ctx: Pick<GraphQLContext, 'user'>): User {
  if (!ctx.user) throw unauthenticated();
  return ctx.user;
}
