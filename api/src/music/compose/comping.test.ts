import { describe, expect, it } from 'vitest';
import { planSong } from '../plan/understand.js';
import type { Composition, SongRequest } from '../types.js';
import { bubblePart, guitarVoicing, strumPart } from './comping.js';
import type { ChordSlot } from './harmony.js';
import type { BeatNote } from './melody.js';
import { compose } from './index.js';

/** Two bars of A minor (root pitch class 9) and two of C major seventh. */
const SLOTS: ChordSlot[] = [
  { startBeat: 0, endBeat: 8, degree: 1, chord: { root: 9, intervals: [0, 3, 7], symbol: 'Am' }, voicing: [57, 60, 64] },
  { startBeat: 8, endBeat: 16, degree: 3, chord: { root: 0, intervals: [0, 4, 7, 11], symbol: 'Cmaj7' }, voicing: [55, 59, 60, 64] },
];

const strokesOf = (notes: BeatNote[]): Map<number, BeatNote[]> => {
  const strokes = new Map<number, BeatNote[]>();
  for (const note of notes) strokes.set(note.beat, [...(strokes.get(note.beat) ?? []), note]);
  return strokes;
};

const song = (genre: string, seed: number, prompt = `a ${genre} song`): Composition => {
  const request: SongRequest = { prompt, genres: [genre], moods: ['energetic'], generateLyrics: false, generateAlbumArt: false, durationSeconds: 60, seed };
  return compose(planSong(request), null);
};

describe('strummed guitar', () => {
  it('voices a chord across six strings, root on a low string', () => {
    const am = guitarVoicing(SLOTS[0]);
    expect(am).toHaveLength(6);
    expect(am[0] % 12).toBe(9);
    expect(am[0]).toBeGreaterThanOrEqual(40);
    expect(am[0]).toBeLessThan(52);
    expect(new Set(am.map((pitch) => pitch % 12))).toEqual(new Set([9, 0, 4]));
    expect(new Set(guitarVoicing(SLOTS[1]).map((pitch) => pitch % 12))).toEqual(new Set([0, 4, 7, 11]));
  });

  it('strums down from the low string and up from the top, string after string', () => {
    const strokes = strokesOf(strumPart(SLOTS, 'busy', 4, 0.8));
    // Down on 1 and 2, up on the and of 2 and of 3, down on 4, up on its and.
    expect([...strokes.keys()].filter((beat) => beat < 4)).toEqual([0, 1, 1.5, 2.5, 3, 3.5]);
    for (const [beat, notes] of strokes) {
      const byTime = [...notes].sort((a, b) => (a.delaySeconds ?? 0) - (b.delaySeconds ?? 0));
      const down = Number.isInteger(beat);
      expect(byTime).toHaveLength(down ? 6 : 4);
      for (let i = 1; i < byTime.length; i++) {
        expect((byTime[i].delaySeconds ?? 0) - (byTime[i - 1].delaySeconds ?? 0)).toBeCloseTo(down ? 0.007 : 0.005, 9);
        if (down) expect(byTime[i].pitch).toBeGreaterThan(byTime[i - 1].pitch);
        else expect(byTime[i].pitch).toBeLessThan(byTime[i - 1].pitch);
      }
    }
    expect(strokes.get(1.5)?.[0].velocity).toBeLessThan(strokes.get(1)?.[0].velocity ?? 0);
  });

  it('lets two downstrokes a bar ring when calm and strums every 8th when driving', () => {
    expect([...strokesOf(strumPart(SLOTS, 'calm', 4, 0.3)).keys()]).toEqual([0, 2, 4, 6, 8, 10, 12, 14]);
    expect(strokesOf(strumPart(SLOTS, 'driving', 4, 1)).size).toBe(32);
  });

  it('is how an acoustic guitar comps (country plays a steel-string one), and what an acoustic prompt asks for', () => {
    const chords = song('country', 3).tracks.find((track) => track.id === 'chords');
    expect(chords?.instrument).toBe('steel-guitar');
    const starts = new Set(chords?.notes.map((note) => Math.round(note.start * 1000)));
    // Staggered strings: many more distinct start times than strokes on the beat grid would give.
    expect(starts.size).toBeGreaterThan(3 * (chords?.notes.length ?? 0) / 6);
    expect(planSong({ prompt: 'an acoustic pop song', genres: [], moods: [], generateLyrics: false, generateAlbumArt: false, durationSeconds: 60, seed: 1 }).instruments).toContain('steel-guitar');
    // Other instruments keep the genre's pattern: piano chords start together.
    const piano = song('blues', 3, 'a blues song with piano').tracks.find((track) => track.id === 'chords');
    expect(piano?.instrument).toBe('piano');
    expect(new Set(piano?.notes.map((note) => Math.round(note.start * 1000))).size).toBeLessThan((piano?.notes.length ?? 0) / 2);
  });
});

describe('organ bubble', () => {
  it('leaves the beat out and plays left-right-left on its 16ths, the left hand an octave under', () => {
    const notes = bubblePart(SLOTS, 'busy', 4, 0.8);
    const offsets = new Set(notes.map((note) => note.beat % 1));
    expect(offsets).toEqual(new Set([0.25, 0.5, 0.75]));
    const first = SLOTS[0].voicing;
    expect(notes.filter((note) => note.beat === 0.5).map((note) => note.pitch)).toEqual(first);
    expect(notes.filter((note) => note.beat === 0.25 || note.beat === 0.75).map((note) => note.pitch)).toEqual([...first, ...first].map((pitch) => pitch - 12));
    expect(notes.every((note) => note.length < 0.25)).toBe(true);
  });

  it('keeps only the chops on the and when calm', () => {
    expect(new Set(bubblePart(SLOTS, 'calm', 4, 0.3).map((note) => note.beat % 1))).toEqual(new Set([0.5]));
  });

  it('plays on an organ beside the skank in reggae, and nowhere else', () => {
    const reggae = song('reggae', 3);
    const bubble = reggae.tracks.find((track) => track.id === 'bubble');
    expect(bubble?.instrument).toBe('organ');
    expect(bubble?.notes.length).toBeGreaterThan(100);
    expect(reggae.tracks.find((track) => track.id === 'chords')?.instrument).not.toBe('organ');
    expect(song('funk', 3).tracks.some((track) => track.id === 'bubble')).toBe(false);
  });
});

describe('707 kit', () => {
  it('drives synthwave, with a tambourine', () => {
    const synthwave = song('synthwave', 3);
    expect(synthwave.drums.kit).toBe('707');
    expect(synthwave.drums.hits.some((hit) => hit.voice === 'tambourine')).toBe(true);
  });

  it('replaces the 909 in house for some seeds, with its cowbell and tambourine', () => {
    const songs = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((seed) => song('house', seed));
    const machines = songs.filter((c) => c.drums.kit === '707');
    expect(machines.length).toBeGreaterThan(0);
    expect(songs.some((c) => c.drums.kit === '909')).toBe(true);
    for (const c of machines) expect(new Set(c.drums.hits.map((hit) => hit.voice))).toContain('cowbell');
  });
});
