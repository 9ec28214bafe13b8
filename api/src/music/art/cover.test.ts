import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { GENRES, MOODS } from '../plan/catalog.js';
import type { SongPlan } from '../types.js';
import { COVER_SIZE, THUMBNAIL_SIZE, designCover, paintCover } from './cover.js';
import { GENERATORS, STYLE_FAMILIES, styleFamily, type GeneratorId } from './styles.js';

const GENRE_IDS = GENRES.map((genre) => genre.id);
const MOOD_IDS = MOODS.map((mood) => mood.id);

function planFor(genre: string, mood: string, seed: number): SongPlan {
  return {
    genre,
    genres: [genre],
    mood,
    moods: [mood],
    bpm: 120,
    key: { tonic: 'A', mode: 'minor' },
    instruments: ['piano', 'finger-bass'],
    themes: ['night'],
    title: 'Test Cover',
    durationSeconds: 60,
    seed,
    withLyrics: false,
    withCoverArt: true,
    userLyrics: null,
    brightness: 0.5,
    density: 0.5,
    colour: { imagery: [], space: 0, texture: 0 },
    summary: '',
  };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngSize(png: Uint8Array): { width: number; height: number } {
  expect(Array.from(png.subarray(0, 8))).toEqual(PNG_SIGNATURE);
  // The first chunk must be IHDR; width and height are its first two big-endian uint32s.
  expect(new TextDecoder().decode(png.subarray(12, 16))).toBe('IHDR');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** Rasterises an SVG small and returns RGBA pixels, for looking at what was drawn. */
function pixels(svg: string, width = 96): Uint8Array {
  return new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false } }).render().pixels;
}

function meanLuminance(rgba: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < rgba.length; i += 4) sum += 0.2126 * rgba[i] + 0.7152 * rgba[i + 1] + 0.0722 * rgba[i + 2];
  return sum / (rgba.length / 4) / 255;
}

function distinctColours(rgba: Uint8Array): number {
  const seen = new Set<number>();
  // Quantise to 4 bits per channel so anti-aliasing does not inflate the count.
  for (let i = 0; i < rgba.length; i += 4) seen.add(((rgba[i] >> 4) << 8) | ((rgba[i + 1] >> 4) << 4) | (rgba[i + 2] >> 4));
  return seen.size;
}

describe('paintCover', () => {
  it('renders a 1024 px PNG and a 256 px thumbnail', async () => {
    const art = await paintCover(planFor('lo-fi', 'chill', 42));
    expect(pngSize(art.full)).toEqual({ width: COVER_SIZE, height: COVER_SIZE });
    expect(pngSize(art.thumbnail)).toEqual({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE });
    expect(art.svg.startsWith('<svg')).toBe(true);
  });

  it('is deterministic: the same plan gives identical bytes', async () => {
    const plan = planFor('synthwave', 'energetic', 7);
    const [a, b] = [await paintCover(plan), await paintCover({ ...plan })];
    expect(Buffer.from(a.full).equals(Buffer.from(b.full))).toBe(true);
    expect(Buffer.from(a.thumbnail).equals(Buffer.from(b.thumbnail))).toBe(true);
    expect(a.svg).toBe(b.svg);
  });

  it('gives different images for different seeds, genres and moods', async () => {
    const base = await paintCover(planFor('house', 'happy', 1));
    const otherSeed = await paintCover(planFor('house', 'happy', 2));
    const otherGenre = await paintCover(planFor('techno', 'happy', 1));
    const otherMood = await paintCover(planFor('house', 'dark', 1));
    for (const other of [otherSeed, otherGenre, otherMood]) {
      expect(Buffer.from(other.thumbnail).equals(Buffer.from(base.thumbnail))).toBe(false);
    }
  });
});

describe('designCover', () => {
  it('has a style family for every catalogue genre', () => {
    expect(GENRE_IDS).toHaveLength(19);
    for (const genre of GENRE_IDS) expect(STYLE_FAMILIES[genre], genre).toBeDefined();
  });

  it('renders every genre x four moods to a non-blank, multi-colour picture from the genre family', () => {
    for (const [genreIndex, genre] of GENRE_IDS.entries()) {
      const family = styleFamily(genre).map(([id]) => id);
      // Four moods per genre, rotating so that together the genres cover all twelve moods.
      const moods = [0, 3, 6, 9].map((offset) => MOOD_IDS[(genreIndex + offset) % MOOD_IDS.length]);
      for (const [index, mood] of moods.entries()) {
        const design = designCover(planFor(genre, mood, 1000 + index));
        expect(family).toContain(design.generator);
        const rgba = pixels(design.svg, 48);
        expect(distinctColours(rgba), `${genre}/${mood} (${design.generator})`).toBeGreaterThan(8);
      }
    }
  });

  it('every generator draws a picture with structure (many colours)', () => {
    const found = new Map<GeneratorId, string>();
    for (let seed = 1; found.size < Object.keys(GENERATORS).length && seed < 2000; seed++) {
      const genre = GENRE_IDS[seed % GENRE_IDS.length];
      const design = designCover(planFor(genre, MOOD_IDS[seed % MOOD_IDS.length], seed));
      if (!found.has(design.generator)) found.set(design.generator, design.svg);
    }
    expect([...found.keys()].sort()).toEqual(Object.keys(GENERATORS).sort());
    for (const [id, svg] of found) expect(distinctColours(pixels(svg)), id).toBeGreaterThan(20);
  });

  it('varies the generator by seed within a genre family', () => {
    const used = new Set<GeneratorId>();
    for (let seed = 1; seed <= 60; seed++) used.add(designCover(planFor('pop', 'happy', seed)).generator);
    expect(used.size).toBeGreaterThanOrEqual(3);
  });

  it('dark moods paint darker covers than bright moods', () => {
    const average = (mood: string) => {
      let sum = 0;
      for (let seed = 1; seed <= 12; seed++) sum += meanLuminance(pixels(designCover(planFor(GENRE_IDS[seed], mood, seed)).svg, 48));
      return sum / 12;
    };
    expect(average('dark')).toBeLessThan(average('happy') - 0.15);
    expect(average('mysterious')).toBeLessThan(average('peaceful') - 0.15);
  });
});
