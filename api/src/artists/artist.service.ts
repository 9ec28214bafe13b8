import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AppError, badInput, forbidden, notFound } from '../common/errors.js';
import { shuffled } from '../common/shuffle.js';
import { mediaKey, mediaUrl, type MediaStorage } from '../storage/media-storage.js';
import { parseInput } from '../common/validation.js';
import { paintCover } from '../music/art/index.js';
import { findGenre, findMood, genreById } from '../music/plan/catalog.js';
import { INSTRUMENT_ROLES } from '../music/plan/instruments.js';
import { MAX_BPM, MIN_BPM, planSong } from '../music/plan/understand.js';
import { hashSeed } from '../music/random.js';
import type { InstrumentId } from '../music/types.js';
import type { QueueOutcome, QueueService } from '../library/queue.service.js';
import { visibleSongs, visibleSongsParams, visibleSongsSql } from '../songs/song-access.js';
import type { SongView } from '../songs/song.view.js';
import { connectionArgsSchema, pageRequest, type Connection } from '../connections/cursor.js';
import { newestFirstConnection } from '../connections/newest-first.js';
import { newestSongsConnection } from '../songs/newest-songs-connection.js';
import { Song } from '../songs/song.entity.js';
import { isAdmin } from '../users/permissions.js';
import { User } from '../users/user.entity.js';
import { AiArtist } from './ai-artist.entity.js';
import { findVisibleArtist } from './artist-access.js';

export const ARTIST_NAME_MAX = 100;
export const ARTIST_BIO_MAX = 1000;
/** Most genres, moods and instruments one artist names. */
export const ARTIST_TAGS_MAX = 4;
export const ARTIST_INSTRUMENTS_MAX = 6;
/** Artists one user may have (docs/artists.md). */
export const ARTISTS_PER_USER_MAX = 50;
/** Artists the `aiArtists` list holds at most. */
export const ARTISTS_LIST_MAX = 500;
/** Songs an artist page lists (newest first) and play all queues. */
export const ARTIST_SONGS_MAX = 200;
export const PORTRAIT_FOLDER = 'artists';
const DEFAULT_TIMBRE = { brightness: 0, breathiness: 0.3, vibrato: 0.5 };
const DEFAULT_TEMPO = { min: 70, max: 140 };

const INSTRUMENT_IDS = Object.keys(INSTRUMENT_ROLES) as [InstrumentId, ...InstrumentId[]];

const unit = (name: string, min: number) =>
  z.number({ error: `${name} must be a number` }).min(min, `${name} must be between ${min} and 1`).max(1, `${name} must be between ${min} and 1`);
const bpm = (name: string) =>
  z.number({ error: `${name} must be a whole number` }).int(`${name} must be a whole number`).min(MIN_BPM, `${name} must be between ${MIN_BPM} and ${MAX_BPM} BPM`).max(MAX_BPM, `${name} must be between ${MIN_BPM} and ${MAX_BPM} BPM`);

/** Genre or mood names to canonical ids, unknown ones refused with the valid choices' rule. */
const tagList = (kind: 'genre' | 'mood', find: (name: string) => { id: string } | undefined) =>
  z
    .array(z.string({ error: `${kind}s must be a list of names` }).trim().min(1).max(50), { error: `${kind}s must be a list of names` })
    .max(ARTIST_TAGS_MAX, `At most ${ARTIST_TAGS_MAX} ${kind}s`)
    .transform((names, ctx) => {
      const ids: string[] = [];
      for (const name of names) {
        const found = find(name);
        if (!found) ctx.addIssue({ code: 'custom', message: `Unknown ${kind} "${name}"` });
        else if (!ids.includes(found.id)) ids.push(found.id);
      }
      return ids;
    });

