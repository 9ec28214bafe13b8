import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { raw } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { parseInput } from '../common/validation.js';
import { notFound } from '../common/errors.js';
import type { AppPubSub } from '../pubsub/pubsub.js';
import { mediaKey, mediaUrl, type MediaStorage } from '../storage/media-storage.js';
import { User } from '../users/user.entity.js';
import { publishUserUpdated } from '../users/users.service.js';
import { Song } from '../songs/song.entity.js';
import { viewSongs } from '../songs/song-views.js';
import { Playlist } from '../playlists/playlist.entity.js';
import { playlistCardViews, playlistViews } from '../playlists/playlist.service.js';
import type { FullPlaylistView, PlaylistView } from '../playlists/playlist.view.js';
import type { SongView } from '../songs/song.view.js';
import { connectionArgsSchema, pageRequest, type Connection } from '../connections/cursor.js';
import { newestFirstConnection } from '../connections/newest-first.js';
import { newestSongsConnection } from '../songs/newest-songs-connection.js';
import { UserProfile } from './user-profile.entity.js';
import { AVATAR_MEDIA_FOLDER, makeAvatarImages } from './avatar-image.js';
import { ProfileStatsView, ProfileView } from './profile.view.js';
import { listedSongs, listedSongsSql } from '../songs/song-access.js';

export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 500;
/** Songs a profile's `songs` list holds at most. */
export const PROFILE_SONGS = 50;
const TOP_GENRES = 3;

/** Empty text clears the field. */
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((v) => (v ? v : null));
const detailsSchema = z.object({ displayName: optionalText(DISPLAY_NAME_MAX, 'Display name'), bio: optionalText(BIO_MAX, 'Bio') }).partial();
const usernameSchema = z.object({ username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(64, 'User not found') });

/** Profiles: display name, bio, avatar (uploaded and re-encoded, or the initial), stats, public songs and playlists. */
export class ProfileService {
  constructor(private readonly deps: { pubsub: AppPubSub; storage: MediaStorage }) {}

  myProfile(em: EntityManager, user: User): Promise<ProfileView> {
    return this.view(em, user, user.id);
  }

  /** Another signed-in user's profile by user name (case-insensitive): only what they made public. */
  async profileOf(em: EntityManager, viewer: User, input: unknown): Promise<ProfileView> {
    const { username } = parseInput(usernameSchema, input);
    const owner = await em.findOne(User, { [raw('lower(username)')]: username.toLowerCase(), isSystem: false });
    if (!owner) throw notFound('User not found');
    return this.view(em, viewer, owner.id);
  }

  async updateDetails(em: EntityManager, user: User, input: unknown): Promise<ProfileView> {
    const changes = parseInput(detailsSchema, input);
    await em.upsert(UserProfile, { user: user.id, ...changes });
    return this.view(em, user, user.id);
  }

  /** Replaces the avatar with the uploaded image's 256 and 64 px squares; the old files are removed. */
  async uploadAvatar(em: EntityManager, user: User, bytes: Buffer): Promise<ProfileView> {
    const images = await makeAvatarImages(bytes);
    const stem = `${user.id}-${randomBytes(8).toString('hex')}`;
    const large = `${AVATAR_MEDIA_FOLDER}/${stem}-256.webp`;
    const small = `${AVATAR_MEDIA_FOLDER}/${stem}-64.webp`;
    await Promise.all([this.deps.storage.write(large, images.large), this.deps.storage.write(small, images.small)]);
    return this.setAvatar(em, user, { large: mediaUrl(large), small: mediaUrl(small) });
  }

  /** Back to the generated initial avatar. */
  removeAvatar(em: EntityManager, user: User): Promise<ProfileView> {
    return this.setAvatar(em, user, null);
  }

