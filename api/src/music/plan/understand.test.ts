import { describe, expect, it } from 'vitest';
import { MusicInputError, type SongRequest } from '../types.js';
import { findGenre, findMood, GENRES, MOODS } from './catalog.js';
import { ARRANGEMENT_ROLES, INSTRUMENT_ROLES } from './instruments.js';
import { planSong } from './understand.js';

function request(prompt: string, extra: Partial<SongRequest> = {}): SongRequest {
  return { prompt, genres: [], moods: [], generateLyrics: false, generateAlbumArt: false, durationSeconds: 180, ...extra };
}

function inputError(run: () => unknown): MusicInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof MusicInputError) return error;
    throw error;
  }
  throw new Error('expected a MusicInputError');
}

describe('catalog', () => {
  it('has exactly the canonical genres and moods', () => {
    expect(GENRES.map((genre) => genre.id)).toEqual([
      'pop', 'rock', 'hip-hop', 'trap', 'electronic', 'house', 'techno', 'drum-and-bass', 'lo-fi', 'jazz',
      'blues', 'funk', 'r-and-b', 'reggae', 'country', 'metal', 'classical', 'ambient', 'synthwave',
    ]);
    expect(MOODS.map((mood) => mood.id)).toEqual([
      'happy', 'sad', 'energetic', 'chill', 'dark', 'romantic', 'epic', 'dreamy', 'aggressive', 'peaceful', 'nostalgic', 'mysterious',
    ]);
  });

  it.each([
    ['lofi', 'lo-fi'], ['lo fi', 'lo-fi'], ['Lo-Fi', 'lo-fi'], ['hip hop', 'hip-hop'], ['rap', 'hip-hop'], ['edm', 'electronic'],
    ['electronica', 'electronic'], ['dnb', 'drum-and-bass'], ['drum and bass', 'drum-and-bass'], ['Drum & Bass', 'drum-and-bass'],
    ['rnb', 'r-and-b'], ['R&B', 'r-and-b'], ['soul', 'r-and-b'], ['folk', 'country'], ['orchestral', 'classical'], ['cinematic', 'classical'],
  ])('genre synonym %s -> %s', (name, id) => {
    expect(findGenre(name)?.id).toBe(id);
  });

  it.each([['chillout', 'chill'], ['calm', 'peaceful'], ['Melancholic', 'sad'], ['upbeat', 'energetic']])('mood synonym %s -> %s', (name, id) => {
    expect(findMood(name)?.id).toBe(id);
  });

  it('returns undefined for unknown names', () => {
    expect(findGenre('polka')).toBeUndefined();
    expect(findMood('')).toBeUndefined();
  });
});