const fieldsSchema = z.object(
  {
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(ARTIST_NAME_MAX, `Name must be at most ${ARTIST_NAME_MAX} characters`),
    bio: z
      .string({ error: 'Bio must be text' })
      .trim()
      .max(ARTIST_BIO_MAX, `Bio must be at most ${ARTIST_BIO_MAX} characters`)
      .nullish()
      .transform((text) => text || null),
    genres: tagList('genre', findGenre),
    moods: tagList('mood', findMood),
    voiceType: z.enum(['low', 'high'], { error: 'Voice type must be low or high' }),
    timbre: z.object({ brightness: unit('Brightness', -1), breathiness: unit('Breathiness', 0), vibrato: unit('Vibrato', 0) }, { error: 'Timbre must have brightness, breathiness and vibrato' }),
    instruments: z
      .array(z.enum(INSTRUMENT_IDS, { error: `Instruments are ids: ${INSTRUMENT_IDS.join(', ')}` }))
      .max(ARTIST_INSTRUMENTS_MAX, `At most ${ARTIST_INSTRUMENTS_MAX} instruments`)
      .transform((ids) => [...new Set(ids)]),
    tempoMin: bpm('Lowest tempo'),
    tempoMax: bpm('Highest tempo'),
    isPublic: z.boolean({ error: 'isPublic must be true or false' }),
    portraitSeed: z.number().int('Portrait seed must be a whole number').min(0, 'Portrait seed must be between 0 and 2147483647').max(0x7fffffff, 'Portrait seed must be between 0 and 2147483647'),
  },
  { error: 'Expected an artist' },
);
type ArtistFields = z.infer<typeof fieldsSchema>;

const tempoInOrder = (fields: Pick<ArtistFields, 'tempoMin' | 'tempoMax'>) => fields.tempoMin <= fields.tempoMax;
const TEMPO_ORDER = 'The lowest tempo must not be above the highest';
const createSchema = fieldsSchema.partial().required({ name: true });
const updateSchema = z.object({ id: z.unknown(), input: fieldsSchema.partial() });
const listSchema = z.object({ mine: z.boolean().nullish() });
/** Whose artists a list holds: everyone's the viewer may see, the viewer's own, or only other users'. */
export const ARTIST_OWNERS = ['anyone', 'mine', 'others'] as const;
const listConnectionSchema = connectionArgsSchema.extend({ owner: z.enum(ARTIST_OWNERS, { error: `owner must be one of ${ARTIST_OWNERS.join(', ')}` }).nullish() });

/**
 * AI Artists: personas whose songs share a voice and sound (docs/artists.md). Private artists are
 * NOT_FOUND to everyone but their owner and admins; public ones are read-only to other users.
 */
export class ArtistService {
  constructor(private readonly deps: { storage: MediaStorage; queue: QueueService }) {}

  /** The user's own artists and every public one (admins: all), most recently changed first; `mine` for the user's own only. */
  list(em: EntityManager, user: User, input: unknown): Promise<AiArtist[]> {
    const { mine } = parseInput(listSchema, input ?? {});
    const where = mine ? { user: user.id } : isAdmin(user) ? {} : { $or: [{ user: user.id }, { isPublic: true }] };
    return em.find(AiArtist, where, { orderBy: { updatedAt: 'desc', id: 'desc' }, populate: ['user'], limit: ARTISTS_LIST_MAX });
  }

  /**
   * The same artists as `list` as a cursor connection (`aiArtistsConnection`), most recently changed
   * first; `owner` mine is the list's `mine`, others the artists of other users the viewer may see.
   */
  async listConnection(em: EntityManager, user: User, input: unknown): Promise<Connection<AiArtist>> {
    const { owner, ...args } = parseInput(listConnectionSchema, input ?? {});
    const page = pageRequest(args);
    // Other users' artists the viewer may see: the public ones, or all of them for admins.
    const othersSeen = isAdmin(user) ? 'true' : 'a.is_public';
    const where = owner === 'mine' ? ['a.user_id = ?'] : owner === 'others' ? ['a.user_id <> ?', othersSeen] : [`(a.user_id = ? or ${othersSeen})`];
    const source = { list: 'artists', at: 'a.updated_at', id: 'a.id', idSchema: z.number().int(), from: 'from ai_artists a', where, params: [user.id] };
    return newestFirstConnection<{ id: number }, AiArtist>(em, source, page, {
      columns: 'a.id',
      nodes: async (rows) => {
        const found = new Map((await em.find(AiArtist, { id: { $in: rows.map((row) => row.id) } }, { populate: ['user'] })).map((artist) => [artist.id, artist]));
        return rows.map((row) => found.get(row.id)!);
      },
    });
  }

