import { describe, expect, it } from 'vitest';
import { camelotOf, formatCamelot, keysCompatible, temposCompatible, transitionOf } from './camelot.js';
import { chooseSequence, familiarityOf, GOOD_MATCH, scoreSong, songEnergy, type SongFeatures } from './scoring.js';
import { DEFAULT_TUNING, tuningSchema, type RadioTuning } from './tuning.js';

const song = (id: string, fields: Partial<SongFeatures> = {}): SongFeatures => ({
  id,
  genre: 'house',
  mood: 'happy',
  bpm: 124,
  musicalKey: 'A minor',
  curveEnergy: 0.6,
  familiarity: 0,
  ...fields,
});
const tuning = (fields: Partial<RadioTuning> = {}): RadioTuning => ({ ...DEFAULT_TUNING, ...fields });

describe('Camelot wheel', () => {
  it('places major, minor and modal keys by their notes', () => {
    const at = (key: string) => formatCamelot(camelotOf(key));
    expect([at('C major'), at('A minor'), at('G major'), at('E minor'), at('F major'), at('F# major'), at('D# minor')]).toEqual(['8B', '8A', '9B', '9A', '7B', '2B', '2A']);
    // Modes sit where their key signature is: D dorian has C major's notes and sounds minor.
    expect([at('D dorian'), at('E phrygian'), at('G mixolydian'), at('F lydian'), at('Bb major')]).toEqual(['8A', '8A', '8B', '8B', '6B']);
    expect([camelotOf('H major'), camelotOf('C blues'), camelotOf(null)]).toEqual([null, null, null]);
  });

  it('calls keys compatible on the same number, the relative key, or one step with the same letter', () => {
    const compatible = (a: string, b: string) => keysCompatible(camelotOf(a), camelotOf(b));
    expect(compatible('A minor', 'C major')).toBe(true); // 8A / 8B
    expect(compatible('A minor', 'E minor')).toBe(true); // 8A / 9A
    expect(compatible('A minor', 'D minor')).toBe(true); // 8A / 7A
    expect(compatible('B major', 'F# major')).toBe(true); // 1B / 2B
    expect(compatible('E major', 'B major')).toBe(true); // 12B / 1B wraps around
    expect(compatible('A minor', 'G major')).toBe(false); // 8A / 9B
    expect(compatible('C major', 'F# major')).toBe(false); // 8B / 2B
    expect(compatible('C major', 'nonsense')).toBe(false);
  });

  it('calls tempos compatible within 6 percent, or at half or double time', () => {
    expect(temposCompatible(120, 126)).toBe(true);
    expect(temposCompatible(120, 128)).toBe(false);
    expect(temposCompatible(85, 170)).toBe(true);
    expect(temposCompatible(174, 86)).toBe(true);
    expect(temposCompatible(120, null)).toBe(false);
    expect(transitionOf({ bpm: 120, musicalKey: 'A minor' }, { bpm: 124, musicalKey: 'E minor' })).toEqual({ harmonic: true, tempo: true });
  });
});