  /**
   * The profile's `songs` list: the owner's newest songs the viewer may see on it (at most
   * PROFILE_SONGS). Another viewer sees what listedSongs lets them: public songs no moderator hid.
   */
  async songs(em: EntityManager, viewer: User, profile: Pick<ProfileView, 'userId'>): Promise<SongView[]> {
    const songs = await em.find(Song, { $and: [{ user: Number(profile.userId) }, listedSongs(viewer)] }, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: PROFILE_SONGS });
    return viewSongs(em, viewer, songs);
  }

  /** The profile's `playlists` list: all of them on your own profile, else the public ones, most recently changed first. */
  async playlists(em: EntityManager, viewer: User, profile: Pick<ProfileView, 'userId' | 'isOwn'>): Promise<FullPlaylistView[]> {
    const owner = Number(profile.userId);
    const playlists = await em.find(Playlist, profile.isOwn ? { user: owner } : { user: owner, isPublic: true }, { orderBy: { updatedAt: 'desc' }, populate: ['user'] });
    return playlistViews(em, viewer, playlists);
  }

  /** The profile with its song and playlist lists, as the avatar upload (REST) answers it. */
  async withLists(em: EntityManager, viewer: User, profile: ProfileView): Promise<ProfileView & { songs: SongView[]; playlists: FullPlaylistView[] }> {
    return Object.assign(profile, { songs: await this.songs(em, viewer, profile), playlists: await this.playlists(em, viewer, profile) });
  }

  /** All the profile owner's songs the viewer may see on it (as `songs`), newest first, as a cursor connection. */
  songsConnection(em: EntityManager, viewer: User, profile: Pick<ProfileView, 'userId'>, input: unknown): Promise<Connection<SongView>> {
    return newestSongsConnection(em, viewer.id, input, { list: 'profile-songs', where: ['s.user_id = ?', listedSongsSql('s')], params: [Number(profile.userId), viewer.id] });
  }

  /** The profile owner's playlists the viewer may see on it (as `playlists`: all on their own, else the public ones), most recently changed first. */
  playlistsConnection(em: EntityManager, viewer: User, profile: Pick<ProfileView, 'userId'>, input: unknown): Promise<Connection<PlaylistView>> {
    const page = pageRequest(parseInput(connectionArgsSchema, input ?? {}));
    const source = {
      list: 'profile-playlists',
      at: 'p.updated_at',
      id: 'p.id',
      idSchema: z.number().int(),
      from: 'from playlists p',
      where: ['p.user_id = ?', '(p.is_public or p.user_id = ?)'],
      params: [Number(profile.userId), viewer.id],
    };
    return newestFirstConnection<{ id: number }, PlaylistView>(em, source, page, {
      columns: 'p.id',
      nodes: async (rows) => {
        const found = new Map((await em.find(Playlist, { id: { $in: rows.map((row) => row.id) } }, { populate: ['user'] })).map((playlist) => [playlist.id, playlist]));
        return playlistCardViews(em, viewer, rows.map((row) => found.get(row.id)!));
      },
    });
  }

  private async setAvatar(em: EntityManager, user: User, urls: { large: string; small: string } | null): Promise<ProfileView> {
    const replaced = await em.transactional(async (tx) => {
      const managed = await tx.findOneOrFail(User, { id: user.id });
      const profile = await tx.findOne(UserProfile, { user: user.id });
      const old = [managed.avatarUrl, profile?.avatarSmallUrl ?? null];
      managed.avatarUrl = urls?.large ?? null;
      await tx.upsert(UserProfile, { user: user.id, avatarSmallUrl: urls?.small ?? null });
      await tx.flush();
      return { managed, old };
    });
    publishUserUpdated(this.deps.pubsub, replaced.managed);
    await this.deps.storage.remove(replaced.old.flatMap((url) => mediaKey(url)?.startsWith(`${AVATAR_MEDIA_FOLDER}/`) ? [mediaKey(url)!] : []));
    return this.view(em, user, user.id);
  }

  private async view(em: EntityManager, viewer: User, ownerId: number): Promise<ProfileView> {
    const owner = await em.findOneOrFail(User, { id: ownerId });
    const profile = await em.findOne(UserProfile, { user: ownerId });
    const isOwn = viewer.id === ownerId;
    return Object.assign(new ProfileView(), {
      userId: String(owner.id),
      username: owner.username,
      displayName: profile?.displayName ?? null,
      bio: profile?.bio ?? null,
      avatarUrl: owner.avatarUrl,
      avatarSmallUrl: profile?.avatarSmallUrl ?? null,
      isOwn,
      memberSince: owner.createdAt,
      stats: await statsOf(em, ownerId, viewer.id),
    });
  }
}

/** The owner's songs as the viewer may see them (all for the owner; others: listedSongsSql). */
async function statsOf(em: EntityManager, ownerId: number, viewerId: number): Promise<ProfileStatsView> {
  const where = `where s.user_id = ? and ${listedSongsSql('s')}`;
  const [totals] = await em.execute<Array<{ songs: string; plays: string | null; likes: string | null }>>(
    `select count(*) as songs, sum(s.play_count) as plays, sum(s.like_count) as likes from songs s ${where}`,
    [ownerId, viewerId],
  );
  const genres = await em.execute<Array<{ genre: string; songs: string }>>(
    `select s.genre, count(*) as songs from songs s ${where} and s.genre is not null and s.genre <> '' group by s.genre order by count(*) desc, s.genre limit ${TOP_GENRES}`,
    [ownerId, viewerId],
  );
  return Object.assign(new ProfileStatsView(), {
    songsCreated: Number(totals?.songs ?? 0),
    plays: Number(totals?.plays ?? 0),
    likesReceived: Number(totals?.likes ?? 0),
    topGenres: genres.map((g) => ({ genre: g.genre, songs: Number(g.songs) })),
  });
}
