import type { IncomingMessage } from 'node:http';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import type { WebSocket, WebSocketServer } from 'ws';
import { readSessionToken, SESSION_CACHE_MS } from '../auth/sessions.js';
import type { GraphQLContext } from '../graphql/context.js';
import { askerKey, type GraphQLLimits } from '../graphql/limits.js';
import type { Safelist } from '../graphql/persisted-queries.js';
import type { User } from '../users/user.entity.js';
import type { Services } from './services.js';
import { SharedSubscriptionResults } from './shared-subscription-results.js';

/** What graphql-ws keeps per socket: the upgrade request, the socket and the session found at connect. */
type SocketExtra = {
  request: IncomingMessage;
  socket: WebSocket;
  session?: SocketSession;
};

/** A session as this process's sockets hold it: one object for all the sockets of one session. */
interface SocketSession {
  user: User;
  sessionId: string;
  token: string;
  /** SessionStore.invalidationCount when it was looked up. */
  invalidations: number;
  /** Date.now() when it was looked up: a socket connecting later reuses it for as long as SessionStore would cache it. */
  resolvedAt: number;
  /** Sockets holding it. */
  sockets: number;
}

/**
 * The sessions held by this process's sockets, by cookie token. A user's devices and tabs open one
 * socket each with the same session: they share its lookup and its user (one entity, in an identity
 * map of its own, instead of one of each per socket), and sockets connecting at the same moment wait
 * for one lookup.
 */
class SocketSessions {
  private readonly byToken = new Map<string, Promise<SocketSession | null>>();

  constructor(
    private readonly orm: MikroORM,
    private readonly services: Services,
  ) {}

  /**
   * The session a socket connected with, used by every operation on it: a session that ends (logout,
   * a disabled account) closes the socket (SessionSockets); one whose user changed since (tier,
   * permissions: the store's invalidations moved on) is looked up again.
   */
  async of(extra: SocketExtra): Promise<SocketSession | null> {
    const held = extra.session;
    if (held && held.invalidations === this.services.sessions.invalidationCount) return held;
    const token = readSessionToken(extra.request.headers.cookie) ?? null;
    const session = token ? await this.shared(token) : null;
    // A socket swaps sessions only here, and releases its last one when it closes (onClose): one that
    // closed during the lookup holds none.
    if (extra.socket.readyState !== extra.socket.OPEN) return session;
    if (extra.session !== session) {
      if (extra.session) this.release(extra.session);
      if (session) session.sockets += 1;
      extra.session = session ?? undefined;
    }
    return session;
  }

  /** The socket closed: its session is forgotten once no socket holds it. */
  release(session: SocketSession): void {
    session.sockets -= 1;
    if (session.sockets > 0) return;
    void this.byToken.get(session.token)?.then((current) => {
      if (current === session && session.sockets === 0) this.byToken.delete(session.token);
    });
  }

  private async shared(token: string): Promise<SocketSession | null> {
    const invalidations = this.services.sessions.invalidationCount;
    const pending = this.byToken.get(token);
    if (pending) {
      const session = await pending;
      if (session && session.invalidations === this.services.sessions.invalidationCount && Date.now() - session.resolvedAt < SESSION_CACHE_MS) return session;
      if (this.byToken.get(token) !== pending) return this.shared(token);
    }
    let em: EntityManager | undefined;
    const lookup = this.services.sessions.resolve(() => (em ??= this.orm.em.fork()), token).then((resolved) =>
      resolved ? { ...resolved, token, invalidations, resolvedAt: Date.now(), sockets: 0 } : null,
    );
    this.byToken.set(token, lookup);
    const session = await lookup.catch((error: unknown) => {
      if (this.byToken.get(token) === lookup) this.byToken.delete(token);
      throw error;
    });
    // Not remembered: no session, or one ended while it was looked up.
    if ((!session || session.invalidations !== this.services.sessions.invalidationCount) && this.byToken.get(token) === lookup) this.byToken.delete(token);
    return session;
  }
}

/**
 * A graphql-ws operation's context. A subscription keeps it for as long as its socket is open, and
 * most never read the database (queueChanged answers from its event): the identity map is made
 * when a resolver first asks for it.
 */
class SocketOperationContext implements GraphQLContext {
  readonly http = null;
  private forked: EntityManager | null = null;

  constructor(
    private readonly orm: MikroORM,
    readonly services: Services,
    readonly user: User | null,
    readonly sessionToken: string | null,
  ) {}

  get em(): EntityManager {
    return (this.forked ??= this.orm.em.fork());
  }
}

/** graphql-ws on `wsServer`: the session cookie of the upgrade request authenticates, the HTTP limits apply. */
export function serveSubscriptions(params: { wsServer: WebSocketServer; schema: GraphQLSchema; orm: MikroORM; services: Services; limits: GraphQLLimits; safelist: Safelist | null }) {
  const { schema, orm, services, limits, safelist } = params;
  const sessions = new SocketSessions(orm, services);
  const sharedResults = new SharedSubscriptionResults();
  return useServer<Record<string, unknown>, SocketExtra>(
    {
      schema,
      subscribe: (args) => sharedResults.subscribe(args),
      onSubscribe: (ctx, _id, payload) => {
        const refused = safelist?.socketError(payload.query);
        if (refused) return [refused];
        return limits.prepareSocketOperation(schema, payload, async () => askerKey((await sessions.of(ctx.extra))?.user.id, ctx.extra.request.socket.remoteAddress));
      },
      // graphql-ws authenticates from the same session cookie as HTTP, on the upgrade request.
      onConnect: async (ctx) => {
        const session = await sessions.of(ctx.extra);
        if (session) services.sessionSockets.track(session.sessionId, ctx.extra.socket);
        return session !== null;
      },
      onClose: (ctx) => {
        if (ctx.extra.session) sessions.release(ctx.extra.session);
      },
      context: async (ctx): Promise<GraphQLContext> => {
        const session = await sessions.of(ctx.extra);
        return new SocketOperationContext(orm, services, session?.user ?? null, session?.token ?? null);
      },
    },
    params.wsServer,
  );
}
