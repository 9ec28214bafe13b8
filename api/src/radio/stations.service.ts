import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode, raw } from '@mikro-orm/core';
import { z } from 'zod';
import { AppError, badInput, notFound } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import { GenreArt } from '../artwork/genre-art.entity.js';
import { Song } from '../songs/song.entity.js';
import { recordAdminAction, requireAdmin } from '../admin/admin-access.js';
import { GENRES, MOODS } from '../music/plan/catalog.js';
import type { User } from '../users/user.entity.js';
import { RadioStation } from './radio-station.entity.js';
import { listedSongs } from '../songs/song-access.js';
import { curatedCountsByGenre } from '../production/curated-songs.js';
import { radioSongsInMakingByGenre } from './radio-generation.js';

export const MAX_STATION_SONG_COUNT = 20;

export interface StationListing {
  station: RadioStation;
  artUrl: string | null;
  songsAvailable: number;
  /** The asker's new songs for the station being generated (the endless radio). */
  songsInMaking: number;
}

const listSchema = z.object({ includeInactive: z.boolean().nullish() });
const idSchema = z.coerce.number({ error: 'Invalid station id' }).int('Invalid station id').positive('Invalid station id');
const GENRE_IDS = new Set(GENRES.map((g) => g.id));
const MOOD_IDS = MOODS.map((m) => m.id) as [string, ...string[]];
const moodSchema = z.enum(MOOD_IDS, { error: `Mood must be one of ${MOOD_IDS.join(', ')}` });
const editSchema = z.object({
  mood: moodSchema.nullish(),
  isActive: z.boolean({ error: 'isActive must be true or false' }).nullish(),
  displayOrder: z.number({ error: 'displayOrder must be a whole number' }).int('displayOrder must be a whole number').min(1, 'displayOrder starts at 1').nullish(),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').nullish(),
  songCount: z
    .number({ error: 'songCount must be a whole number' })
    .int('songCount must be a whole number')
    .min(1, `songCount must be between 1 and ${MAX_STATION_SONG_COUNT}`)
    .max(MAX_STATION_SONG_COUNT, `songCount must be between 1 and ${MAX_STATION_SONG_COUNT}`)
    .nullish(),
});
const createSchema = editSchema.extend({
  genre: z.string({ error: 'Genre is required' }).trim().toLowerCase().min(1, 'Genre is required').max(100, 'Genre must be at most 100 characters'),
  mood: moodSchema,
});
/** The station fields the audit log records before and after an edit. */
const audited = (s: RadioStation) => ({ genre: s.genre, mood: s.mood, description: s.description, songCount: s.songCount, isActive: s.isActive, displayOrder: s.displayOrder });

/** The radio line-up (SPEC 3 radio_stations): listeners see the active stations; admins edit them. */
export class RadioStationsService {
  /** Active stations in display order; with includeInactive (admins only) every station. */
  async list(em: EntityManager, user: User, input: unknown): Promise<StationListing[]> {
    const { includeInactive } = parseInput(listSchema, input ?? {});
    if (includeInactive) requireAdmin(user);
    const stations = await em.find(RadioStation, includeInactive ? {} : { isActive: true }, { orderBy: { displayOrder: 'asc', id: 'asc' } });
    const genres = stations.map((s) => s.genre);
    const art = new Map((await em.find(GenreArt, { genre: { $in: genres } })).map((a) => [a.genre, a.artUrl]));
    const counts = await em
      .createQueryBuilder(Song, 's')
      .select(['s.genre', raw('count(*) as songs')])
      .where({ genre: { $in: genres }, ...listedSongs(user) })
      .groupBy('s.genre')
      .execute<Array<{ genre: string; songs: string }>>('all', false);
    // A genre with published songs plays only those (docs/admin.md): it offers that many.
    const available = new Map([...counts.map((row) => [row.genre, Number(row.songs)] as const), ...(await curatedCountsByGenre(em, genres, user.id))]);
    const inMaking = await radioSongsInMakingByGenre(em, user.id);
    return stations.map((station) => ({
      station,
      artUrl: art.get(station.genre) ?? null,
      songsAvailable: available.get(station.genre) ?? 0,
      songsInMaking: inMaking.get(station.genre) ?? 0,
    }));
  }

  /**
   * An admin's edit of one station. A new displayOrder renumbers the whole line-up 1..n in the same
   * transaction (the station lands at that place), so orders never collide.
   */
  async update(em: EntityManager, user: User, id: unknown, input: unknown): Promise<RadioStation> {
    const admin = requireAdmin(user);
    const stationId = parseInput(idSchema, id);
    const edit = parseInput(editSchema, input ?? {});
    return em.transactional(async (tx) => {
      const lineUp = await tx.find(RadioStation, {}, { orderBy: { displayOrder: 'asc', id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE });
      const station = lineUp.find((s) => s.id === stationId);
      if (!station) throw notFound('Station not found');
      const before = audited(station);
      if (edit.mood != null) station.mood = edit.mood;
      if (edit.isActive != null) station.isActive = edit.isActive;
      if (edit.songCount != null) station.songCount = edit.songCount;
      if (edit.description !== undefined) station.description = edit.description || null;
      if (edit.displayOrder != null) {
        const others = lineUp.filter((s) => s !== station);
        others.splice(Math.min(edit.displayOrder, lineUp.length) - 1, 0, station);
        others.forEach((s, index) => (s.displayOrder = index + 1));
      }
      recordAdminAction(tx, admin, { action: 'radio.update', targetType: 'radio_station', targetId: station.id, before, after: audited(station) });
      return station;
    });
  }

  /**
   * An admin adds a station for a genre that has none: one of the engine's, or a genre songs of the
   * catalogue have (imported music); it lands at the end of the line-up (or at displayOrder).
   */
  async create(em: EntityManager, user: User, input: unknown): Promise<RadioStation> {
    const admin = requireAdmin(user);
    const fields = parseInput(createSchema, input ?? {});
    if (!GENRE_IDS.has(fields.genre) && (await em.count(Song, { genre: fields.genre })) === 0) {
      throw badInput(`No song has the genre ${fields.genre}: a station needs one of the engine's genres or a genre of the catalogue`);
    }
    const station = await em.transactional(async (tx) => {
      const lineUp = await tx.find(RadioStation, {}, { orderBy: { displayOrder: 'asc', id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE });
      if (lineUp.some((s) => s.genre === fields.genre)) throw new AppError('CONFLICT', `There is already a ${fields.genre} station`);
      const created = tx.create(RadioStation, {
        genre: fields.genre,
        mood: fields.mood,
        description: fields.description || null,
        songCount: fields.songCount ?? 3,
        isActive: fields.isActive ?? true,
      });
      const ordered = [...lineUp];
      ordered.splice(Math.min(fields.displayOrder ?? lineUp.length + 1, lineUp.length + 1) - 1, 0, created);
      ordered.forEach((s, index) => (s.displayOrder = index + 1));
      await tx.flush();
      recordAdminAction(tx, admin, { action: 'radio.create', targetType: 'radio_station', targetId: created.id, after: audited(created) });
      return created;
    });
    return station;
  }
}
