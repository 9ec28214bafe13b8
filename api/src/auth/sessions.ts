import { createHmac, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { Session } from './session.entity.js';
import { User } from '../users/user.entity.js';
import { Topics, type AppPubSub } from '../pubsub/pubsub.js';
import type { SessionsEndedEvent } from './session-sockets.js';

export const SESSION_COOKIE = 'songforge.sid';
const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 24 * 60 * 60 * 1000;
/** Sliding expiry is refreshed at most this often, so reads do not write on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

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
  constructor(
    private readonly secret: string,
    private readonly pubsub: AppPubSub,
  ) {}

  private async ended(sessionId: string): Promise<void> {
    const event: SessionsEndedEvent = { sessionIds: [sessionId] };
    await this.pubsub.publish(Topics.sessionsEnded, event);
  }

  private digest(token: string): string {
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

  /** The signed-in user for a cookie token, or null (unknown, expired or malformed). */
  async resolve(em: EntityManager, token: string | undefined | null): Promise<{ user: User; sessionId: string } | null> {
    if (!token || token.length > 128) return null;
    const session = await em.findOne(Session, { id: this.digest(token) }, { populate: ['user'] });
    if (!session) return null;
    const now = Date.now();
    if (session.expiresAt.getTime() <= now) {
      await em.nativeDelete(Session, { id: session.id });
      await this.ended(session.id);
      return null;
    }
    if (now - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await em.nativeUpdate(Session, { id: session.id }, { lastSeenAt: new Date(now), expiresAt: new Date(now + SESSION_MS) });
    }
    return { user: session.user, sessionId: session.id };
  }

  async destroy(em: EntityManager, token: string | undefined | null): Promise<void> {
    if (!token) return;
    const id = this.digest(token);
    if (await em.nativeDelete(Session, { id })) await this.ended(id);
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
