/**
 * Issue 18's sound figures on a small set (npm run bench:quality measures the full 57 songs):
 * rendered through the public provider, decoded from the MP3 and measured independently.
 * Thresholds sit a little below the bench's targets.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createMusicProvider } from '../index.js';
import type { GeneratedSong, SectionKind } from '../types.js';
import { integratedLoudness, loudnessRange, truePeak } from './loudness.js';
import { stereoCorrelation, tonalBalance } from './mix-balance.js';
import { decodeMp3, type DecodedMp3 } from './mp3-decode.js';
import { distance, standardise, timbreFeatures } from './timbre-features.js';

const engine = createMusicProvider();

interface Measured {
  song: GeneratedSong;
  decoded: DecodedMp3;
}

async function generate(prompt: string, genre: string, mood: string, durationSeconds: number, seed = 3): Promise<Measured> {
  const song = await engine.generate({ prompt, genres: [genre], moods: [mood], generateLyrics: false, generateAlbumArt: false, durationSeconds, seed });
  return { song, decoded: await decodeMp3(song.mp3) };
}

function sectionLufs({ song, decoded }: Measured, kind: SectionKind): number[] {
  return song.composition.sections
    .filter((s) => s.kind === kind)
    .map((s) => integratedLoudness(decoded.channels.map((ch) => ch.subarray(Math.floor(s.start * decoded.sampleRate), Math.floor(s.end * decoded.sampleRate))), decoded.sampleRate));
}

const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;

let pop: Measured;
let house: Measured;
let prompts: Measured[];

describe('mix and arrangement (decoded MP3, independent analyser)', () => {
  beforeAll(async () => {
    pop = await generate('an energetic pop song', 'pop', 'energetic', 120);
    house = await generate('an energetic house track', 'house', 'energetic', 150);
    prompts = [];
    for (const prompt of ['rain on the window', 'neon city lights', 'ocean waves at dawn']) prompts.push(await generate(prompt, 'pop', 'chill', 40, 5));
  }, 600_000);

  it('lifts the chorus over the verse and gives pop a loudness range of 4 LU or more', () => {
    expect(mean(sectionLufs(pop, 'chorus')) - mean(sectionLufs(pop, 'verse'))).toBeGreaterThanOrEqual(1.5);
    expect(loudnessRange(pop.decoded.channels, pop.decoded.sampleRate)).toBeGreaterThanOrEqual(4);
  });

  it('drops the house breakdown well under the drop', () => {
    expect(mean(sectionLufs(house, 'drop')) - Math.max(...sectionLufs(house, 'breakdown'))).toBeGreaterThanOrEqual(5.5);
  });

  it('balances the spectrum like a produced mix and spreads it across the stereo field', () => {
    for (const { decoded } of [pop, house]) {
      const { slopeDbPerOctave } = tonalBalance(decoded);
      expect(slopeDbPerOctave).toBeGreaterThanOrEqual(0.8);
      expect(slopeDbPerOctave).toBeLessThanOrEqual(3.3);
      const correlation = stereoCorrelation(decoded);
      expect(correlation).toBeGreaterThanOrEqual(0.45);
      expect(correlation).toBeLessThanOrEqual(0.88);
    }
  });

  it('keeps the decoded true peak at or below -1 dBTP', () => {
    for (const { decoded } of [pop, house, ...prompts]) expect(truePeak(decoded.channels)).toBeLessThanOrEqual(-1);
  });

  it('makes different prompts with one seed sound different', () => {
    const { vectors } = standardise(prompts.map(({ decoded }) => timbreFeatures(decoded)));
    expect(new Set(prompts.map(({ song }) => Buffer.from(song.mp3).toString('base64'))).size).toBe(3);
    for (let a = 0; a < vectors.length; a++) for (let b = a + 1; b < vectors.length; b++) expect(distance(vectors[a], vectors[b])).toBeGreaterThan(2);
  });
});