  /** An artist the user may see; anything else is NOT_FOUND (its existence is not revealed). */
  get(em: EntityManager, user: User, id: unknown): Promise<AiArtist> {
    return findVisibleArtist(em, user, id);
  }

  async create(em: EntityManager, user: User, input: unknown): Promise<AiArtist> {
    const given = parseInput(createSchema, input);
    const genre = given.genres?.[0] ? genreById(given.genres[0]) : null;
    const fields: ArtistFields = {
      bio: null,
      genres: [],
      moods: [],
      voiceType: 'high',
      timbre: DEFAULT_TIMBRE,
      instruments: [],
      tempoMin: genre?.tempo.min ?? DEFAULT_TEMPO.min,
      tempoMax: genre?.tempo.max ?? DEFAULT_TEMPO.max,
      isPublic: false,
      portraitSeed: randomInt(0, 0x80000000),
      ...given,
    };
    if (!tempoInOrder(fields)) throw badInput(TEMPO_ORDER);
    const artist = await em.transactional(async (tx) => {
      await this.lockOwner(tx, user.id);
      if ((await tx.count(AiArtist, { user: user.id })) >= ARTISTS_PER_USER_MAX) {
        throw forbidden(`At most ${ARTISTS_PER_USER_MAX} artists per user: delete one first`);
      }
      await this.assertNameFree(tx, user.id, fields.name, null);
      const created = tx.create(AiArtist, { user: tx.getReference(User, user.id), ...fields });
      await tx.flush();
      return created;
    });
    await this.paintPortrait(em, artist);
    return this.get(em.fork(), user, artist.id);
  }

  async update(em: EntityManager, user: User, input: unknown): Promise<AiArtist> {
    const { id, input: changes } = parseInput(updateSchema, input);
    const existing = await this.editable(em, user, id);
    const before = portraitKey(existing);
    const artist = await em.transactional(async (tx) => {
      await this.lockOwner(tx, existing.user.id);
      const row = await tx.findOneOrFail(AiArtist, { id: existing.id }, { refresh: true, populate: ['user'] });
      const next = { ...pickFields(row), ...changes };
      if (!tempoInOrder(next)) throw badInput(TEMPO_ORDER);
      if (changes.name !== undefined) await this.assertNameFree(tx, row.user.id, changes.name, row.id);
      tx.assign(row, changes);
      return row;
    });
    return portraitKey(artist) === before && artist.portraitUrl ? artist : this.paintPortrait(em, artist, existing.portraitUrl);
  }

  /** Deletes the artist; its songs stay, keeping its name as their artist. */
  async delete(em: EntityManager, user: User, id: unknown): Promise<string> {
    const artist = await this.editable(em, user, id);
    await em.nativeDelete(AiArtist, { id: artist.id });
    await this.removeFiles([artist.portraitUrl, artist.portraitThumbnailUrl]);
    return String(artist.id);
  }