describe('scoring', () => {
  it('estimates energy from mood, tempo and loudness curve, leaving out what is unknown', () => {
    expect(songEnergy({ mood: 'aggressive', bpm: 180, curveEnergy: 1 })).toBeCloseTo(0.975);
    expect(songEnergy({ mood: 'peaceful', bpm: 60, curveEnergy: 0 })).toBeCloseTo(0.075);
    expect(songEnergy({ mood: null, bpm: 120, curveEnergy: null })).toBeCloseTo(0.5);
    expect(songEnergy({ mood: null, bpm: null, curveEnergy: null })).toBe(0.5);
  });

  it('weighs mood, energy, tempo and freshness as documented', () => {
    const perfect = scoreSong(song('a', { mood: 'energetic', bpm: 150, curveEnergy: 0.9 }), tuning({ moods: ['energetic'], energy: songEnergy({ mood: 'energetic', bpm: 150, curveEnergy: 0.9 }), tempoMin: 140, tempoMax: 160, freshness: 1 }));
    expect(perfect).toMatchObject({ mood: 1, tempo: 1, freshness: 1 });
    expect(perfect.total).toBeCloseTo(1);
    // 10 BPM under the range: half the tempo fit. Half time (75) counts as inside.
    expect(scoreSong(song('b', { bpm: 130 }), tuning({ tempoMin: 140, tempoMax: 160 })).tempo).toBeCloseTo(0.5);
    expect(scoreSong(song('c', { bpm: 75 }), tuning({ tempoMin: 140, tempoMax: 160 })).tempo).toBe(1);
    // A mood not chosen scores by how close its energy is to the nearest chosen one.
    expect(scoreSong(song('d', { mood: 'chill' }), tuning({ moods: ['peaceful'] })).mood).toBeCloseTo(0.5 * (1 - 0.15));
    expect(scoreSong(song('e', { mood: 'chill' }), tuning({ moods: [] })).mood).toBe(1);
  });

  it('turns the familiar-vs-fresh dial between liked songs and unheard ones', () => {
    const liked = song('liked', { familiarity: familiarityOf(true, 0) });
    const unheard = song('unheard', { familiarity: familiarityOf(false, 0) });
    expect(familiarityOf(false, 10)).toBe(0.8);
    expect(scoreSong(liked, tuning({ freshness: 0 })).total).toBeGreaterThan(scoreSong(unheard, tuning({ freshness: 0 })).total);
    expect(scoreSong(unheard, tuning({ freshness: 1 })).total).toBeGreaterThan(scoreSong(liked, tuning({ freshness: 1 })).total);
    expect(chooseSequence([liked, unheard], tuning({ freshness: 0 }), null, 1)[0].id).toBe('liked');
    expect(chooseSequence([liked, unheard], tuning({ freshness: 1 }), null, 1)[0].id).toBe('unheard');
  });

  it('keeps consecutive songs mixable when the catalogue allows, at a small cost in fit', () => {
    const previous = { bpm: 124, musicalKey: 'A minor' };
    const clash = song('clash', { bpm: 136, musicalKey: 'F# major' });
    const dial = tuning({ energy: songEnergy(clash), tempoMin: 100, tempoMax: 140 });
    const mixable = song('mixable', { bpm: 126, musicalKey: 'E minor', curveEnergy: 0.3 });
    expect(scoreSong(clash, dial).total).toBeGreaterThan(scoreSong(mixable, dial).total);
    expect(chooseSequence([clash, mixable], dial, previous, 1).map((s) => s.id)).toEqual(['mixable']);
    // A far better fit still wins over a mixable poor one.
    const poor = song('poor', { bpm: 80, musicalKey: 'E minor', mood: 'peaceful', curveEnergy: 0 });
    expect(chooseSequence([clash, poor], dial, previous, 1).map((s) => s.id)).toEqual(['clash']);
  });

  it('orders a set so that every adjacent pair is compatible where the library allows', () => {
    // A chain of keys one step apart around the wheel at one tempo, shuffled.
    const keys = ['A minor', 'E minor', 'B minor', 'F# minor', 'C# minor', 'G# minor', 'D# minor', 'A# minor'];
    const catalogue = keys.map((key, i) => song(`s${i}`, { musicalKey: key, bpm: 122 + (i % 3) })).reverse();
    const set = chooseSequence(catalogue, tuning({ tempoMin: 110, tempoMax: 130 }), { bpm: 122, musicalKey: 'A minor' }, keys.length);
    expect(new Set(set.map((s) => s.id)).size).toBe(keys.length);
    const pairs = set.slice(1).map((s, i) => transitionOf(set[i], s));
    expect(pairs.every((p) => p.harmonic && p.tempo)).toBe(true);
  });

  it('counts a song as a good match from GOOD_MATCH up', () => {
    expect(scoreSong(song('fit'), tuning({ energy: songEnergy(song('fit')), tempoMin: 120, tempoMax: 130, freshness: 1 })).total).toBeGreaterThanOrEqual(GOOD_MATCH);
    expect(scoreSong(song('misfit', { mood: 'aggressive', bpm: 190 }), tuning({ moods: ['peaceful'], energy: 0, tempoMin: 60, tempoMax: 70, freshness: 0 })).total).toBeLessThan(GOOD_MATCH);
  });
});

describe('tuning validation', () => {
  const problem = (input: object) => {
    const result = tuningSchema.safeParse({ ...DEFAULT_TUNING, ...input });
    return result.success ? null : result.error.issues[0].message;
  };
  it('accepts the defaults and refuses unknown genres and moods, out-of-range dials and an upside-down tempo range', () => {
    expect(problem({})).toBeNull();
    expect(problem({ genres: ['polka'] })).toBe("Unknown genre 'polka'");
    expect(problem({ moods: ['calm'] })).toMatch(/^Unknown mood 'calm' \(known: happy, sad/);
    expect(problem({ energy: 1.5 })).toBe('energy must be between 0 and 1');
    expect(problem({ tempoMin: 40 })).toBe('tempoMin must be between 50 and 200 BPM');
    expect(problem({ tempoMin: 150, tempoMax: 100 })).toBe('tempoMin must not be above tempoMax');
  });
});
