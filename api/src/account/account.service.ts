import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadZipArchive } from '../common/lazy.js';
import { z } from 'zod';
import { parseInput } from '../common/validation.js';
import { AppError, badInput, notFound } from '../common/errors.js';
import type { AppPubSub } from '../pubsub/pubsub.js';
import { mediaKey, type MediaStorage } from '../storage/media-storage.js';
import { PASSWORD_RULE } from '../auth/credentials.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { Session } from '../auth/session.entity.js';
import type { LibraryReads } from '../songs/library-reads.js';
import type { SessionStore } from '../auth/sessions.js';
import { User } from '../users/user.entity.js';
import { publishUserUpdated } from '../users/users.service.js';
import { Song } from '../songs/song.entity.js';
import { UserProfile } from '../profile/user-profile.entity.js';
import { AVATAR_MEDIA_FOLDER } from '../profile/avatar-image.js';
import { deviceLabel } from './device-label.js';
import type { SecretBox } from './secret-box.js';
import { rowsAbout } from './user-rows.js';

export const PROVIDER_KEY_MAX = 512;
const WRONG_PASSWORD = 'Current password is incorrect';

// Empty is checked per account: one made by single sign-on has no password (confirmIdentity).
const password = z.string({ error: 'Current password is required' }).max(128, WRONG_PASSWORD);
/** How recent a single sign-on must be to stand in for the password an account does not have. */
export const FRESH_SIGN_IN_MS = 15 * 60_000;
export const SIGN_IN_AGAIN = 'This account has no password: sign out, sign in again with single sign-on, then do this within 15 minutes';
const changePasswordSchema = z.object({
  currentPassword: password,
  newPassword: z.string({ error: 'New password is required' }).min(8, PASSWORD_RULE).max(128, PASSWORD_RULE),
});
const changeEmailSchema = z.object({
  currentPassword: password,
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().max(254, 'Email is too long').pipe(z.email({ error: 'Email is not a valid address' })),
});
const revokeSchema = z.object({ id: z.string({ error: 'Session id is required' }).regex(/^[0-9a-f]{64}$/, 'Unknown session') });
const providerKeySchema = z.object({
  apiKey: z
    .string({ error: 'apiKey must be text or null' })
    .trim()
    .min(8, 'The API key must be at least 8 characters')
    .max(PROVIDER_KEY_MAX, `The API key must be at most ${PROVIDER_KEY_MAX} characters`)
    .regex(/^[\x21-\x7e]+$/, 'The API key must be printable characters without spaces')
    .nullable(),
});
const deleteSchema = z.object({ currentPassword: password });

export interface ActiveSession {
  id: string;
  device: string;
  ip: string | null;
  lastSeenAt: Date;
  createdAt: Date;
  current: boolean;
}

/**
 * Account security: password and email changes, active sessions, the provider API key, the data
 * export and account deletion. Every change that needs the password checks the current one first.
 */
export class AccountService {
  constructor(
    private readonly deps: { sessions: SessionStore; pubsub: AppPubSub; secrets: SecretBox; storage: MediaStorage; library: LibraryReads },
  ) {}

  /**
   * The current password, checked. An account made by single sign-on has none (until it sets one):
   * for it a sign-in of the last 15 minutes on this session stands in for the password.
   */
  private async checkPassword(em: EntityManager, user: User, sessionToken: string | null, currentPassword: string): Promise<User> {
    // Refreshed: the request's user may come from the session cache, as it was before a password change.
    const managed = await em.findOneOrFail(User, { id: user.id }, { refresh: true });
    if (!managed.password) {
      const sessionId = this.currentSessionId(sessionToken);
      const session = sessionId ? await em.findOne(Session, { id: sessionId, user: user.id }) : null;
      if (!session || Date.now() - session.createdAt.getTime() > FRESH_SIGN_IN_MS) throw badInput(SIGN_IN_AGAIN);
      return managed;
    }
    if (currentPassword === '') throw badInput('Current password is required');
    if (!(await verifyPassword(managed.password, currentPassword))) throw badInput(WRONG_PASSWORD);
    return managed;
  }

  private currentSessionId(sessionToken: string | null): string | null {
    return sessionToken ? this.deps.sessions.digest(sessionToken) : null;
  }

  /** Sets a new password and signs out every other session of the user; answers how many ended. */
  async changePassword(em: EntityManager, user: User, sessionToken: string | null, input: unknown): Promise<number> {
    const { currentPassword, newPassword } = parseInput(changePasswordSchema, input);
    const managed = await this.checkPassword(em, user, sessionToken, currentPassword);
    managed.password = await hashPassword(newPassword);
    await em.flush();
    await this.deps.sessions.usersChanged([user.id]);
    return this.deps.sessions.destroyOthers(em, user.id, this.currentSessionId(sessionToken));
  }

  async changeEmail(em: EntityManager, user: User, sessionToken: string | null, input: unknown): Promise<User> {
    const { currentPassword, email } = parseInput(changeEmailSchema, input);
    const managed = await this.checkPassword(em, user, sessionToken, currentPassword);
    if (await em.count(User, { email, id: { $ne: user.id } })) throw new AppError('CONFLICT', 'Email is already registered');
    managed.email = email;
    await em.flush();
    publishUserUpdated(this.deps.pubsub, managed);
    return managed;
  }

  async listSessions(em: EntityManager, user: User, sessionToken: string | null): Promise<ActiveSession[]> {
    const current = this.currentSessionId(sessionToken);
    return (await this.deps.sessions.list(em, user.id)).map((s) => ({
      id: s.id,
      device: deviceLabel(s.userAgent),
      ip: s.ip,
      lastSeenAt: s.lastSeenAt,
      createdAt: s.createdAt,
      current: s.id === current,
    }));
  }

