import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthService } from './auth.service.js';
import { SessionStore } from './sessions.js';
import { createPubSub } from '../pubsub/pubsub.js';
import { LoginLimiter, MAX_FAILURES_PER_IP_AND_USERNAME, SignUpLimiter } from './throttles.js';
import { User } from '../users/user.entity.js';
import { UserPreferences } from '../users/user-preferences.entity.js';
import { AppError } from '../common/errors.js';
import { createLogger } from '../app/logger.js';
import { EmbeddedGenerationQueue } from '../generation/embedded-queue.js';
import { DEMO_USERNAME, queueDemoCatalogue } from '../seed/demo-catalogue.js';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';

const meta = { ip: '10.0.0.1', userAgent: 'vitest' };

async function expectAppError(promise: Promise<unknown>, code: string, message: string | RegExp) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  if (typeof message === 'string') expect((error as AppError).message).toBe(message);
  else expect((error as AppError).message).toMatch(message);
}

describe.each(DATABASE_TARGETS)('AuthService on %s PostgreSQL', (target) => {
  let db: TestDatabase;
  let sessions: SessionStore;
  let auth: AuthService;
  const em = () => db.orm.em.fork();

  beforeAll(async () => {
    db = await createTestDatabase(target);
  });
  afterAll(async () => {
    await db.close();
  });
  beforeEach(async () => {
    await db.orm.em.fork().nativeDelete(User, {});
    sessions = new SessionStore('unit-test-secret-0123456789', createPubSub(null));
    auth = new AuthService(sessions, new LoginLimiter({ redis: null }), new SignUpLimiter({ redis: null }, 100));
  });

  it('makes the first account admin with every permission, and later ones free accounts that may generate', async () => {
    const first = await auth.register(em(), { username: 'founder', password: 'password1' }, meta);
    expect(first.user).toMatchObject({
      userTier: 'admin',
      canGenerateMusic: true,
      canManageSongs: true,
      canAccessAdmin: true,
      canAccessDJ: true,
      adminOverride: true,
    });
    const second = await auth.register(em(), { username: 'listener', password: 'password2' }, meta);
    expect(second.user).toMatchObject({ userTier: 'free', canAccessAdmin: false, canAccessDJ: false, canManageSongs: false, adminOverride: false, canGenerateMusic: true, monthlyGenerationLimit: 5 });
    expect(await em().findOne(UserPreferences, { user: second.user.id })).toMatchObject({ crossfadeDuration: 5000, mixTightness: 3, theme: 'dark' });
  });

  it('makes exactly one admin when the first registrations race', async () => {
    await Promise.all(['racer1', 'racer2', 'racer3', 'racer4'].map((username) => auth.register(em(), { username, password: 'password1' }, meta)));
    expect(await em().count(User, { userTier: 'admin' })).toBe(1);
  });

  it('makes the first human account admin on an installation whose demo catalogue already has its owner', async () => {
    const logger = createLogger('silent');
    expect(await queueDemoCatalogue(em(), new EmbeddedGenerationQueue(db.orm, logger), logger)).toBeGreaterThan(0);
    expect(await em().count(User, {})).toBe(1);
    const first = await auth.register(em(), { username: 'newcomer', password: 'password1' }, meta);
    expect(first.user).toMatchObject({ userTier: 'admin', canAccessAdmin: true, canAccessDJ: true, canManageSongs: true, adminOverride: true });
    const second = await auth.register(em(), { username: 'second', password: 'password2' }, meta);
    expect(second.user).toMatchObject({ userTier: 'free', canAccessAdmin: false });
    expect(await em().findOneOrFail(User, { username: DEMO_USERNAME })).toMatchObject({ userTier: 'free', canAccessAdmin: false });
  });

  it('makes exactly one admin when the first human registrations race next to the demo catalogue owner', async () => {
    const logger = createLogger('silent');
    await queueDemoCatalogue(em(), new EmbeddedGenerationQueue(db.orm, logger), logger);
    await Promise.all(['racer1', 'racer2', 'racer3', 'racer4'].map((username) => auth.register(em(), { username, password: 'password1' }, meta)));
    const admins = await em().find(User, { userTier: 'admin' });
    expect(admins.map((u) => u.username)).toHaveLength(1);
    expect(admins[0]!.username).toMatch(/^racer\d$/);
  });

  it('stores an argon2id hash, never the password', async () => {
    const { user } = await auth.register(em(), { username: 'hashme', password: 'correct horse' }, meta);
    const stored = await em().findOneOrFail(User, { id: user.id });
    expect(stored.password).toMatch(/^\$argon2id\$/);
    expect(stored.password).not.toContain('correct horse');
  });

  it('validates usernames, passwords and emails', async () => {
    const bad = 'Username must be 3-32 characters: letters, digits, _ or -';
    await expectAppError(auth.register(em(), { username: 'ab', password: 'password1' }, meta), 'BAD_USER_INPUT', bad);
    await expectAppError(auth.register(em(), { username: 'x'.repeat(33), password: 'password1' }, meta), 'BAD_USER_INPUT', bad);
    await expectAppError(auth.register(em(), { username: 'no spaces', password: 'password1' }, meta), 'BAD_USER_INPUT', bad);
    await expectAppError(auth.register(em(), { username: 'valid_name-1', password: 'short' }, meta), 'BAD_USER_INPUT', 'Password must be 8-128 characters');
    await expectAppError(auth.register(em(), { username: 'valid_name-1', password: 'p'.repeat(129) }, meta), 'BAD_USER_INPUT', 'Password must be 8-128 characters');
    await expectAppError(auth.register(em(), { username: 'valid_name-1', password: 'password1', email: 'not-an-email' }, meta), 'BAD_USER_INPUT', 'Email is not a valid address');
    await expectAppError(auth.register(em(), null, meta), 'BAD_USER_INPUT', 'Expected a JSON object with username and password');
    await expectAppError(auth.register(em(), { password: 'password1' }, meta), 'BAD_USER_INPUT', 'Username is required');
    expect(await em().count(User, {})).toBe(0);
  });

  it('treats usernames case-insensitively and emails as unique', async () => {
    await auth.register(em(), { username: 'MixedCase', password: 'password1', email: 'Me@Example.com' }, meta);
    await expectAppError(auth.register(em(), { username: 'mixedcase', password: 'password1' }, meta), 'CONFLICT', 'Username is already taken');
    await expectAppError(auth.register(em(), { username: 'other', password: 'password1', email: 'me@example.COM' }, meta), 'CONFLICT', 'Email is already registered');
    const { user } = await auth.login(em(), { username: 'MIXEDCASE', password: 'password1' }, meta);
    expect(user.username).toBe('MixedCase');
    expect(user.email).toBe('me@example.com');
  });

  it('treats _ in usernames literally, not as a wildcard', async () => {
    await auth.register(em(), { username: 'a_b', password: 'password1' }, meta);
    await expect(auth.register(em(), { username: 'axb', password: 'password1' }, meta)).resolves.toBeDefined();
    await expectAppError(auth.login(em(), { username: 'a-b', password: 'password1' }, meta), 'UNAUTHENTICATED', 'Invalid username or password');
  });

  it('rejects a wrong password or unknown user with the same message', async () => {
    await auth.register(em(), { username: 'carol', password: 'password1' }, meta);
    await expectAppError(auth.login(em(), { username: 'carol', password: 'wrong-password' }, meta), 'UNAUTHENTICATED', 'Invalid username or password');
    await expectAppError(auth.login(em(), { username: 'nobody', password: 'password1' }, meta), 'UNAUTHENTICATED', 'Invalid username or password');
  });

  it('rotates the session on sign-in and ends it on logout', async () => {
    const registered = await auth.register(em(), { username: 'dave', password: 'password1' }, meta);
    expect((await sessions.resolve(em, registered.token))?.user.username).toBe('dave');
    const signedIn = await auth.login(em(), { username: 'dave', password: 'password1' }, { ...meta, previousToken: registered.token });
    expect(signedIn.token).not.toBe(registered.token);
    expect(await sessions.resolve(em, registered.token)).toBeNull();
    expect((await sessions.resolve(em, signedIn.token))?.user.username).toBe('dave');
    await auth.logout(em(), signedIn.token);
    expect(await sessions.resolve(em, signedIn.token)).toBeNull();
  });

  it('refuses the guessing address, even with the right password, and lets the owner in from another one', async () => {
    await auth.register(em(), { username: 'erin', password: 'password1' }, meta);
    for (let i = 0; i < 10; i += 1) {
      const attempt = auth.login(em(), { username: 'erin', password: 'bad-guess' }, { ip: '10.9.9.9' });
      if (i < MAX_FAILURES_PER_IP_AND_USERNAME) await expectAppError(attempt, 'UNAUTHENTICATED', 'Invalid username or password');
      else await expectAppError(attempt, 'TOO_MANY_REQUESTS', /^Too many failed login attempts\. Try again in 15 minutes\.$/);
    }
    await expectAppError(auth.login(em(), { username: 'erin', password: 'password1' }, { ip: '10.9.9.9' }), 'TOO_MANY_REQUESTS', /Too many failed login attempts/);
    await expect(auth.login(em(), { username: 'erin', password: 'password1' }, { ip: '10.2.0.1' })).resolves.toBeDefined();
  });

  it('lets the owner in from a new address while a username is backed off by guesses from many', async () => {
    await auth.register(em(), { username: 'frank', password: 'password1' }, meta);
    for (let i = 0; i < 15; i += 1) {
      await expectAppError(auth.login(em(), { username: 'frank', password: 'bad-guess' }, { ip: `10.1.0.${i}` }), 'UNAUTHENTICATED', 'Invalid username or password');
    }
    await expectAppError(auth.login(em(), { username: 'frank', password: 'password1' }, { ip: '10.1.0.3' }), 'TOO_MANY_REQUESTS', /Too many failed login attempts/);
    await expect(auth.login(em(), { username: 'frank', password: 'password1' }, { ip: '10.2.0.1' })).resolves.toBeDefined();
  });

  it('limits sign-ups per address', async () => {
    auth = new AuthService(sessions, new LoginLimiter({ redis: null }), new SignUpLimiter({ redis: null }, 3));
    for (const username of ['one', 'two', 'three']) await auth.register(em(), { username, password: 'password1' }, meta);
    await expectAppError(auth.register(em(), { username: 'four', password: 'password1' }, meta), 'TOO_MANY_REQUESTS', 'Too many sign-ups from this address. Try again in 60 minutes.');
    await expect(auth.register(em(), { username: 'four', password: 'password1' }, { ...meta, ip: '10.0.0.2' })).resolves.toBeDefined();
    expect(await em().count(User, {})).toBe(4);
  });

  it('forgets expired sessions', async () => {
    const { token } = await auth.register(em(), { username: 'grace', password: 'password1' }, meta);
    await em().getConnection().execute(`update sessions set expires_at = now() - interval '1 minute'`);
    expect(await sessions.resolve(em, token)).toBeNull();
    expect(await sessions.resolve(em, 'not-a-real-token')).toBeNull();
  });
});
