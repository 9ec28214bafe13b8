import type { EntityManager } from '@mikro-orm/postgresql';
import type { Services } from '../app/services.js';
import type { User } from '../users/user.entity.js';
import type { UserView } from '../users/user.view.js';
import type { RequestAuth } from '../http/request-context.js';
import { unauthenticated } from '../common/errors.js';

type HttpAccess = { setCookie(cookie: string): void; secure: boolean; ip: string | null; userAgent: string | null };

/** Per operation: a fresh identity map, who is asking, and (over HTTP) cookie access. */
export interface GraphQLContext {
  em: EntityManager;
  services: Services;
  readonly user: User | null;
  /** The signed-in user as clients see it, when the transport has it without building the entity (`me`). */
  readonly userView?: UserView | null;
  sessionToken: string | null;
  /** Present for HTTP operations; subscriptions over graphql-ws cannot set cookies. */
  http: HttpAccess | null;
}

/**
 * An HTTP operation's context. The user entity is built only when a resolver reads it: the getters
 * live on the prototype, which the copy Apollo makes of every context keeps.
 */
export class HttpGraphQLContext implements GraphQLContext {
  constructor(
    readonly services: Services,
    private readonly auth: RequestAuth,
    readonly http: HttpAccess,
  ) {}

  get em(): EntityManager {
    return this.auth.em;
  }

  get user(): User | null {
    return this.auth.user;
  }

  get userView(): UserView | null {
    return this.auth.userView;
  }

  get sessionToken(): string | null {
    return this.auth.sessionToken;
  }
}

export function requireUser(ctx: Pick<GraphQLContext, 'user'>): User {
  if (!ctx.user) throw unauthenticated();
  return ctx.user;
}

/** The asker's id, for reads that need nothing else (no entity is built for a session's user). */
export function requireUserId(ctx: Pick<GraphQLContext, 'user' | 'userView'>): number {
  if (ctx.userView) return Number(ctx.userView.id);
  return requireUser(ctx).id;
}
