import { createHmac, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { Session } from './session.entity.js';
import { User } from '../users/user.entity.js';
import { toUserView, type UserView } from '../users/user.view.js';
import { Topics, listenTo, type AppPubSub } from '../pubsub/pubsub.js';
import { InvalidatedCache } from '../common/invalidated-cache.js';
import type { SessionsEndedEvent } from './session-sockets.js';
import { setBounded } from '../common/bounded-map.js';

export const SESSION_COOKIE = 'songforge.sid';
const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
/** Sliding expiry is refreshed at most this often, so reads do not write on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
/**
 * How long a resolved session and its user's row are answered from memory. Logout, rotation, expiry,
 * profile and permission changes drop them at once in every process (pub/sub); this bounds what
 * nothing announced (a row changed by hand in the database, an event lost while Redis reconnected).
 */
export const SESSION_CACHE_MS = 60_000;
/** At most this many sessions are kept in memory; the oldest go first. */
const SESSION_CACHE_MAX = 10_000;

export interface UsersChangedEvent {
  userIds: number[];
}

interface CachedSession {
  /** The users row as the database returned it; mapped into each request's own identity map. */
  userRow: Record<string, unknown>;
  userId: number;
  /** The user as clients see it, built once per row read (frozen: requests share it). */
  userView: UserView;
  expiresAt: number;
  lastSeenAt: number;
}

/** A signed-in session as a request sees it. */
export interface ResolvedSession {
  sessionId: string;
  /** The user as clients see it (`me`, GET /api/user), with no entity built. */
  userView: UserView;
  /** The user as an entity of the request's identity map, built on first use (most reads only need its id). */
  readonly user: User;
  userId: number;
}

export interface SessionMeta {
  userAgent?: string | null;
  ip?: string | null;
}

/**
 * Server-side sessions in PostgreSQL. The cookie carries a random 256-bit token; the table
 * stores only HMAC-SHA256(secret, token), so a leaked table cannot be replayed as cookies.
 * Every session it ends is announced (`sessionsEnded`) so API processes close that session's sockets.
 */
export class SessionStore {
  /** By session id (token digest). Used only while `start` listens for invalidations. */
  private readonly cache = new InvalidatedCache<string, CachedSession>(SESSION_CACHE_MS, SESSION_CACHE_MAX);
  /**
   * The digests of cookie tokens that resolved to a session lately, so a signed-in request does
   * not compute an HMAC every time (the token reached this process anyway; the table still holds
   * only digests). Unknown tokens are not kept.
   */
  private readonly digests = new Map<string, string>();

  constructor(
    private readonly secret: string,
    private readonly pubsub: AppPubSub,
  ) {}

  /** Grows whenever a session ends or a user changes: anything holding a resolved session since an older count must look it up again. */
  get invalidationCount(): number {
    return this.cache.invalidationCount;
  }

  /** Tells every API process to close these sessions' sockets and drop them from its cache (the rows are already gone). */
  async announceEnded(sessionIds: readonly string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    this.forgetSessions(sessionIds);
    const event: SessionsEndedEvent = { sessionIds: [...sessionIds] };
    await this.pubsub.publish(Topics.sessionsEnded, event);
  }

  private forgetSessions(sessionIds: readonly string[]): void {
    this.cache.delete(sessionIds);
  }

  private forgetUsersHere(userIds: readonly number[]): void {
    const ids = new Set(userIds);
    this.cache.deleteWhere((cached) => ids.has(cached.userId));
  }

  /**
   * A user's row changed (permissions, tier, profile): every process drops its cached sessions of
   * them, so the next request reads the row again. Call it after the change is committed.
   */
  async usersChanged(userIds: readonly number[]): Promise<void> {
    this.forgetUsersHere(userIds);
    const event: UsersChangedEvent = { userIds: [...userIds] };
    await this.pubsub.publish(Topics.usersChanged, event);
  }

  /**
   * Caches resolved sessions while it listens for what ends them or changes their user, from every
   * process (sessionsEnded, usersChanged); returns the stop function.
   */
  start(onError: (e: unknown) => void): () => Promise<void> {
    const stops = [
      listenTo<SessionsEndedEvent>(this.pubsub, Topics.sessionsEnded, (event) => this.forgetSessions(event.sessionIds), onError),
      listenTo<UsersChangedEvent>(this.pubsub, Topics.usersChanged, (event) => this.forgetUsersHere(event.userIds), onError),
    ];
    this.cache.enable();
    return async () => {
      this.cache.disable();
      await Promise.all(stops.map((stop) => stop()));
    };
  }

  /** The session row id (HMAC digest) of a cookie token. */
  digest(token: string): string {
    return createHmac('sha256', this.secret).update(token).digest('hex');
  }

  async create(em: EntityManager, user: User, meta: SessionMeta): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    em.create(Session, {
      id: this.digest(token),
      user,
      expiresAt: new Date(Date.now() + SESSION_MS),
      userAgent: meta.userAgent?.slice(0, 255) ?? null,
      ip: meta.ip?.slice(0, 64) ?? null,
    });
    await em.flush();
    return token;
  }

  /**
   * The signed-in user for a cookie token, or null (unknown, expired or malformed): one query, or
   * none while the session is cached. `emOf` is asked for the request's entity manager only when
   * one is needed (a lookup, a touch, or the user entity, mapped into it when first read), so a
   * cached session costs no fork.
   */
  async resolve(emOf: () => EntityManager, token: string | undefined | null): Promise<ResolvedSession | null> {
    if (!token || token.length > 128) return null;
    const sessionId = this.digests.get(token) ?? this.digest(token);
    const now = Date.now();
    let cached = this.cache.get(sessionId, now);
    if (!cached) {
      const invalidationsBefore = this.cache.invalidationCount;
      cached = (await this.load(emOf(), sessionId)) ?? undefined;
      if (!cached) return null;
      this.cache.set(sessionId, cached, invalidationsBefore, now);
      setBounded(this.digests, token, sessionId, SESSION_CACHE_MAX);
    }
    // A disabled account's sessions are deleted when it is disabled; this covers a race with that.
    if (cached.expiresAt <= now || cached.userRow.disabled_at) {
      await emOf().nativeDelete(Session, { id: sessionId });
      await this.announceEnded([sessionId]);
      return null;
    }
    if (now - cached.lastSeenAt > TOUCH_INTERVAL_MS) {
      cached.lastSeenAt = now;
      cached.expiresAt = now + SESSION_MS;
      await emOf().nativeUpdate(Session, { id: sessionId }, { lastSeenAt: new Date(now), expiresAt: new Date(cached.expiresAt) });
    }
    const { userRow, userView, userId } = cached;
    let user: User | undefined;
    return {
      sessionId,
      userView,
      userId,
      get user() {
        // Mapping builds a managed entity (hydration, identity map, snapshot): only for requests that use it.
        return (user ??= emOf().map(User, { ...userRow }));
      },
    };
  }

  private async load(em: EntityManager, sessionId: string): Promise<CachedSession | null> {
    const [row] = await em
      .getConnection()
      .execute<Array<Record<string, unknown>>>(
        'select s.expires_at as session_expires_at, s.last_seen_at as session_last_seen_at, u.* from sessions s join users u on u.id = s.user_id where s.id = ?',
        [sessionId],
      );
    if (!row) return null;
    const { session_expires_at: expiresAt, session_last_seen_at: lastSeenAt, ...userRow } = row;
    return {
      userRow,
      userId: userRow.id as number,
      userView: Object.freeze(toUserView(em.map(User, { ...userRow }))),
      // The driver hands timestamps over as text (MikroORM's type parsers).
      expiresAt: new Date(expiresAt as string).getTime(),
      lastSeenAt: new Date(lastSeenAt as string).getTime(),
    };
  }

  /** Ends every session of a user (account disabled, password reset by an admin); answers how many. */
  async destroyAllOf(em: EntityManager, userId: number): Promise<number> {
    const rows = await em.find(Session, { user: userId }, { fields: ['id'] });
    if (rows.length === 0) return 0;
    const ids = rows.map((s) => s.id);
    await em.nativeDelete(Session, { id: { $in: ids } });
    await this.announceEnded(ids);
    return ids.length;
  }

  async destroy(em: EntityManager, token: string | undefined | null): Promise<void> {
    if (!token) return;
    const id = this.digest(token);
    if (await em.nativeDelete(Session, { id })) await this.announceEnded([id]);
  }

  /** The user's unexpired sessions, most recently used first. */
  list(em: EntityManager, userId: number): Promise<Session[]> {
    return em.find(Session, { user: userId, expiresAt: { $gt: new Date() } }, { orderBy: { lastSeenAt: 'desc', id: 'asc' } });
  }

  /** Ends one of the user's sessions by row id; false when the user has no such session. */
  async destroyOwn(em: EntityManager, userId: number, sessionId: string): Promise<boolean> {
    if (!(await em.nativeDelete(Session, { id: sessionId, user: userId }))) return false;
    await this.announceEnded([sessionId]);
    return true;
  }

  /** Ends every session of the user except `keepSessionId` (after a password change); answers how many. */
  async destroyOthers(em: EntityManager, userId: number, keepSessionId: string | null): Promise<number> {
    const others = await em.find(Session, { user: userId, ...(keepSessionId ? { id: { $ne: keepSessionId } } : {}) }, { fields: ['id'] });
    if (others.length === 0) return 0;
    await em.nativeDelete(Session, { id: { $in: others.map((s) => s.id) } });
    await this.announceEnded(others.map((s) => s.id));
    return others.length;
  }
}

export function readSessionToken(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  return parseCookies(cookieHeader)[SESSION_COOKIE] ?? null;
}

export function sessionCookie(token: string, secure: boolean): string {
  return serializeCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_MS / 1000,
  });
}

export function clearedSessionCookie(secure: boolean): string {
  return serializeCookie(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: 0 });
}
