import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { WebSocket } from 'ws';
import { Topics, type AppPubSub } from '../pubsub/pubsub.js';
import { Session } from './session.entity.js';

/** graphql-ws's Forbidden code, the same a socket without a session gets on connect. */
export const SESSION_ENDED_CLOSE_CODE = 4403;
export const SESSION_ENDED_REASON = 'Session ended';
/** How often this process re-checks its sockets' sessions (catches expiry and rows deleted by other means, e.g. a deleted user). */
export const SESSION_SWEEP_MS = 60_000;

export interface SessionsEndedEvent {
  /** Session row ids (token digests). */
  sessionIds: string[];
}

/**
 * The graphql-ws sockets of this process by session. A session that ends anywhere (logout, rotation
 * on sign-in, expiry: SessionStore publishes `sessionsEnded` over pub/sub, so every API process hears it)
 * closes its sockets here, so subscriptions opened before stop receiving that user's events.
 */
export class SessionSockets {
  private readonly bySession = new Map<string, Set<WebSocket>>();

  constructor(private readonly pubsub: AppPubSub) {}

  /** Follows `socket` until it closes. */
  track(sessionId: string, socket: WebSocket): void {
    let sockets = this.bySession.get(sessionId);
    if (!sockets) this.bySession.set(sessionId, (sockets = new Set()));
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0 && this.bySession.get(sessionId) === sockets) this.bySession.delete(sessionId);
    });
  }

  /** Closes the sockets of these sessions held by this process. */
  closeSessions(sessionIds: readonly string[]): void {
    for (const id of sessionIds) {
      for (const socket of this.bySession.get(id) ?? []) socket.close(SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_REASON);
      this.bySession.delete(id);
    }
  }

  /** Closes sockets whose session row is gone or expired. */
  async sweep(em: EntityManager): Promise<void> {
    const ids = [...this.bySession.keys()];
    if (ids.length === 0) return;
    const alive = await em.find(Session, { id: { $in: ids }, expiresAt: { $gt: new Date() } }, { fields: ['id'] });
    const aliveIds = new Set(alive.map((s) => s.id));
    this.closeSessions(ids.filter((id) => !aliveIds.has(id)));
  }

  /** Listens for ended sessions from every process and sweeps periodically; returns the stop function. */
  start(orm: MikroORM, onError: (e: unknown) => void): () => Promise<void> {
    const events = this.pubsub.subscribe(Topics.sessionsEnded)[Symbol.asyncIterator]() as AsyncIterator<SessionsEndedEvent>;
    const listening = (async () => {
      for (let next = await events.next(); !next.done; next = await events.next()) this.closeSessions(next.value.sessionIds);
    })().catch(onError);
    const timer = setInterval(() => void this.sweep(orm.em.fork()).catch(onError), SESSION_SWEEP_MS);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await events.return?.();
      await listening;
    };
  }
}
