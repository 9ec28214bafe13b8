import type { EntityManager } from '@mikro-orm/postgresql';
import { raw } from '@mikro-orm/core';
import { Song } from '../songs/song.entity.js';
import { chooseSequence, familiarityOf, GOOD_MATCH, scoreSong, type SongFeatures } from '../radio/scoring.js';
import type { RadioTuning } from '../radio/tuning.js';
import { DEFAULT_RADIO_SONG_COUNT, RECENTLY_HEARD_HOURS, repeatSpaced } from './radio-fill.js';
import type { QueueSession } from './queue-store.js';
import { listedSongs } from '../songs/song-access.js';

/** Songs of the station's genres read per top-up (a random sample when the catalogue is larger). */
const CANDIDATE_LIMIT = 2000;

/** A song a station or the DJ may play, with what their scoring reads and how recently the listener heard it. */
export interface SongCandidate extends SongFeatures {
  duration: number | null;
  /** When the listener last heard it (null: never). */
  lastHeardAt: Date | null;
}

interface Candidate extends SongCandidate {
  heardRecently: boolean;
}

/**
 * Keeps a tuned radio (Radio v2) topped up to songCount upcoming songs, chosen by the scoring
 * function and kept mixable with the song before (`chooseSequence`): first good matches not heard
 * in the last hours, then any fresh song of the genres, then recently heard ones, and at last
 * repeats with the spacing rule, so it never runs dry. Records on the session how many more good
 * fresh matches the station would need (the endless radio generates them after the commit).
 */
export async function topUpTunedRadio(tx: EntityManager, session: QueueSession, tuning: RadioTuning): Promise<void> {
  const missing = DEFAULT_RADIO_SONG_COUNT - session.upcoming.length;
  const queued = new Set([...(session.current ? [session.current.id] : []), ...session.upcomingIds()]);
  const heardSince = Date.now() - RECENTLY_HEARD_HOURS * 3600_000;
  const station: Candidate[] = (await songCandidates(tx, session.user.id, tuning.genres)).map((c) => ({ ...c, heardRecently: c.lastHeardAt !== null && c.lastHeardAt.getTime() > heardSince }));
  const candidates = station.filter((c) => !queued.has(c.id));
  const fresh = candidates.filter((c) => !c.heardRecently);
  const good = fresh.filter((c) => scoreSong(c, tuning).total >= GOOD_MATCH);
  let goodLeft = good.length;
  if (missing > 0) {
    const picks: Candidate[] = [];
    const previous = () => picks[picks.length - 1] ?? session.upcoming[session.upcoming.length - 1] ?? session.current;
    for (const tier of [good, fresh, candidates]) {
      const unused = tier.filter((c) => !picks.includes(c));
      picks.push(...chooseSequence(unused, tuning, previous() ?? null, missing - picks.length));
      if (picks.length >= missing) break;
    }
    goodLeft -= picks.filter((p) => good.includes(p)).length;
    let ids = picks.map((p) => p.id);
    if (ids.length < missing) ids = [...ids, ...repeatSpaced(station, [...queued, ...ids], missing - ids.length).map((s) => s.id)];
    const songs = new Map((await tx.find(Song, { id: { $in: ids } })).map((s) => [s.id, s]));
    session.upcoming.push(...ids.flatMap((id) => songs.get(id) ?? []));
  }
  session.radioShortfall = { tuning, songs: Math.max(0, DEFAULT_RADIO_SONG_COUNT - goodLeft) };
}

/**
 * The songs a station may play (the user's own and public ones of `genres`; none = all; also Subsonic's similar songs) with what the
 * scoring reads; a random sample of CANDIDATE_LIMIT when there are more, `include` always among them.
 */
export async function songCandidates(tx: EntityManager, userId: number, genres: readonly string[], include: readonly string[] = []): Promise<SongCandidate[]> {
  const rows = await tx
    .createQueryBuilder(Song, 's')
    .select([
      's.id',
      's.genre',
      's.mood',
      's.bpm',
      's.musical_key',
      's.duration',
      // The energy column is the curve's mean (kept for SQL filters); rows without it fall back to the stored curve.
      raw(`coalesce(s.energy, (select avg(v::float) from jsonb_array_elements_text(case when jsonb_typeof(s.analysis -> 'energyCurve') = 'array' then s.analysis -> 'energyCurve' else '[]'::jsonb end) as e(v))) as curve_energy`),
      raw('(select count(*) from play_history h where h.music_id = s.id and h.user_id = ?) as plays', [userId]),
      raw('exists(select 1 from liked_songs l where l.music_id = s.id and l.user_id = ?) as liked', [userId]),
      raw('(select max(h.played_at) from play_history h where h.music_id = s.id and h.user_id = ?) as last_heard_at', [userId]),
    ])
    .where({
      audioUrl: { $ne: null },
      ...listedSongs({ id: userId }),
      ...(genres.length ? { genre: { $in: genres } } : {}),
    })
    .orderBy({ ...(include.length ? { [raw('s.id = any(?::text[])', [`{${include.map((id) => JSON.stringify(id)).join(',')}}`])]: 'desc' } : {}), [raw('random()')]: 'asc' })
    .limit(CANDIDATE_LIMIT)
    .execute<Array<{ id: string; genre: string | null; mood: string | null; bpm: number | null; musical_key: string | null; curve_energy: number | null; duration: number | null; plays: string | number; liked: boolean; last_heard_at: Date | string | null }>>('all', false);
  return rows.map((row) => ({
    id: row.id,
    genre: row.genre,
    mood: row.mood,
    bpm: row.bpm,
    musicalKey: row.musical_key,
    curveEnergy: row.curve_energy === null ? null : Number(row.curve_energy),
    familiarity: familiarityOf(row.liked, Number(row.plays)),
    duration: row.duration,
    lastHeardAt: row.last_heard_at === null ? null : new Date(row.last_heard_at),
  }));
}
