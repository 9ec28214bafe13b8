import type { EntityManager } from '@mikro-orm/postgresql';
import { raw } from '@mikro-orm/core';
import { Song } from '../songs/song.entity.js';
import { RadioStation } from '../radio/radio-station.entity.js';
import { PlayHistory } from './play-history.entity.js';
import type { QueueSession } from './queue-store.js';
import { listedSongs } from '../songs/song-access.js';
import { MOOD_ENERGY } from '../radio/scoring.js';
import { DEFAULT_TUNING, KNOWN_GENRES, KNOWN_MOODS, type RadioTuning } from '../radio/tuning.js';
import { effectivePermissions } from '../users/permissions.js';
import { curatedSongIds } from '../production/curated-songs.js';

/** SPEC 9: radio songCount defaults to 3 (used when the genre has no station row). */
export const DEFAULT_RADIO_SONG_COUNT = 3;
/** Songs played this recently are picked only when the genre has nothing else left. */
const RECENTLY_PLAYED_WINDOW = 20;
/** A song heard this recently is not 'fresh' for a station (docs/radio.md): below songCount fresh ones, the endless radio generates. */
export const RECENTLY_HEARD_HOURS = 3;
/** Songs of a genre read at most when it has too few to fill the station without repeats. */
const REPEAT_CANDIDATES_LIMIT = 500;

/**
 * Keeps a genre radio topped up: while `radioGenre` is set, the upcoming queue holds the
 * station's songCount songs, random songs of that genre the listener may play (public ones and
 * their own; only the published ones when the genre has any, docs/admin.md) not already queued,
 * preferring ones the user has not heard lately. A genre with too few songs repeats them (see
 * `repeatSpaced`), so a radio always has a next song. For a listener who may generate, records how
 * many fresh songs (not heard in RECENTLY_HEARD_HOURS) a station that is not curated lacks: the
 * endless radio makes them in the station's genre and mood after the commit (a curated station plays
 * published songs only, which new songs are not).
 */
export async function topUpRadio(tx: EntityManager, session: QueueSession): Promise<void> {
  const genre = session.head.radioGenre;
  if (!genre) return;
  const station = await tx.findOne(RadioStation, { genre });
  const missing = (station?.songCount ?? DEFAULT_RADIO_SONG_COUNT) - session.upcoming.length;
  if (missing <= 0) return;
  const queued = new Set([...(session.current ? [session.current.id] : []), ...session.upcomingIds()]);
  const recent = await tx.find(PlayHistory, { user: session.user.id }, { orderBy: { id: 'desc' }, limit: RECENTLY_PLAYED_WINDOW, fields: ['music'] });
  const source = { genre, listener: session.user.id, curated: await curatedSongIds(tx, genre, session.user.id) };
  const fresh = await pickRandom(tx, source, new Set([...queued, ...recent.map((r) => r.music.id)]), missing);
  const picks = fresh.length < missing ? [...fresh, ...(await pickRandom(tx, source, new Set([...queued, ...fresh.map((s) => s.id)]), missing - fresh.length))] : fresh;
  session.upcoming.push(...picks);
  if (picks.length < missing) {
    const stationSongs = await pickRandom(tx, source, new Set(), REPEAT_CANDIDATES_LIMIT);
    session.upcoming.push(...repeatSpaced(stationSongs, [...(session.current ? [session.current.id] : []), ...session.upcomingIds()], missing - picks.length));
  }
  if (source.curated === null && effectivePermissions(session.user).canGenerateMusic && KNOWN_GENRES.includes(genre)) {
    const songCount = station?.songCount ?? DEFAULT_RADIO_SONG_COUNT;
    const fresh = await freshSongCount(tx, genre, source.listener, [...(session.current ? [session.current.id] : []), ...session.upcomingIds()]);
    const mood = station?.mood ?? session.current?.mood ?? null;
    session.radioShortfall = { tuning: stationTuning(genre, mood), songs: Math.max(0, songCount - fresh) };
  }
}

/** A genre station as Radio v2's dials, for the songs the endless radio makes for it: its genre, and its mood when the engine knows it. */
function stationTuning(genre: string, mood: string | null): RadioTuning {
  const known = mood !== null && KNOWN_MOODS.includes(mood);
  return { ...DEFAULT_TUNING, genres: [genre], moods: known ? [mood] : [], energy: known ? MOOD_ENERGY[mood] : DEFAULT_TUNING.energy };
}

/** Songs of the genre with audio that the listener may play, has not queued and has not heard in the last RECENTLY_HEARD_HOURS. */
function freshSongCount(tx: EntityManager, genre: string, listenerId: number, queued: readonly string[]): Promise<number> {
  return tx
    .createQueryBuilder(Song, 's')
    .where({ genre, audioUrl: { $ne: null }, ...listedSongs({ id: listenerId }), ...(queued.length ? { id: { $nin: [...queued] } } : {}) })
    .andWhere('not exists (select 1 from play_history h where h.music_id = s.id and h.user_id = ? and h.played_at > ?::timestamptz)', [listenerId, new Date(Date.now() - RECENTLY_HEARD_HOURS * 3600_000).toISOString()])
    .getCount();
}

/**
 * Spacing rule for repeats: each slot takes the station song whose last place in `sequence`
 * (current song, then upcoming) lies furthest back, songs not in it first. A song therefore comes
 * back only after every other song of the station has had its turn, and follows itself only when
 * it is the station's one song.
 */
export function repeatSpaced<T extends { id: string }>(station: readonly T[], sequence: readonly string[], count: number): T[] {
  if (station.length === 0) return [];
  const lastPlace = new Map<string, number>();
  sequence.forEach((id, place) => lastPlace.set(id, place));
  const picks: T[] = [];
  for (let place = sequence.length; picks.length < count; place += 1) {
    let best = station[0];
    for (const song of station) if ((lastPlace.get(song.id) ?? -1) < (lastPlace.get(best.id) ?? -1)) best = song;
    picks.push(best);
    lastPlace.set(best.id, place);
  }
  return picks;
}

interface StationSource {
  genre: string;
  listener: number;
  /** The genre's published songs (docs/admin.md), or null: the genre plays every listed song. */
  curated: string[] | null;
}

/** Songs of the station the listener may play (public ones and their own), in random order. */
function pickRandom(tx: EntityManager, station: StationSource, exclude: ReadonlySet<string>, limit: number): Promise<Song[]> {
  const ids = { ...(station.curated ? { $in: station.curated } : {}), ...(exclude.size ? { $nin: [...exclude] } : {}) };
  return tx.find(
    Song,
    { genre: station.genre, ...listedSongs({ id: station.listener }), ...(Object.keys(ids).length ? { id: ids } : {}) },
    { orderBy: { [raw('random()')]: 'asc' }, limit },
  );
}