describe('planSong', () => {
  it.each([
    ['country', 'chords', 'steel-guitar'],
    ['reggae', 'chords', 'electric-guitar'],
    ['jazz', 'chords', 'piano'],
    ['electronic', 'chords', 'supersaw'],
  ] as const)("every seed gives %s its signature %s instrument (%s)", (genre, role, instrument) => {
    for (let seed = 1; seed <= 24; seed++) {
      for (const mood of ['energetic', 'chill', 'dark']) {
        const plan = planSong(request(`a ${mood} ${genre} song`, { genres: [genre], moods: [mood], seed }));
        expect(plan.instruments[ARRANGEMENT_ROLES.indexOf(role)]).toBe(instrument);
      }
    }
  });

  it('reads genre, mood, tempo, key, instruments and themes from the prompt', () => {
    const plan = planSong(request('lofi chill beat with piano and rain, 78 bpm in F minor'));
    expect(plan.genre).toBe('lo-fi');
    expect(plan.mood).toBe('chill');
    expect(plan.bpm).toBe(78);
    expect(plan.key).toEqual({ tonic: 'F', mode: 'minor' });
    expect(plan.instruments).toContain('piano');
    expect(plan.themes).toEqual(['rain']);
    expect(plan.summary).toBe('Understood: lo-fi · chill · 78 BPM · F minor · piano, rain');
  });

  it.each([
    ['a song in A major', { tonic: 'A', mode: 'major' }],
    ['F# minor ballad', { tonic: 'F#', mode: 'minor' }],
    ['in Bb major please', { tonic: 'A#', mode: 'major' }],
    ['jazz in d minor', { tonic: 'D', mode: 'minor' }],
    ['groove in Am', { tonic: 'A', mode: 'minor' }],
  ])('reads the key from "%s"', (prompt, key) => {
    expect(planSong(request(prompt)).key).toEqual(key);
  });

  it('keeps theme words and drops stop, genre, mood, instrument, tempo and key words', () => {
    const plan = planSong(request('A dreamy synthwave track with piano about neon cities and rain, slow, in C minor'));
    expect(plan.themes).toEqual(['neon', 'cities', 'rain']);
    expect(plan.genre).toBe('synthwave');
    expect(plan.mood).toBe('dreamy');
  });

  it('does not read a key from ordinary words', () => {
    const plan = planSong(request('a song in a dreamy mood', { seed: 1 }));
    const again = planSong(request('a song in a dreamy mood', { seed: 1, prompt: 'dreamy song' }));
    expect(plan.key).toEqual(again.key);
  });

  it('maps slow and fast to the ends of the genre tempo range', () => {
    const slow = planSong(request('slow house', { seed: 3 }));
    const fast = planSong(request('fast house', { seed: 3 }));
    expect(slow.bpm).toBeGreaterThanOrEqual(118);
    expect(fast.bpm).toBeLessThanOrEqual(128);
    expect(fast.bpm).toBeGreaterThan(slow.bpm);
  });

  it('clamps explicit tempos to the supported range', () => {
    expect(planSong(request('techno at 300 bpm')).bpm).toBe(200);
  });

  it('gives funk a clavinet when asked (and the seed may pick one for its comping)', () => {
    const plan = planSong(request('funk with clavinet and brass'));
    expect(plan.instruments[ARRANGEMENT_ROLES.indexOf('chords')]).toBe('clavinet');
    const seeds = Array.from({ length: 30 }, (_, seed) => planSong({ ...request('funk'), seed }).instruments[ARRANGEMENT_ROLES.indexOf('chords')]);
    expect(seeds).toContain('clavinet');
    expect(seeds).toContain('electric-guitar');
  });

  it('extracts instruments into arrangement roles', () => {
    const plan = planSong(request('jazz with saxophone, acoustic guitar and strings'));
    expect(plan.instruments).toHaveLength(ARRANGEMENT_ROLES.length);
    expect(plan.instruments[ARRANGEMENT_ROLES.indexOf('lead')]).toBe('saxophone');
    expect(plan.instruments[ARRANGEMENT_ROLES.indexOf('chords')]).toBe('acoustic-guitar');
    expect(plan.instruments[ARRANGEMENT_ROLES.indexOf('pad')]).toBe('strings');
    expect(plan.instruments[ARRANGEMENT_ROLES.indexOf('bass')]).toBe('upright-bass');
    plan.instruments.forEach((instrument, index) => expect(INSTRUMENT_ROLES[instrument]).toContain(ARRANGEMENT_ROLES[index]));
  });

  it('puts an 808 on bass', () => {
    expect(planSong(request('trap with 808 and bells')).instruments[ARRANGEMENT_ROLES.indexOf('bass')]).toBe('bass-808');
  });

  it('lists request genres and moods first, then the prompt ones', () => {
    const plan = planSong(request('rock song, happy', { genres: ['jazz'], moods: ['calm'] }));
    expect(plan.genres).toEqual(['jazz', 'rock']);
    expect(plan.moods).toEqual(['peaceful', 'happy']);
    expect(plan.genre).toBe('jazz');
  });

  it('picks the genre from the mood when none is named, and defaults to pop', () => {
    const plan = planSong(request('something calm for the evening'));
    expect(['ambient', 'classical', 'lo-fi']).toContain(plan.genre);
    expect(planSong(request('a song about my cat')).genre).toBe('pop');
  });

  it('rejects bad input with MusicInputError', () => {
    expect(inputError(() => planSong(request('   '))).message).toBe('Prompt is required');
    expect(inputError(() => planSong(request('x'.repeat(1001)))).field).toBe('prompt');
    const duration = inputError(() => planSong(request('pop', { durationSeconds: 29 })));
    expect(duration).toMatchObject({ field: 'durationSeconds', message: 'Duration must be between 30 and 480 seconds' });
    expect(inputError(() => planSong(request('pop', { durationSeconds: 90.5 }))).field).toBe('durationSeconds');
    expect(inputError(() => planSong(request('pop', { durationSeconds: 481 }))).field).toBe('durationSeconds');
    const genre = inputError(() => planSong(request('pop', { genres: ['polka'] })));
    expect(genre.field).toBe('genres');
    expect(genre.message).toMatch(/^Unknown genre "polka"\. Choose one of: pop, rock, /);
    expect(inputError(() => planSong(request('pop', { moods: ['grumpy'] }))).field).toBe('moods');
  });

  it('is deterministic and derives the seed from the normalised request', () => {
    const a = planSong(request('Dreamy synthwave about neon cities'));
    const b = planSong(request('  dreamy   SYNTHWAVE about neon cities '));
    expect(b).toEqual(a);
    expect(planSong(request('dreamy synthwave about neon cities', { seed: 7 })).seed).toBe(7);
    const seeds = new Set([1, 2, 3, 4, 5, 6].map((seed) => JSON.stringify(planSong(request('synthwave', { seed })))));
    expect(seeds.size).toBeGreaterThan(1);
  });

  it('uses the given title, otherwise generates one', () => {
    expect(planSong(request('pop', { title: '  My Song ' })).title).toBe('My Song');
    const title = planSong(request('rainy night in tokyo')).title;
    expect(title.length).toBeGreaterThan(2);
    expect(title[0]).toBe(title[0].toUpperCase());
  });

  it('keeps user lyrics and turns lyrics on for them', () => {
    const plan = planSong(request('pop', { lyrics: '  la la la \n', generateLyrics: false }));
    expect(plan.userLyrics).toBe('la la la');
    expect(plan.withLyrics).toBe(true);
    expect(planSong(request('pop')).withLyrics).toBe(false);
  });
});

