import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionStore } from './sessions.js';
import { Session } from './session.entity.js';
import { createPubSub, type AppPubSub } from '../pubsub/pubsub.js';
import { UsersService } from '../users/users.service.js';
import { User } from '../users/user.entity.js';
import { DATABASE_TARGETS, postgresAvailable, redisAvailable, TEST_REDIS_URL } from '../test-support/services-available.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { until } from '../test-support/pubsub-events.js';

const SECRET = 'session-cache-secret-0123456789';
const meta = { ip: '10.0.0.1', userAgent: 'vitest' };
let users = 0;

/** A store that caches (as the server runs it), with its stop function. */
function startedStore(pubsub: AppPubSub) {
  const store = new SessionStore(SECRET, pubsub);
  const stop = store.start((e) => {
    throw e;
  });
  return { store, stop };
}

async function signedIn(db: TestDatabase, store: SessionStore) {
  const em = db.orm.em.fork();
  const user = em.create(User, { username: `cached${++users}` });
  await em.flush();
  return { user, token: await store.create(db.orm.em.fork(), user, meta) };
}

describe.each(DATABASE_TARGETS)('session cache on %s PostgreSQL', (target) => {
  let db: TestDatabase;
  const em = () => db.orm.em.fork();
  beforeAll(async () => {
    db = await createTestDatabase(target);
  });
  afterAll(async () => {
    await db.close();
  });

  it('answers a known session from memory, as an entity of the asking identity map', async () => {
    const { store, stop } = startedStore(createPubSub(null));
    try {
      const { user, token } = await signedIn(db, store);
      expect((await store.resolve(em, token))?.user.id).toBe(user.id);
      // A change nothing announced is not seen while cached: the second lookup read no row.
      await em().nativeUpdate(User, { id: user.id }, { avatarUrl: '/unannounced.png' });
      const requestEm = em();
      let forks = 0;
      const cached = await store.resolve(() => (forks++, requestEm), token);
      expect(cached?.userView.avatarUrl).toBeNull();
      // Nor is the request's identity map asked for until the entity is read.
      expect(forks).toBe(0);
      // The entity is built on first read only (most requests need no more than the view or the id).
      expect(requestEm.getUnitOfWork().getById(User.name, user.id)).toBeUndefined();
      const entity = cached?.user;
      expect(entity?.avatarUrl).toBeNull();
      expect(requestEm.getUnitOfWork().getById(User.name, user.id)).toBe(entity);
    } finally {
      await stop();
    }
  });

  it('never answers a session after logout, nor permissions from before a change', async () => {
    const pubsub = createPubSub(null);
    const { store, stop } = startedStore(pubsub);
    try {
      const { user, token } = await signedIn(db, store);
      expect((await store.resolve(em, token))?.user.userTier).toBe('free');
      await em().nativeUpdate(User, { id: user.id }, { userTier: 'admin', canAccessAdmin: true });
      await store.usersChanged([user.id]);
      expect((await store.resolve(em, token))?.user).toMatchObject({ userTier: 'admin', canAccessAdmin: true });
      expect((await store.resolve(em, token))?.userView).toMatchObject({ userTier: 'admin', canAccessAdmin: true });

      await new UsersService(pubsub).updateProfile(em(), (await store.resolve(em, token))!.user, { defaultDuration: 240 });
      await until(async () => (await store.resolve(em, token))?.user.defaultDuration === 240);

      await store.destroy(em(), token);
      expect(await store.resolve(em, token)).toBeNull();
    } finally {
      await stop();
    }
  });

  it('does not cache without start (nothing would tell it when a session ends)', async () => {
    const store = new SessionStore(SECRET, createPubSub(null));
    const { token } = await signedIn(db, store);
    expect(await store.resolve(em, token)).not.toBeNull();
    await em().nativeDelete(Session, {});
    expect(await store.resolve(em, token)).toBeNull();
  });
});

describe.runIf(postgresAvailable && redisAvailable)('session cache across two processes on one Redis', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await db.close();
  });

  it('drops a session ended or a user changed in the other process', async () => {
    const first = startedStore(createPubSub(TEST_REDIS_URL));
    const secondPubSub = createPubSub(TEST_REDIS_URL);
    const second = startedStore(secondPubSub);
    const pubsubs = [secondPubSub];
    try {
      // Redis subscriptions are in place once an event published now is heard.
      const { user, token } = await signedIn(db, first.store);
      expect((await first.store.resolve(() => db.orm.em.fork(), token))?.user.canGenerateMusic).toBe(false);
      await db.orm.em.fork().nativeUpdate(User, { id: user.id }, { canGenerateMusic: true });
      await second.store.usersChanged([user.id]);
      await until(async () => (await first.store.resolve(() => db.orm.em.fork(), token))?.user.canGenerateMusic === true);

      await second.store.destroy(db.orm.em.fork(), token);
      await until(async () => (await first.store.resolve(() => db.orm.em.fork(), token)) === null);
    } finally {
      await first.stop();
      await second.stop();
      for (const pubsub of pubsubs) await pubsub.close();
    }
  });
});
