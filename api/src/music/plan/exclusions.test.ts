import { describe, expect, it } from 'vitest';
import { LocalMusicEngine } from '../provider.js';
import { MusicInputError, type ArtistStyle, type SongRequest } from '../types.js';
import { parseExcludeList, readExclusions } from './exclusions.js';
import { planSong } from './understand.js';

function request(prompt: string, extra: Partial<SongRequest> = {}): SongRequest {
  return { prompt, genres: [], moods: [], generateLyrics: false, generateAlbumArt: false, durationSeconds: 60, seed: 11, ...extra };
}

const NOVA: ArtistStyle = {
  name: 'Nova Lane',
  genres: ['synthwave'],
  moods: ['dreamy'],
  voice: 'high',
  timbre: { brightness: 0.5, breathiness: 0.7, vibrato: 0.2 },
  instruments: ['epiano', 'saxophone'],
  tempoMin: 84,
  tempoMax: 92,
};

describe('negative style words', () => {
  it('reads "no", "without" and standalone words, blanking them from the prompt', () => {
    const { excluded, rest } = readExclusions(' rainy lo-fi with piano but no drums and without any distorted guitar instrumental ');
    expect(excluded).toEqual(['drums', 'distortion', 'vocals']);
    expect(rest).not.toMatch(/drums|distorted|instrumental/);
    expect(rest).toContain('piano');
  });

  it('parses an exclude list and rejects words it cannot leave out', () => {
    expect(parseExcludeList('drums, no distortion; piano and bass')).toEqual(['drums', 'distortion', 'piano', 'bass']);
    expect(() => parseExcludeList('drums, sadness')).toThrow(MusicInputError);
    expect(() => parseExcludeList('drums, sadness')).toThrow('Cannot leave out "sadness"');
  });

  it('"no piano" keeps the piano out of the arrangement instead of asking for one', () => {
    const plan = planSong(request('jazz ballad with no piano'));
    expect(plan.instruments).not.toContain('piano');
    expect(plan.excluded).toEqual(['piano']);
    expect(plan.summary).toContain('no piano');
  });

  it('"no distortion" swaps a metal band\'s distorted guitar for another instrument', () => {
    const plan = planSong(request('metal anthem', { exclude: 'distortion' }));
    expect(plan.genre).toBe('metal');
    expect(plan.instruments).not.toContain('distorted-guitar');
  });

  it('instrumental: no lyrics are written, and own lyrics are refused', () => {
    expect(planSong(request('pop song', { generateLyrics: true, instrumental: true })).withLyrics).toBe(false);
    expect(planSong(request('pop song with no vocals', { generateLyrics: true })).withLyrics).toBe(false);
    expect(() => planSong(request('pop song', { lyrics: 'la la la', instrumental: true }))).toThrow('An instrumental has no lyrics');
  });

  it('the composition loses excluded drums and bass; a song without exclusions keeps its plan unchanged', () => {
    const engine = new LocalMusicEngine();
    const plan = engine.plan(request('house groove without drums and no bass'));
    const composition = engine.compose(plan, null);
    expect(composition.drums.hits).toEqual([]);
    expect(composition.tracks.some((track) => track.role === 'bass')).toBe(false);
    const plain = engine.plan(request('house groove'));
    expect(plain).not.toHaveProperty('excluded');
    expect(engine.compose(plain, null).drums.hits.length).toBeGreaterThan(0);
  });
});

describe('an AI Artist shapes the plan', () => {
  it('supplies genres, moods, voice, timbre and its palette when the request names none', () => {
    const plan = planSong(request('late night city', { artist: NOVA }));
    expect(plan.genre).toBe('synthwave');
    expect(plan.mood).toBe('dreamy');
    expect(plan.voice).toBe('high');
    expect(plan.timbre).toEqual(NOVA.timbre);
    expect(plan.artist).toBe('Nova Lane');
    expect(plan.instruments).toEqual(expect.arrayContaining(['epiano', 'saxophone']));
    expect(plan.summary).toMatch(/as Nova Lane$/);
  });

  it('keeps every seed inside its tempo range, even outside the genre\'s', () => {
    for (let seed = 0; seed < 20; seed++) {
      const bpm = planSong(request('song', { artist: NOVA, seed })).bpm;
      expect(bpm).toBeGreaterThanOrEqual(84);
      expect(bpm).toBeLessThanOrEqual(92);
      const rock = planSong(request('song', { artist: { ...NOVA, tempoMin: 100, tempoMax: 200 }, genres: ['rock'], seed })).bpm;
      expect(rock).toBeGreaterThanOrEqual(100);
    }
  });

  it("the request's own genres win over the artist's; the artist's voice sings", () => {
    const engine = new LocalMusicEngine();
    const plan = engine.plan(request('a song', { artist: { ...NOVA, voice: 'low' }, genres: ['pop'], generateLyrics: true }));
    expect(plan.genre).toBe('pop');
    const composition = engine.compose(plan, engine.writeLyrics(plan));
    expect(composition.vocals?.voice).toBe('low');
    expect(composition.vocals?.timbre).toEqual(NOVA.timbre);
  });
});