describe('prompt imagery, moods and seeds', () => {
  it('reads imagery into tone, space, texture and instruments: rain is darker and wetter than neon', () => {
    const rain = planSong(request('rain on the window, chill pop', { seed: 5 }));
    const neon = planSong(request('neon city lights, chill pop', { seed: 5 }));
    expect(rain.colour.imagery).toEqual(['rain']);
    expect(neon.colour.imagery).toEqual(['neon']);
    expect(rain.brightness).toBeLessThan(neon.brightness - 0.2);
    expect(rain.colour.texture).toBeGreaterThan(0.2);
    expect(neon.colour.texture).toBe(0);
    expect(rain.instruments).toContain('synth-pad');
    expect(neon.instruments).toContain('synth-pluck');
    const ocean = planSong(request('ocean waves, chill pop', { seed: 5 }));
    expect(ocean.colour.space).toBeGreaterThan(0.3);
    expect(ocean.bpm).toBeLessThan(neon.bpm);
  });

  it('plans dark, sad, aggressive and mysterious songs in minor-family modes in every genre', () => {
    for (const genre of GENRES) {
      for (const mood of ['dark', 'sad', 'aggressive', 'mysterious']) {
        for (const seed of [1, 2, 3]) {
          const { key } = planSong(request(`a ${mood} song`, { genres: [genre.id], moods: [mood], seed }));
          expect(['minor', 'dorian', 'phrygian'], `${genre.id}/${mood}/${seed}`).toContain(key.mode);
        }
      }
    }
  });

  it('lets three seeds spread the tempo by 3 BPM or more within the genre range, in every genre', () => {
    for (const genre of GENRES) {
      const bpms = [1, 2, 3].map((seed) => planSong(request(`a ${genre.id} song`, { genres: [genre.id], seed })).bpm);
      expect(Math.max(...bpms) - Math.min(...bpms), `${genre.id}: ${bpms.join('/')}`).toBeGreaterThanOrEqual(3);
      for (const bpm of bpms) {
        expect(bpm).toBeGreaterThanOrEqual(genre.tempo.min);
        expect(bpm).toBeLessThanOrEqual(genre.tempo.max);
      }
    }
  });

  it('does not fix the key by the seed alone: one seed gives several tonics across genres', () => {
    const tonics = new Set(GENRES.map((genre) => planSong(request('a song', { genres: [genre.id], seed: 9 })).key.tonic));
    expect(tonics.size).toBeGreaterThanOrEqual(5);
  });
});
