import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import { GenreArt } from '../artwork/genre-art.entity.js';
import { AlbumArt } from '../artwork/album-art.entity.js';
import { RadioStation } from '../radio/radio-station.entity.js';
import { planSong } from '../music/plan/understand.js';
import { MOODS } from '../music/plan/catalog.js';
import { paintCover } from '../music/art/index.js';
import type { Logger } from '../app/logger.js';

/** Fixed so every installation paints the same artwork. */
const ART_SEED = 20_26;

async function paint(genre: string | null, mood: string, file: string): Promise<void> {
  if (existsSync(file)) return;
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
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, cover.full);
}

/**
 * First-start artwork, painted by the engine's cover-art generator into MEDIA_DIR: one image per
 * radio genre (genre_art, used by radio cards) and one default cover per mood (album_art, for
 * songs generated without cover art). Idempotent: existing rows and files are kept.
 */
export async function seedArtwork(em: EntityManager, mediaDir: string, logger: Logger, isStopped: () => boolean): Promise<void> {
  const stations = await em.find(RadioStation, {}, { orderBy: { displayOrder: 'asc' } });
  const knownGenres = new Set((await em.find(GenreArt, {})).map((a) => a.genre));
  let painted = 0;
  for (const station of stations) {
    if (isStopped()) return;
    const file = path.join(mediaDir, 'genre-art', `${station.genre}.png`);
    await paint(station.genre, station.mood, file);
    if (!knownGenres.has(station.genre)) {
      em.create(GenreArt, {
        genre: station.genre,
        artUrl: `/media/genre-art/${station.genre}.png`,
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
    const file = path.join(mediaDir, 'album-art', `${mood.id}.png`);
    await paint(null, mood.id, file);
    if (!knownCategories.has(mood.id)) {
      em.create(AlbumArt, { title: `${mood.label} cover`, imagePath: `/media/album-art/${mood.id}.png`, category: mood.id, displayOrder: index + 1 });
      painted += 1;
    }
  }
  await em.flush();
  if (painted) logger.info(`Painted ${painted} genre and album artworks into ${mediaDir}`);
}
