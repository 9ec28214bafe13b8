import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { seedDatabase } from './seed.js';
import { seedArtwork } from './seed-artwork.js';
import { RadioStation } from '../radio/radio-station.entity.js';
import { GenreArt } from '../artwork/genre-art.entity.js';
import { AlbumArt } from '../artwork/album-art.entity.js';
import { createLogger } from '../app/logger.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { LocalMediaStorage } from '../storage/local-storage.js';

describe('first-start seed', () => {
  let db: TestDatabase;
  let mediaDir: string;
  const logger = createLogger('silent');
  beforeAll(async () => {
    db = await createTestDatabase('embedded');
    mediaDir = mkdtempSync(path.join(tmpdir(), 'songforge-seed-'));
  });
  afterAll(async () => {
    await db.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('creates radio stations once, with songCount 3 and display order, keeping admin edits', async () => {
    await seedDatabase(db.orm.em.fork(), logger);
    const stations = await db.orm.em.fork().find(RadioStation, {}, { orderBy: { displayOrder: 'asc' } });
    expect(stations.length).toBeGreaterThanOrEqual(12);
    expect(new Set(stations.map((s) => s.genre)).size).toBe(stations.length);
    expect(stations.every((s) => s.songCount === 3 && s.isActive && s.mood)).toBe(true);
    expect(stations.map((s) => s.displayOrder)).toEqual(stations.map((_, i) => i + 1));

    await db.orm.em.fork().nativeUpdate(RadioStation, { genre: 'jazz' }, { songCount: 7 });
    await seedDatabase(db.orm.em.fork(), logger);
    const again = await db.orm.em.fork().find(RadioStation, {});
    expect(again).toHaveLength(stations.length);
    expect(again.find((s) => s.genre === 'jazz')?.songCount).toBe(7);
  });

  it('paints genre art and album art as real PNG files, idempotently', async () => {
    await seedArtwork(db.orm.em.fork(), new LocalMediaStorage(mediaDir), logger, () => false);
    const genreArt = await db.orm.em.fork().find(GenreArt, {});
    const albumArt = await db.orm.em.fork().find(AlbumArt, {});
    expect(genreArt.length).toBe(await db.orm.em.fork().count(RadioStation, {}));
    expect(albumArt.length).toBeGreaterThanOrEqual(12);
    for (const art of [...genreArt.map((a) => a.artUrl!), ...albumArt.map((a) => a.imagePath)]) {
      const bytes = readFileSync(path.join(mediaDir, art.replace(/^\/media\//, '')));
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    }
    expect(genreArt.every((a) => a.style === 'modern')).toBe(true);
    await seedArtwork(db.orm.em.fork(), new LocalMediaStorage(mediaDir), logger, () => false);
    expect(await db.orm.em.fork().count(GenreArt, {})).toBe(genreArt.length);
    expect(await db.orm.em.fork().count(AlbumArt, {})).toBe(albumArt.length);
  });
});
