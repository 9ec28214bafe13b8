import { raw, type EntityManager } from '@mikro-orm/postgresql';
import { AppError, forbidden } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import { User } from '../users/user.entity.js';
import { UserPreferences } from '../users/user-preferences.entity.js';
import { registerSchema, loginSchema } from './credentials.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { SessionMeta, SessionStore } from './sessions.js';
import { SSO_FAILED, type OidcIdentity } from './oidc.js';
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
    const user = await createAccount(em, { username, password: passwordHash, email: email ?? null }, async (tx) => {
      if (await tx.count(User, usernameIs(username))) throw new AppError('CONFLICT', 'Username is already taken');
      if (email && (await tx.count(User, { email }))) throw new AppError('CONFLICT', 'Email is already registered');
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

  /**
   * Signs in with a single sign-on identity (docs/auth.md): the account already linked to the
   * provider's subject; else the account with the same email when the provider verified it (which
   * links it); else a new account. An unverified email never reaches an existing account.
   */
  async signInWithProvider(em: EntityManager, identity: OidcIdentity, meta: SessionMeta & { previousToken?: string | null }): Promise<SignedIn> {
    let user = await em.findOne(User, { googleId: identity.subject });
    if (!user && identity.email) {
      const sameEmail = await em.findOne(User, { email: identity.email, isSystem: false });
      if (sameEmail && !identity.emailVerified) throw new AppError('CONFLICT', UNVERIFIED_EMAIL);
      if (sameEmail) {
        if (sameEmail.googleId) throw new AppError('CONFLICT', 'This account is already linked to another single sign-on identity');
        if (sameEmail.disabledAt) throw forbidden(ACCOUNT_DISABLED);
        sameEmail.googleId = identity.subject;
        await em.flush();
        user = sameEmail;
      }
    }
    if (!user) {
      await this.signUps.consume(meta.ip);
      const base = providerUsername(identity.nameHint);
      // An unverified address is not stored: it could be someone else's.
      const email = identity.emailVerified ? identity.email : null;
      user = await createAccount(em, { username: base, password: null, email, googleId: identity.subject }, async (tx, account) => {
        account.username = await freeUsername(tx, base);
        // Two first sign-ins of one identity at once: the later one finds the account the first made.
        if (await tx.count(User, { googleId: identity.subject })) throw new AppError('CONFLICT', SSO_FAILED);
      });
    }
    if (user.disabledAt) throw forbidden(ACCOUNT_DISABLED);
    await this.sessions.destroy(em, meta.previousToken);
    return { user, token: await this.sessions.create(em, user, meta) };
  }

  async logout(em: EntityManager, token: string | null): Promise<void> {
    await this.sessions.destroy(em, token);
  }
}

export const UNVERIFIED_EMAIL = 'Your sign-in provider has not verified this email address, and an account already uses it: sign in with your password instead';

/**
 * Creates an account with its preferences row. The first human account of an installation becomes
 * the admin (docs/auth.md); the table lock makes that decision, and `check`'s uniqueness checks, race-free.
 */
async function createAccount(
  em: EntityManager,
  fields: { username: string; password: string | null; email: string | null; googleId?: string },
  check: (tx: EntityManager, fields: { username: string }) => Promise<void>,
): Promise<User> {
  return em.transactional(async (tx) => {
    await tx.getConnection().execute('lock table "users" in share row exclusive mode', [], 'run', tx.getTransactionContext());
    await check(tx, fields);
    // System accounts (the demo catalogue's owner) exist before anyone registers: only people count.
    const isFirstUser = (await tx.count(User, { isSystem: false })) === 0;
    const created = tx.create(User, {
      ...fields,
      // Every new account may generate (within its monthly limit); an admin can revoke that for a
      // free account by clearing the flag, since the free tier itself grants nothing (docs/permissions.md).
      ...(isFirstUser
        ? { userTier: 'admin', canGenerateMusic: true, canManageSongs: true, canAccessAdmin: true, canAccessDJ: true, adminOverride: true }
        : { canGenerateMusic: true }),
    });
    tx.create(UserPreferences, { user: created });
    return created;
  });
}

/** A valid user name from the provider's hint: its letters and digits, 3-32 characters. */
function providerUsername(hint: string | null): string {
  const cleaned = (hint ?? '').normalize('NFKD').replace(/[^A-Za-z0-9_-]+/g, '').slice(0, 28);
  return cleaned.length >= 3 ? cleaned : `user${cleaned}`;
}

/** `base`, or `base` with the lowest free number after it (base2, base3, ...). */
async function freeUsername(tx: EntityManager, base: string): Promise<string> {
  const taken = new Set(
    (await tx.getConnection().execute<{ name: string }[]>(`select lower(username) as name from users where lower(username) like ? escape '!'`, [`${base.toLowerCase().replace(/[!%_]/g, '!$&')}%`], 'all', tx.getTransactionContext())).map(
      (row) => row.name,
    ),
  );
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`.toLowerCase())) return `${base}${n}`;
}

/** Case-insensitive match served by the unique index on lower(username). */
const usernameIs = (username: string) => ({ [raw('lower(username)')]: username.toLowerCase() });
