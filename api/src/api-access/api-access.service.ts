import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { raw } from '@mikro-orm/core';
import { z } from 'zod';
import { parseInput } from '../common/validation.js';
import { badInput, notFound } from '../common/errors.js';
import { User } from '../users/user.entity.js';
import type { SecretBox } from '../account/secret-box.js';
import { AppPassword } from './app-password.entity.js';
import { AccessToken } from './access-token.entity.js';

/** Most app passwords and most access tokens one user may hold (each). */
export const CREDENTIALS_MAX = 25;
export const CREDENTIAL_NAME_MAX = 100;
/** Personal access tokens start with this, so a leaked one is recognisable (secret scanners). */
export const ACCESS_TOKEN_PREFIX = 'sfpat_';
/** lastUsedAt is written at most this often per credential. */
const TOUCH_INTERVAL_MS = 5 * 60_000;
/** Letters and digits that cannot be misread when typed into a phone (no 0/o, 1/l/i). */
const APP_PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** 5 groups of 4: about 98 bits. */
const APP_PASSWORD_GROUPS = 5;

const nameSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(CREDENTIAL_NAME_MAX, `Name must be at most ${CREDENTIAL_NAME_MAX} characters`),
});
const idSchema = z.object({ id: z.coerce.number({ error: 'Unknown id' }).int('Unknown id').positive('Unknown id') });

/** A credential as the account page lists it: never its secret. */
export interface CredentialInfo {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** Access tokens: the token's last 4 characters. */
  last4: string | null;
}

/** A new credential and its secret, shown this once. */
export interface CreatedCredential {
  credential: CredentialInfo;
  secret: string;
}

/** Who may use a credential: a real account that is not disabled. */
const usable = (user: User) => !user.isSystem && !user.disabledAt;
const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * App passwords (Subsonic's token+salt and password schemes) and personal access tokens (Bearer on
 * GraphQL and REST, and the Subsonic apiKey), created and revoked in Account settings. A revoked
 * credential is refused by the next request: every request looks it up (no cache).
 */
export class ApiAccessService {
  constructor(private readonly secrets: SecretBox) {}

  async appPasswords(em: EntityManager, user: User): Promise<CredentialInfo[]> {
    const rows = await em.find(AppPassword, { user: user.id }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return rows.map((row) => ({ id: String(row.id), name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, last4: null }));
  }

  async createAppPassword(em: EntityManager, user: User, input: unknown): Promise<CreatedCredential> {
    const { name } = parseInput(nameSchema, input);
    if ((await em.count(AppPassword, { user: user.id })) >= CREDENTIALS_MAX) throw badInput(`You have ${CREDENTIALS_MAX} app passwords already: revoke one first`);
    const password = Array.from({ length: APP_PASSWORD_GROUPS }, () => Array.from({ length: 4 }, () => APP_PASSWORD_ALPHABET[randomInt(APP_PASSWORD_ALPHABET.length)]).join('')).join('-');
    const row = em.create(AppPassword, { user: em.getReference(User, user.id), name, sealedPassword: this.secrets.seal(password) });
    await em.flush();
    return { credential: { id: String(row.id), name, createdAt: row.createdAt, lastUsedAt: null, last4: null }, secret: password };
  }

  async revokeAppPassword(em: EntityManager, user: User, input: unknown): Promise<void> {
    const { id } = parseInput(idSchema, input);
    if ((await em.nativeDelete(AppPassword, { id, user: user.id })) === 0) throw notFound('App password not found');
  }

  async accessTokens(em: EntityManager, user: User): Promise<CredentialInfo[]> {
    const rows = await em.find(AccessToken, { user: user.id }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return rows.map((row) => ({ id: String(row.id), name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, last4: row.last4 }));
  }

  async createAccessToken(em: EntityManager, user: User, input: unknown): Promise<CreatedCredential> {
    const { name } = parseInput(nameSchema, input);
    if ((await em.count(AccessToken, { user: user.id })) >= CREDENTIALS_MAX) throw badInput(`You have ${CREDENTIALS_MAX} access tokens already: revoke one first`);
    const token = ACCESS_TOKEN_PREFIX + randomBytes(32).toString('base64url');
    const row = em.create(AccessToken, { user: em.getReference(User, user.id), name, tokenHash: tokenHash(token), last4: token.slice(-4) });
    await em.flush();
    return { credential: { id: String(row.id), name, createdAt: row.createdAt, lastUsedAt: null, last4: row.last4 }, secret: token };
  }

  async revokeAccessToken(em: EntityManager, user: User, input: unknown): Promise<void> {
    const { id } = parseInput(idSchema, input);
    if ((await em.nativeDelete(AccessToken, { id, user: user.id })) === 0) throw notFound('Access token not found');
  }

  /** The user a personal access token belongs to, or null (unknown, revoked, or the account is disabled). */
  async userForAccessToken(em: EntityManager, token: string): Promise<User | null> {
    if (!token.startsWith(ACCESS_TOKEN_PREFIX) || token.length > 200) return null;
    const row = await em.findOne(AccessToken, { tokenHash: tokenHash(token) }, { populate: ['user'] });
    if (!row || !usable(row.user)) return null;
    await touch(em, AccessToken, row);
    return row.user;
  }

  /**
   * The user named `username` when one of their app passwords passes `matches` (given the password
   * in clear: Subsonic's schemes compare the password itself or md5(password + salt)); else null.
   */
  async userForAppPassword(em: EntityManager, username: string, matches: (password: string) => boolean): Promise<User | null> {
    const user = await em.findOne(User, { [raw('lower(username)')]: username.toLowerCase() });
    if (!user || !usable(user)) return null;
    for (const row of await em.find(AppPassword, { user: user.id })) {
      const password = this.secrets.open(row.sealedPassword);
      if (password !== null && matches(password)) {
        await touch(em, AppPassword, row);
        return user;
      }
    }
    return null;
  }
}

async function touch(em: EntityManager, entity: typeof AppPassword | typeof AccessToken, row: { id: number; lastUsedAt: Date | null }): Promise<void> {
  const now = Date.now();
  if (row.lastUsedAt && now - row.lastUsedAt.getTime() < TOUCH_INTERVAL_MS) return;
  await em.nativeUpdate(entity, { id: row.id }, { lastUsedAt: new Date(now) });
}

/** Compares two strings in time that does not depend on where they differ. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