  /** The artist's songs the user may see, newest first. */
  songs(em: EntityManager, user: User, artist: AiArtist): Promise<Song[]> {
    return em.find(Song, { $and: [{ aiArtist: artist.id }, visibleSongs(user)] }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: ARTIST_SONGS_MAX });
  }

  /** All the artist's songs the user may see, newest first, as a cursor connection (`AiArtist.songsConnection`). */
  songsConnection(em: EntityManager, user: User, artist: AiArtist, input: unknown): Promise<Connection<SongView>> {
    return newestSongsConnection(em, user.id, input, { list: 'artist-songs', where: ['s.ai_artist_id = ?', visibleSongsSql('s')], params: [artist.id, ...visibleSongsParams(user)] });
  }

  songCount(em: EntityManager, user: User, artist: AiArtist): Promise<number> {
    return em.count(Song, { $and: [{ aiArtist: artist.id }, visibleSongs(user)] });
  }

  /** Play all: the queue becomes the artist's songs, newest first. */
  async play(em: EntityManager, user: User, input: { id: unknown; shuffle?: boolean | null }): Promise<QueueOutcome> {
    const artist = await this.get(em, user, input.id);
    const songs = await this.songs(em, user, artist);
    if (songs.length === 0) throw notFound(`${artist.name} has no songs yet`);
    const ids = songs.map((song) => song.id);
    const order = input.shuffle ? shuffled(ids) : ids;
    return this.deps.queue.playSongs(em, user, { songIds: order, startIndex: 0 });
  }

  /** An artist the user may change: the owner's, or any for admins; others' public ones are FORBIDDEN, private ones NOT_FOUND. */
  private async editable(em: EntityManager, user: User, id: unknown): Promise<AiArtist> {
    const artist = await this.get(em, user, id);
    if (artist.user.id !== user.id && !isAdmin(user)) throw forbidden('Only the owner can change this artist');
    return artist;
  }

  /** Serialises one owner's artist writes (the per-user limit and unique names hold under concurrent requests). */
  private async lockOwner(tx: EntityManager, userId: number): Promise<void> {
    await tx.getConnection().execute('select id from users where id = ? for update', [userId], 'all', tx.getTransactionContext());
  }

  private async assertNameFree(tx: EntityManager, userId: number, name: string, except: number | null): Promise<void> {
    const same = await tx.getConnection().execute<{ id: number }[]>(
      'select id from ai_artists where user_id = ? and lower(name) = lower(?) and id <> ?',
      [userId, name, except ?? 0],
      'all',
      tx.getTransactionContext(),
    );
    if (same.length > 0) throw new AppError('CONFLICT', `You already have an artist named "${name}"`);
  }

  /**
   * Paints the portrait with the cover painter (the artist's first genre and mood, its portrait
   * seed) under a name that changes with the design, so cached copies never go stale; the old files go.
   */
  private async paintPortrait(em: EntityManager, artist: AiArtist, previous: string | null = null): Promise<AiArtist> {
    const plan = planSong({
      prompt: artist.name,
      genres: artist.genres.slice(0, 1),
      moods: artist.moods.slice(0, 1),
      generateLyrics: false,
      generateAlbumArt: true,
      durationSeconds: 60,
      seed: artist.portraitSeed,
    });
    const cover = await paintCover(plan);
    const stem = `${artist.id}-${portraitKey(artist).toString(36)}`;
    const [full, thumbnail] = [`${PORTRAIT_FOLDER}/${stem}.png`, `${PORTRAIT_FOLDER}/${stem}-256.png`];
    await Promise.all([this.deps.storage.write(full, cover.full), this.deps.storage.write(thumbnail, cover.thumbnail)]);
    const urls = { portraitUrl: mediaUrl(full), portraitThumbnailUrl: mediaUrl(thumbnail) };
    await em.nativeUpdate(AiArtist, { id: artist.id }, urls);
    Object.assign(artist, urls);
    if (previous && previous !== urls.portraitUrl) await this.removeFiles([previous, previous.replace(/\.png$/, '-256.png')]);
    return artist;
  }

  private async removeFiles(urls: (string | null)[]): Promise<void> {
    await this.deps.storage.remove(urls.flatMap((url) => mediaKey(url)?.startsWith(`${PORTRAIT_FOLDER}/`) ? [mediaKey(url)!] : []));
  }
}

/** What the portrait depends on: a new key paints a new one. */
function portraitKey(artist: Pick<AiArtist, 'portraitSeed' | 'genres' | 'moods'>): number {
  return hashSeed(JSON.stringify([artist.portraitSeed, artist.genres[0] ?? null, artist.moods[0] ?? null]));
}

function pickFields(artist: AiArtist): ArtistFields {
  const { name, bio, genres, moods, voiceType, timbre, instruments, tempoMin, tempoMax, isPublic, portraitSeed } = artist;
  return { name, bio, genres, moods, voiceType, timbre, instruments, tempoMin, tempoMax, isPublic, portraitSeed };
}
