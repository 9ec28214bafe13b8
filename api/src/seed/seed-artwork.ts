import { setImmediate as nextTurn } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import { GenreArt } from '../artwork/genre-art.entity.js';
import { AlbumArt } from '../artwork/album-art.entity.js';
import { RadioStation } from '../radio/radio-station.entity.js';
import { planSong } from '../music/plan/understand.js';
import { MOODS } from '../music/plan/catalog.js';
import { paintCover } from '../music/art/index.js';
import type { Logger } from '../app/logger.js';
import { mediaUrl, type MediaStorage } from '../storage/media-storage.js';

/** Fixed so every installation paints the same artwork. */
const ART_SEED = 20_26;

async function paint(storage: MediaStorage, genre: string | null, mood: string, key: string): Promise<void> {
  if (await storage.stat(key)) return;
  // Painting is CPU-bound: let waiting requests through between images.
  await nextTurn();
  const plan = planSong({
    prompt: `${genre ?? ''} ${mood} artwork`.trim(),
    genres: genre ? [genre] : [],
    moods: [mood],
    durationSeconds: 180,
    generateLyrics: false,
    generateAlbumArt: true,
    seed: ART_SEED,
  });
  const cover = await paintCover(plan);
  await storage.write(key, cover.full);
}

/**
 * First-start artwork, painted by the engine's cover-art generator into the media storage: one image per
 * radio genre (genre_art, used by radio cards) and one default cover per mood (album_art, for
 * songs generated without cover art). Idempotent: existing rows and files are kept.
 */
export async function seedArtwork(em: EntityManager, storage: MediaStorage, logger: Logger, isStopped: () => boolean): Promise<void> {
  const stations = await em.find(RadioStation, {}, { orderBy: { displayOrder: 'asc' } });
  const knownGenres = new Set((await em.find(GenreArt, {})).map((a) => a.genre));
  let painted = 0;
  for (const station of stations) {
    if (isStopped()) return;
    const key = `genre-art/${station.genre}.png`;
    await paint(storage, station.genre, station.mood, key);
    if (!knownGenres.has(station.genre)) {
      em.create(GenreArt, {
        genre: station.genre,
        artUrl: mediaUrl(key),
        mood: station.mood,
        prompt: `${station.genre} ${station.mood}`,
        generatedAt: new Date(),
      });
      painted += 1;
    }
  }
  const knownCategories = new Set((await em.find(AlbumArt, {})).map((a) => a.category));
  for (const [index, mood] of MOODS.entries()) {
    if (isStopped()) return;
    const key = `album-art/${mood.id}.png`;
    await paint(storage, null, mood.id, key);
    if (!knownCategories.has(mood.id)) {
      em.create(AlbumArt, { title: `${mood.label} cover`, imagePath: mediaUrl(key), category: mood.id, displayOrder: index + 1 });
      painted += 1;
    }
  }
  await em.flush();
  if (painted) logger.info(`Painted ${painted} genre and album artworks into the ${storage.description}`);
}