  /** Ends one of the user's own sessions (NOT_FOUND for anyone else's). */
  async revokeSession(em: EntityManager, user: User, input: unknown): Promise<void> {
    const { id } = parseInput(revokeSchema, input);
    if (!(await this.deps.sessions.destroyOwn(em, user.id, id))) throw notFound('Unknown session');
  }

  /** Stores (encrypted) or, with null, removes the user's provider API key; answers its last 4 characters. */
  async setAudioProviderKey(em: EntityManager, user: User, input: unknown): Promise<string | null> {
    const { apiKey } = parseInput(providerKeySchema, input);
    const managed = await em.findOneOrFail(User, { id: user.id });
    managed.audioProviderApiKey = apiKey === null ? null : this.deps.secrets.seal(apiKey);
    await em.flush();
    publishUserUpdated(this.deps.pubsub, managed);
    return apiKey === null ? null : apiKey.slice(-4);
  }

  /** The last 4 characters of the stored key (the key itself never leaves the server), or null. */
  async audioProviderKeyLast4(em: EntityManager, user: User): Promise<string | null> {
    const { audioProviderApiKey } = await em.findOneOrFail(User, { id: user.id }, { fields: ['audioProviderApiKey'] });
    if (!audioProviderApiKey) return null;
    return this.deps.secrets.open(audioProviderApiKey)?.slice(-4) ?? null;
  }

  /**
   * Writes a zip of everything about the user to `out`, streamed: data.json (every row about them,
   * secrets redacted) and their media (song audio and covers, avatar).
   */
  async exportData(em: EntityManager, user: User, out: Writable): Promise<void> {
    const rows = await rowsAbout(em, user.id);
    for (const row of rows.users ?? []) {
      row.password = row.password ? '[redacted: argon2id hash]' : null;
      row.audio_provider_api_key = row.audio_provider_api_key ? `[encrypted; ends in ${(await this.audioProviderKeyLast4(em, user)) ?? '????'}]` : null;
    }
    // A session's id is the digest its cookie is checked against.
    for (const row of rows.sessions ?? []) row.id = '[redacted]';
    // App passwords (sealed) and access tokens (hashed) would let their holder in: neither leaves.
    for (const row of rows.app_passwords ?? []) row.sealed_password = '[redacted]';
    for (const row of rows.access_tokens ?? []) row.token_hash = '[redacted]';
    const archive = new (await loadZipArchive())({ zlib: { level: 6 } });
    const finished = new Promise<void>((resolve, reject) => {
      out.on('finish', resolve).on('close', resolve).on('error', reject);
      archive.on('error', reject);
    });
    archive.pipe(out);
    archive.append(JSON.stringify({ exportedAt: new Date().toISOString(), userId: user.id, tables: rows }, null, 2), { name: 'data.json' });
    // One object open at a time: the next is fetched once the archive has taken the last one in.
    for (const key of await this.mediaKeysOf(em, user.id)) {
      const opened = await this.deps.storage.open(key);
      if (!opened) continue;
      const added = once(archive, 'entry');
      archive.append(opened.body, { name: `media/${key}` });
      await added;
    }
    await archive.finalize();
    await finished;
  }

  /**
   * Deletes the account after checking the password: the users row and, through the foreign keys,
   * every row that belongs to it (songs, playlists, likes, history, sessions, preferences...); rows that
   * only mention the user (as a moderator) keep no trace of them. Likes they gave are taken off the
   * counts, their sockets are closed and their media files removed.
   */
  async deleteAccount(em: EntityManager, user: User, sessionToken: string | null, input: unknown): Promise<void> {
    const { currentPassword } = parseInput(deleteSchema, input);
    await this.checkPassword(em, user, sessionToken, currentPassword);
    const media = await this.mediaKeysOf(em, user.id);
    const sessionIds = (await this.deps.sessions.list(em, user.id)).map((s) => s.id);
    await em.transactional(async (tx) => {
      await tx.execute(
        `update "songs" set "like_count" = greatest("like_count" - 1, 0)
          where "id" in (select "music_id" from "liked_songs" where "user_id" = ?) and ("user_id" is null or "user_id" <> ?)`,
        [user.id, user.id],
      );
      await tx.nativeDelete(User, { id: user.id });
    });
    // Their songs went with them (ON DELETE CASCADE), and with their likes others' like counts.
    await this.deps.library.changed();
    await this.deps.sessions.announceEnded(sessionIds);
    await this.deps.storage.remove(media);
  }

  /** The storage keys of the user's media: their songs' audio and covers, and their avatar. */
  private async mediaKeysOf(em: EntityManager, userId: number): Promise<string[]> {
    const songs = await em.find(Song, { user: userId }, { fields: ['audioUrl', 'coverUrl', 'thumbnailUrl'] });
    const owner = await em.findOneOrFail(User, { id: userId }, { fields: ['avatarUrl'] });
    const profile = await em.findOne(UserProfile, { user: userId });
    // Only files made for this user: a song may show shared album art, which is not theirs.
    const own = [
      ...songs.flatMap((s) => [s.audioUrl, s.coverUrl, s.thumbnailUrl].filter((url) => url?.startsWith(`/media/songs/${s.id}`) || url?.startsWith(`/media/covers/${s.id}`))),
      ...[owner.avatarUrl, profile?.avatarSmallUrl].filter((url) => url?.startsWith(`/media/${AVATAR_MEDIA_FOLDER}/`)),
    ];
    return [...new Set(own.flatMap((url) => mediaKey(url) ?? []))];
  }
}
