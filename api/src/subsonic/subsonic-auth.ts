import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiAccessService } from '../api-access/api-access.service.js';
import { sameText } from '../api-access/api-access.service.js';
import type { User } from '../users/user.entity.js';
import { SubsonicCode, SubsonicError, missingParameter } from './subsonic-response.js';

/** The authentication parameters of a Subsonic request (docs/subsonic.md). */
export interface SubsonicCredentials {
  u?: string;
  p?: string;
  t?: string;
  s?: string;
  apiKey?: string;
}

const WRONG_CREDENTIALS = 'Wrong username or password (use an app password from Account settings, not your login password)';

/** `p` in clear or as `enc:<hex of the UTF-8 bytes>` (Subsonic's "obfuscated" form). */
function plainPassword(p: string): string {
  if (!p.startsWith('enc:')) return p;
  const hex = p.slice(4);
  return /^(?:[0-9a-fA-F]{2})*$/.test(hex) ? Buffer.from(hex, 'hex').toString('utf8') : '';
}

/**
 * Who is asking, from one of Subsonic's three schemes: `apiKey` (OpenSubsonic apiKeyAuthentication,
 * a personal access token, stored hashed), `u` + `t` + `s` (t = md5(app password + salt)), or `u` +
 * `p` (the app password, in clear or hex). The login password is never accepted: app passwords are.
 */
export async function authenticateSubsonic(em: EntityManager, access: ApiAccessService, credentials: SubsonicCredentials): Promise<User> {
  const { u, p, t, s, apiKey } = credentials;
  if (apiKey !== undefined) {
    if (u !== undefined || p !== undefined || t !== undefined) throw new SubsonicError(SubsonicCode.conflictingMechanisms, 'Multiple conflicting authentication mechanisms provided');
    const user = await access.userForAccessToken(em, apiKey);
    if (!user) throw new SubsonicError(SubsonicCode.invalidApiKey, 'Invalid API key');
    return user;
  }
  if (u === undefined) throw missingParameter('u');
  if (t !== undefined && p !== undefined) throw new SubsonicError(SubsonicCode.conflictingMechanisms, 'Multiple conflicting authentication mechanisms provided');
  let matches: (password: string) => boolean;
  if (t !== undefined) {
    if (s === undefined) throw missingParameter('s');
    const token = t.toLowerCase();
    matches = (password) => sameText(createHash('md5').update(password + s, 'utf8').digest('hex'), token);
  } else if (p !== undefined) {
    const given = plainPassword(p);
    matches = (password) => sameText(password, given);
  } else {
    throw missingParameter('p');
  }
  const user = await access.userForAppPassword(em, u, matches);
  if (!user) throw new SubsonicError(SubsonicCode.wrongCredentials, WRONG_CREDENTIALS);
  return user;
}
