import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { parseInput } from '../common/validation.js';
import { shuffled } from '../common/shuffle.js';
import { toSerialId } from '../common/ids.js';
import { badInput, notFound } from '../common/errors.js';
import type { User } from '../users/user.entity.js';
import { Song } from '../songs/song.entity.js';
import { viewSongs } from '../songs/song-views.js';
import { MAX_UPCOMING, type QueueOutcome, type QueueService } from '../library/queue.service.js';
import { SmartPlaylist } from './smart-playlist.entity.js';
import { SmartPlaylistPresetView, SmartPlaylistSongsView, SmartPlaylistView } from './smart-playlist.view.js';
import { parseRules, type SmartRules } from './smart-rules.js';
import { findMatchingSongs } from './smart-query.js';
import { SMART_PLAYLIST_PRESETS } from './smart-presets.js';

export const SMART_PLAYLIST_NAME_MAX = 100;
/** Smart playlists one user may keep. */
export const SMART_PLAYLISTS_MAX = 200;
export const PREVIEW_DEFAULT = 50;
export const PREVIEW_MAX = 500;

const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(SMART_PLAYLIST_NAME_MAX, `Name must be at most ${SMART_PLAYLIST_NAME_MAX} characters`);
const createSchema = z.object({ name: nameSchema, rules: z.unknown().optional() });
const updateSchema = z.object({ id: z.unknown(), name: nameSchema.nullish(), rules: z.unknown().optional() });
const idOnly = z.object({ id: z.unknown() });
const previewSchema = z.object({
  rules: z.unknown().optional(),
  first: z
    .number({ error: 'first must be a whole number' })
    .int('first must be a whole number')
    .min(1, 'first must be at least 1')
    .max(PREVIEW_MAX, `first must be at most ${PREVIEW_MAX}`)
    .nullish(),
});
const playSchema = z.object({ id: z.unknown(), shuffle: z.boolean({ error: 'shuffle must be true or false' }).nullish() });

const toView = (playlist: SmartPlaylist) =>
  Object.assign(new SmartPlaylistView(), { id: String(playlist.id), name: playlist.name, rules: playlist.rules, createdAt: playlist.createdAt, updatedAt: playlist.updatedAt });

/**
 * Smart playlists (docs/smart-playlists.md): rules stored per user and evaluated live, as one SQL
 * query, whenever they are previewed or played. Each belongs to its creator alone.
 */
export class SmartPlaylistService {
  constructor(private readonly queue: QueueService) {}

  presets(): SmartPlaylistPresetView[] {
    return SMART_PLAYLIST_PRESETS.map((preset) => Object.assign(new SmartPlaylistPresetView(), preset));
  }

  async mine(em: EntityManager, user: User): Promise<SmartPlaylistView[]> {
    const playlists = await em.find(SmartPlaylist, { user: user.id }, { orderBy: { updatedAt: 'desc', id: 'desc' } });
    return playlists.map(toView);
  }

  async get(em: EntityManager, user: User, id: unknown): Promise<SmartPlaylistView> {
    return toView(await findOwn(em, user, id));
  }

  async create(em: EntityManager, user: User, input: unknown): Promise<SmartPlaylistView> {
    const { name, rules } = parseInput(createSchema, input);
    const parsed = parseRules(rules);
    if ((await em.count(SmartPlaylist, { user: user.id })) >= SMART_PLAYLISTS_MAX) throw badInput(`You can keep at most ${SMART_PLAYLISTS_MAX} smart playlists`);
    const playlist = em.create(SmartPlaylist, { user: user.id, name, rules: parsed });
    await em.flush();
    return toView(playlist);
  }

  /** Renames and/or replaces the rules (each optional). */
  async update(em: EntityManager, user: User, input: unknown): Promise<SmartPlaylistView> {
    const { id, name, rules } = parseInput(updateSchema, input);
    const playlist = await findOwn(em, user, id);
    if (name) playlist.name = name;
    if (rules !== undefined && rules !== null) playlist.rules = parseRules(rules);
    await em.flush();
    return toView(playlist);
  }

  async delete(em: EntityManager, user: User, input: unknown): Promise<string> {
    const playlist = await findOwn(em, user, parseInput(idOnly, input).id);
    await em.remove(playlist).flush();
    return String(playlist.id);
  }

  /** The songs some rules give (the editor's live preview, or a saved playlist's songs): the count and the first `first`. */
  async preview(em: EntityManager, user: User, input: unknown): Promise<SmartPlaylistSongsView> {
    const { rules, first } = parseInput(previewSchema, input);
    const { ids, count } = await this.match(em, user, parseRules(rules), first ?? PREVIEW_DEFAULT);
    return Object.assign(new SmartPlaylistSongsView(), { count, songs: await viewSongs(em, user, await songsInOrder(em, ids)) });
  }

  /** Replaces the queue with the saved playlist's songs as they are now (shuffled on request). */
  async play(em: EntityManager, user: User, input: unknown): Promise<QueueOutcome> {
    const { id, shuffle } = parseInput(playSchema, input);
    const playlist = await findOwn(em, user, id);
    // The queue keeps the song playing now and MAX_UPCOMING after it.
    const { ids } = await this.match(em, user, playlist.rules, MAX_UPCOMING + 1);
    if (ids.length === 0) throw badInput('No songs match this smart playlist');
    const songIds = shuffle ? shuffled(ids) : ids;
    return this.queue.playSongs(em, user, { songIds, startIndex: 0 });
  }

  private match(em: EntityManager, user: User, rules: SmartRules, take: number) {
    return findMatchingSongs(em, rules, { userId: user.id, now: new Date() }, take);
  }
}

async function findOwn(em: EntityManager, user: User, rawId: unknown): Promise<SmartPlaylist> {
  const playlist = await em.findOne(SmartPlaylist, { id: toSerialId(rawId, 'Smart playlist not found'), user: user.id });
  if (!playlist) throw notFound('Smart playlist not found');
  return playlist;
}

async function songsInOrder(em: EntityManager, ids: readonly string[]): Promise<Song[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await em.find(Song, { id: { $in: [...ids] } })).map((song) => [song.id, song]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

