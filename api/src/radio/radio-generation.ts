/**
 * The endless radio (docs/radio.md): when a tuned station runs short of good songs the listener has
 * not heard lately, it asks the engine for new ones, as durable generation requests at background
 * priority that show in the user's Generation Queue. They count against the monthly limit like the
 * user's own requests, but the last generation of the month stays free for the AI Studio.
 */
import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../common/errors.js';
import type { GenerationService } from '../generation/generation.service.js';
import { GenerationRequest } from '../generation/generation-request.entity.js';
import { ACTIVE_STATUSES } from '../generation/stages.js';
import { BACKGROUND_PRIORITY } from '../generation/queue.js';
import { effectivePermissions } from '../users/permissions.js';
import type { User } from '../users/user.entity.js';
import { MOOD_ENERGY } from './scoring.js';
import { KNOWN_GENRES, type RadioTuning } from './tuning.js';

/** A station's songs being made at once, per user: enough to stay ahead, few enough to leave the engine to others. */
export const MAX_RADIO_GENERATIONS_IN_PROGRESS = 2;
/** Generations of the monthly limit the radio leaves to the user's own requests. */
export const RADIO_QUOTA_RESERVE = 1;
/** Radio songs are shorter than the Studio's default, so a station catches up sooner. */
export const RADIO_SONG_SECONDS = 120;

export interface RadioSongsOutcome {
  requested: number;
  inProgress: number;
  note: string | null;
}

export class RadioGeneration {
  constructor(private readonly generation: GenerationService) {}

  async requestSongs(em: EntityManager, user: User, tuning: RadioTuning, wanted: number): Promise<RadioSongsOutcome> {
    if (!effectivePermissions(user).canGenerateMusic) return { requested: 0, inProgress: 0, note: 'Catalogue-only radio: your account cannot generate music.' };
    // Background requests of a user's are the radio's (the demo catalogue belongs to a system account).
    const inProgress = await em.count(GenerationRequest, { user: user.id, priority: BACKGROUND_PRIORITY, status: { $in: [...ACTIVE_STATUSES] } });
    let requested = 0;
    let limitReached = false;
    while (requested < Math.min(wanted, MAX_RADIO_GENERATIONS_IN_PROGRESS - inProgress)) {
      try {
        await this.generation.generateInBackground(em, user, songRequestFor(tuning, user), RADIO_QUOTA_RESERVE);
        requested += 1;
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'FORBIDDEN')) throw error;
        limitReached = true;
        break;
      }
    }
    const making = inProgress + requested;
    if (making > 0) return { requested, inProgress: making, note: `${making === 1 ? 'A new song is' : `${making} new songs are`} being generated for this station (radio songs count against your monthly limit).` };
    if (limitReached) return { requested, inProgress: 0, note: "Catalogue-only radio for now: this month's generations are used up (the last one is kept for the AI Studio)." };
    return { requested, inProgress: 0, note: null };
  }
}

/** The listener's radio songs being made, by genre (a station card says so while its new songs are on the way). */
export async function radioSongsInMakingByGenre(em: EntityManager, userId: number): Promise<Map<string, number>> {
  const rows = await em.execute<Array<{ genre: string; songs: string }>>(
    `select g.genre, count(*) as songs from "generation_requests" r cross join jsonb_array_elements_text(r."genres"::jsonb) g(genre)
      where r."user_id" = ? and r."priority" = ? and r."status" in (${ACTIVE_STATUSES.map(() => '?').join(', ')}) group by g.genre`,
    [userId, BACKGROUND_PRIORITY, ...ACTIVE_STATUSES],
  );
  return new Map(rows.map((row) => [row.genre, Number(row.songs)]));
}

/** A song for the dials: one of its genres and moods (the mood nearest the target energy when none is chosen), mid-range tempo. */
export function songRequestFor(tuning: RadioTuning, user: Pick<User, 'generateAlbumArt'>) {
  const pick = <T>(list: readonly T[]) => list[randomInt(0, list.length)];
  const genre = pick(tuning.genres.length ? tuning.genres : KNOWN_GENRES);
  const mood = tuning.moods.length
    ? pick(tuning.moods)
    : Object.entries(MOOD_ENERGY).reduce((best, entry) => (Math.abs(entry[1] - tuning.energy) < Math.abs(best[1] - tuning.energy) ? entry : best))[0];
  const bpm = Math.round((tuning.tempoMin + tuning.tempoMax) / 2);
  return {
    prompt: `${mood} ${genre} for the radio, ${bpm} bpm`,
    genres: [genre],
    moods: [mood],
    durationSeconds: RADIO_SONG_SECONDS,
    generateLyrics: false,
    generateAlbumArt: user.generateAlbumArt,
  };
}
