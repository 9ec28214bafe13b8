import { raw, type EntityManager } from '@mikro-orm/postgresql';
import { AppError, forbidden } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import { User } from '../users/user.entity.js';
import { UserPreferences } from '../users/user-preferences.entity.js';
import { registerSchema, loginSchema } from './credentials.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { SessionMeta, SessionStore } from './sessions.js';
import { tooManyRequests, type LoginLimiter, type SignUpLimiter } from './throttles.js';

export interface SignedIn {
  user: User;
  /** New session token for the cookie (a fresh one on every sign-in: session rotation). */
  token: string;
}

const INVALID_CREDENTIALS = 'Invalid username or password';
export const ACCOUNT_DISABLED = 'This account has been disabled';

// Verifying against a real hash when the user does not exist keeps response times alike.
const dummyHash = hashPassword('songforge-timing-equaliser');

export class AuthService {
  constructor(
    private readonly sessions: SessionStore,
    private readonly limiter: LoginLimiter,
    private readonly signUps: SignUpLimiter,
  ) {}

  /**
   * Creates an account and signs it in. The first human account of an installation becomes
   * the admin (docs/auth.md); the table lock makes that decision race-free.
   */
  async register(em: EntityManager, input: unknown, meta: SessionMeta & { previousToken?: string | null }): Promise<SignedIn> {
    const { username, password, email } = parseInput(registerSchema, input);
    await this.signUps.consume(meta.ip);
    const passwordHash = await hashPassword(password);
    const user = await em.transactional(async (tx) => {
      await tx.getConnection().execute('lock table "users" in share row exclusive mode', [], 'run', tx.getTransactionContext());
      if (await tx.count(User, usernameIs(username))) {
        throw new AppError('CONFLICT', 'Username is already taken');
      }
      if (email && (await tx.count(User, { email }))) {
        throw new AppError('CONFLICT', 'Email is already registered');
      }
      // System accounts (the demo catalogue's owner) exist before anyone registers: only people count.
      const isFirstUser = (await tx.count(User, { isSystem: false })) === 0;
      const created = tx.create(User, {
        username,
        password: passwordHash,
        email: email ?? null,
        // Every new account may generate (within its monthly limit); an admin can revoke that for a
        // free account by clearing the flag, since the free tier itself grants nothing (docs/permissions.md).
        ...(isFirstUser
          ? { userTier: 'admin', canGenerateMusic: true, canManageSongs: true, canAccessAdmin: true, canAccessDJ: true, adminOverride: true }
          : { canGenerateMusic: true }),
      });
      tx.create(UserPreferences, { user: created });
      return created;
    });
    await this.sessions.destroy(em, meta.previousToken);
    return { user, token: await this.sessions.create(em, user, meta) };
  }

  async login(em: EntityManager, input: unknown, meta: SessionMeta & { previousToken?: string | null }): Promise<SignedIn> {
    const { username, password } = parseInput(loginSchema, input);
    const wait = await this.limiter.blockedFor(meta.ip, username);
    if (wait > 0) throw tooManyRequests('Too many failed login attempts.', wait);
    const user = await em.findOne(User, usernameIs(username));
    const valid = user?.password ? await verifyPassword(user.password, password) : (await verifyPassword(await dummyHash, password), false);
    if (!user || !valid) {
      await this.limiter.recordFailure(meta.ip, username);
      throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
    }
    await this.limiter.recordSuccess(meta.ip, username);
    if (user.disabledAt) throw forbidden(ACCOUNT_DISABLED);
    await this.sessions.destroy(em, meta.previousToken);
    return { user, token: await this.sessions.create(em, user, meta) };
  }

  async logout(em: EntityManager, token: string | null): Promise<void> {
    await this.sessions.destroy(em, token);
  }
}

/** Case-insensitive match served by the unique index on lower(username). */
const usernameIs = (username: string) => ({ [raw('lower(username)')]: username.toLowerCase() });
