import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../app/logger.js';
import { Song } from '../songs/song.entity.js';
import { User } from '../users/user.entity.js';
import { GenerationRequest } from '../generation/generation-request.entity.js';
import type { GenerationQueue } from '../generation/queue.js';
import type { SongRequest } from '../music/types.js';
import { RADIO_LINEUP } from '../radio/stations.js';

/** Owner of the demo songs. The space keeps it apart from every name registration accepts. */
export const DEMO_USERNAME = 'Songforge Radio';
export const DEMO_SONG_SECONDS = 60;
/** Below users' own requests (0), so a new user's first song does not wait for the catalogue. */
export const DEMO_PRIORITY = -1;
/** Genres whose demo song is sung; the others are instrumentals. */
const SUNG_GENRES = new Set(['pop', 'rock', 'hip-hop', 'r-and-b', 'country', 'blues', 'reggae', 'funk']);
/** pg_advisory_xact_lock key: processes starting together queue the catalogue once. */
const DEMO_LOCK_KEY = 0x50_4e_47_46;

/**
 * First start of an empty installation (no songs, no generation requests): queues one song per
 * radio genre through the normal generation queue, so they are durable, resumable and show
 * their progress in the log. Later starts find songs or requests and do nothing.
 */
export async function queueDemoCatalogue(em: EntityManager, queue: GenerationQueue, logger: Logger): Promise<number> {
  const queued = await em.transactional(async (tx) => {
    await tx.getConnection().execute('select pg_advisory_xact_lock(?)', [DEMO_LOCK_KEY], 'all', tx.getTransactionContext());
    if ((await tx.count(Song, {})) > 0 || (await tx.count(GenerationRequest, {})) > 0) return [];
    const owner = (await tx.findOne(User, { username: DEMO_USERNAME })) ?? tx.create(User, { username: DEMO_USERNAME, password: null, isSystem: true });
    return RADIO_LINEUP.map((station, index) => {
      const request: SongRequest = {
        prompt: `${station.mood} ${station.genre}: ${station.description}`,
        title: null,
        genres: [station.genre],
        moods: [station.mood],
        lyrics: null,
        generateLyrics: SUNG_GENRES.has(station.genre),
        generateAlbumArt: true,
        durationSeconds: DEMO_SONG_SECONDS,
        // Fixed seeds: every installation starts with the same catalogue.
        seed: 1000 + index,
      };
      return tx.create(GenerationRequest, {
        user: owner,
        prompt: request.prompt,
        genres: request.genres,
        moods: request.moods,
        settings: { ...request } as Record<string, unknown>,
        intermediateData: null,
        priority: DEMO_PRIORITY,
      });
    });
  });
  for (const request of queued) await queue.enqueue(request.id, { priority: DEMO_PRIORITY });
  if (queued.length) logger.info(`Demo catalogue: generating ${queued.length} songs (one per radio genre, ${DEMO_SONG_SECONDS} s each) in the background`);
  return queued.length;
}
