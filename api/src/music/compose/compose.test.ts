import { describe, expect, it } from 'vitest';
import { writeLyrics } from '../lyrics/index.js';
import { planSong } from '../plan/understand.js';
import type { Composition, DrumHit, NoteEvent, Section, SongPlan, SongRequest } from '../types.js';
import { compose } from './index.js';
import { isMinorFamily, tonicPitchClass } from './theory.js';

function plan(prompt: string, extra: Partial<SongRequest> = {}): SongPlan {
  return planSong({ prompt, genres: [], moods: [], generateLyrics: false, generateAlbumArt: false, durationSeconds: 180, seed: 42, ...extra });
}

const GENRE_PROMPTS = ['pop', 'rock', 'hip hop', 'trap', 'edm', 'house', 'techno', 'dnb', 'lofi', 'jazz', 'blues', 'funk', 'rnb', 'reggae', 'country', 'metal', 'classical', 'ambient', 'synthwave'];

/** Harmonics 1..6 of a note: semitones above it and relative amplitude. */
const HARMONICS: [number, number][] = [[0, 1], [12, 1 / 2], [19, 1 / 3], [24, 1 / 4], [28, 1 / 5], [31, 1 / 6]];

function inside(section: Section, time: number): boolean {
  return time >= section.start - 1e-9 && time < section.end - 1e-9;
}

/** The melody: the lead instrument's notes, then the sung ones. */
function leadNotes(composition: Composition): NoteEvent[] {
  const sung = composition.vocals?.phrases.flatMap((phrase) => phrase.notes) ?? [];
  return [...(composition.tracks.find((track) => track.role === 'lead')?.notes ?? []), ...sung];
}

function eventsPerSecond(composition: Composition): number {
  const notes = composition.tracks.reduce((total, track) => total + track.notes.length, 0);
  return (notes + composition.drums.hits.length) / composition.durationSeconds;
}

describe('compose', () => {
  it.each(GENRE_PROMPTS)('fits %s into whole bars matching the duration, sections in order', (prompt) => {
    for (const durationSeconds of [30, 180, 480]) {
      const songPlan = plan(prompt, { durationSeconds });
      const composition = compose(songPlan, null);
      const barSeconds = (composition.beatsPerBar * 60) / composition.bpm;
      expect(composition.bpm).toBe(songPlan.bpm);
      expect(composition.totalBars).toBe(composition.sections.reduce((total, section) => total + section.bars, 0));
      expect(composition.durationSeconds).toBeCloseTo(composition.totalBars * barSeconds, 6);
      expect(Math.abs(composition.durationSeconds - durationSeconds)).toBeLessThanOrEqual(barSeconds / 2 + 1e-6);
      let bar = 0;
      for (const section of composition.sections) {
        expect(Number.isInteger(section.bars) && section.bars >= 1).toBe(true);
        expect(section.startBar).toBe(bar);
        expect(section.start).toBeCloseTo(bar * barSeconds, 6);
        bar += section.bars;
        expect(section.end).toBeCloseTo(bar * barSeconds, 6);
        expect(section.energy).toBeGreaterThan(0);
        expect(section.energy).toBeLessThanOrEqual(1);
      }
      expect(composition.sections[0].kind).toBe('intro');
      expect(composition.sections.at(-1)?.kind).toBe('outro');
    }
  });

  it.each(GENRE_PROMPTS)('keeps every %s note and hit inside the song, in MIDI and velocity range', (prompt) => {
    const composition = compose(plan(prompt), null);
    expect(composition.tracks.length).toBeGreaterThanOrEqual(3);
    const outside = composition.tracks.flatMap((track) =>
      track.notes
        .filter(
          (note) =>
            note.start < 0 ||
            note.duration <= 0 ||
            note.start + note.duration > composition.durationSeconds + 1e-9 ||
            note.pitch < 21 ||
            note.pitch > 108 ||
            note.velocity <= 0 ||
            note.velocity > 1,
        )
        .map((note) => ({ track: track.id, ...note })),
    );
    expect(outside).toEqual([]);
    const strayHits = composition.drums.hits.filter((hit) => hit.time < 0 || hit.time >= composition.durationSeconds || hit.velocity <= 0 || hit.velocity > 1);
    expect(strayHits).toEqual([]);
  });

  it.each(GENRE_PROMPTS)('establishes the key in %s: tonic chord first and last, bass on chord roots', (prompt) => {
    const composition = compose(plan(prompt), null);
    const tonic = tonicPitchClass(composition.key);
    expect(composition.chords[0].root).toBe(tonic);
    expect(composition.chords.at(-1)?.root).toBe(tonic);
    const bass = composition.tracks.find((track) => track.role === 'bass');
    expect(bass).toBeDefined();
    let checked = 0;
    for (const chord of composition.chords) {
      const first = bass?.notes.find((note) => note.start >= chord.start - 1e-9 && note.start < chord.end - 1e-9);
      if (!first) continue;
      expect(first.pitch % 12).toBe(chord.root);
      checked++;
    }
    expect(checked).toBeGreaterThan(composition.chords.length / 2);
  });

  it('establishes the key clearly enough for a key finder (plan key or its relative)', () => {
    // Krumhansl-Kessler key profiles over duration-weighted pitch classes, as an audio key
    // detector would see them.
    const major = [6.35, 2.23, 3.48, 2.33, 4.38, 4.09, 2.52, 5.19, 2.39, 3.66, 2.29, 2.88];
    const minor = [6.33, 2.68, 3.52, 5.38, 2.6, 3.53, 2.54, 4.75, 3.98, 2.69, 3.34, 3.17];
    const correlation = (a: number[], b: number[]) => {
      const meanA = a.reduce((x, y) => x + y) / 12;
      const meanB = b.reduce((x, y) => x + y) / 12;
      let num = 0;
      let denA = 0;
      let denB = 0;
      for (let i = 0; i < 12; i++) {
        num += (a[i] - meanA) * (b[i] - meanB);
        denA += (a[i] - meanA) ** 2;
        denB += (b[i] - meanB) ** 2;
      }
      return num / Math.sqrt(denA * denB);
    };
    let misses = 0;
    let total = 0;
    for (const prompt of GENRE_PROMPTS) {
      for (const seed of [1, 2, 3, 4, 5, 6]) {
        const composition = compose(plan(prompt, { seed, durationSeconds: 120 }), null);
        const chroma = new Array<number>(12).fill(0);
        // Each note with its first harmonics (1/n amplitude), as spectral peaks of a rendered
        // synth: the 3rd harmonic in particular pulls a naive chroma towards the dominant key.
        for (const track of composition.tracks) {
          for (const note of track.notes) {
            for (const [semitones, amplitude] of HARMONICS) chroma[(note.pitch + semitones) % 12] += note.duration * note.velocity * amplitude;
          }
        }
        let best = '';
        let bestScore = -Infinity;
        for (let tonic = 0; tonic < 12; tonic++) {
          for (const [mode, profile] of [['major', major], ['minor', minor]] as const) {
            const score = correlation(chroma, profile.map((_, i) => profile[(i - tonic + 12) % 12]));
            if (score > bestScore) [best, bestScore] = [`${tonic} ${mode}`, score];
          }
        }
        const tonic = tonicPitchClass(composition.key);
        // Church modes count as the major or minor scale their third belongs to.
        const accepted = !isMinorFamily(composition.key.mode) ? [`${tonic} major`, `${(tonic + 9) % 12} minor`] : [`${tonic} minor`, `${(tonic + 3) % 12} major`];
        total++;
        if (!accepted.includes(best)) misses++;
      }
    }
    expect(misses / total).toBeLessThanOrEqual(0.05);
  });

  it('repeats the same chorus melody every time the chorus returns', () => {
    for (const prompt of ['pop', 'lofi', 'house', 'jazz']) {
      const songPlan = plan(prompt);
      for (const lyrics of [null, writeLyrics({ ...songPlan, withLyrics: true })]) {
        const composition = compose(songPlan, lyrics);
        const choruses = composition.sections.filter((section) => section.kind === 'chorus');
        expect(choruses.length).toBeGreaterThanOrEqual(2);
        const melodies = choruses.map((chorus) => leadNotes(composition).filter((note) => inside(chorus, note.start)));
        expect(melodies[0].length).toBeGreaterThan(0);
        const rhythm = (melody: NoteEvent[], chorus: Section) => melody.map((note) => Math.round((note.start - chorus.start) * 1000));
        melodies.slice(1).forEach((melody, index) => {
          expect(melody.map((note) => note.pitch)).toEqual(melodies[0].map((note) => note.pitch));
          expect(rhythm(melody, choruses[index + 1])).toEqual(rhythm(melodies[0], choruses[0]));
        });
      }
    }
  });

  it('ends sections with a drum fill and lands the next with a crash', () => {
    const composition = compose(plan('energetic pop'), null);
    const barSeconds = (composition.beatsPerBar * 60) / composition.bpm;
    const fillVoices = new Set(['snare', 'clap', 'rim', 'tom-high', 'tom-mid', 'tom-low']);
    const hitsIn = (from: number, to: number): DrumHit[] => composition.drums.hits.filter((hit) => hit.time >= from - 1e-9 && hit.time < to - 1e-9);
    let fills = 0;
    composition.sections.slice(0, -1).forEach((section, index) => {
      if (hitsIn(section.start, section.end).length === 0) return;
      const lastHalfBar = hitsIn(section.end - barSeconds / 2, section.end).filter((hit) => fillVoices.has(hit.voice));
      expect(lastHalfBar.length, `${section.label} fill`).toBeGreaterThanOrEqual(4);
      fills++;
      const next = composition.sections[index + 1];
      if (next.energy >= 0.6) expect(hitsIn(next.start, next.start + 0.01).some((hit) => hit.voice === 'crash'), `${next.label} crash`).toBe(true);
    });
    expect(fills).toBeGreaterThanOrEqual(composition.sections.length - 2);
  });

  it('swells into choruses (reversed cymbal) and drops (riser, impact) where the genre uses them, and ends on one ringing hit', () => {
    const hitsOf = (c: Composition, voice: string): DrumHit[] => c.drums.hits.filter((hit) => hit.voice === voice);
    const startsOf = (c: Composition, kind: string): number[] => c.sections.filter((s, i) => i > 0 && s.kind === kind).map((s) => s.start);
    const house = compose(plan('energetic house', { durationSeconds: 240 }), null);
    const drops = startsOf(house, 'drop');
    expect(drops.length).toBeGreaterThan(0);
    // A riser ends exactly on each drop's downbeat (its sample lasts 2 s), where the impact lands.
    expect(hitsOf(house, 'riser').map((hit) => hit.time + 2)).toEqual(drops.map((start) => expect.closeTo(start, 6)));
    expect(hitsOf(house, 'impact').map((hit) => hit.time)).toEqual(drops);
    const pop = compose(plan('chill pop'), null);
    const choruses = pop.sections.filter((s, i) => i > 0 && s.kind === 'chorus' && pop.sections[i - 1].kind !== 'chorus').map((s) => s.start);
    expect(hitsOf(pop, 'reverse-cymbal').map((hit) => hit.time + 1.5)).toEqual(choruses.map((start) => expect.closeTo(start, 6)));
    const jazz = compose(plan('chill jazz'), null);
    expect(jazz.drums.hits.filter((hit) => ['riser', 'reverse-cymbal', 'impact'].includes(hit.voice))).toEqual([]);
    for (const c of [house, pop, jazz]) {
      const lastBar = c.durationSeconds - (c.beatsPerBar * 60) / c.bpm;
      const ending = c.drums.hits.filter((hit) => hit.time >= lastBar - 1e-6);
      expect(ending.map((hit) => hit.voice).sort()).toEqual(['crash', 'kick']);
      expect(ending.every((hit) => Math.abs(hit.time - lastBar) < 1e-6)).toBe(true);
    }
  });

  it('plays the exact tempo: kicks of a four-on-the-floor groove fall on beats', () => {
    const composition = compose(plan('house at 124 bpm'), null);
    const beat = 60 / 124;
    const kicks = composition.drums.hits.filter((hit) => hit.voice === 'kick');
    expect(kicks.length).toBeGreaterThan(100);
    for (const kick of kicks) expect(Math.abs(kick.time / beat - Math.round(kick.time / beat))).toBeLessThan(1e-6);
  });

  it('applies swing to off-beats', () => {
    const composition = compose(plan('jazz at 120 bpm'), null);
    const beat = 0.5;
    const offbeats = composition.drums.hits.filter((hit) => hit.voice === 'ride').map((hit) => (hit.time / beat) % 1).filter((phase) => phase > 0.01);
    expect(offbeats.length).toBeGreaterThan(10);
    for (const phase of offbeats) expect(phase).toBeGreaterThan(0.6);
  });

  it('makes energetic songs denser than peaceful ones', () => {
    for (const genre of ['pop', 'rock', 'electronic', 'lo-fi']) {
      const energetic = compose(plan(`energetic ${genre}`, { genres: [genre] }), null);
      const peaceful = compose(plan(`peaceful ${genre}`, { genres: [genre] }), null);
      expect(eventsPerSecond(energetic), genre).toBeGreaterThan(eventsPerSecond(peaceful) * 1.3);
    }
  });

  it('arranges intros and verses thinner than choruses and drops', () => {
    for (const prompt of ['pop', 'house', 'rock', 'lofi']) {
      const composition = compose(plan(prompt), null);
      const rate = (kind: string) => {
        const sections = composition.sections.filter((section) => section.kind === kind);
        const seconds = sections.reduce((total, section) => total + section.end - section.start, 0);
        const notes = composition.tracks.flatMap((track) => track.notes).filter((note) => sections.some((section) => inside(section, note.start))).length;
        const hits = composition.drums.hits.filter((hit) => sections.some((section) => inside(section, hit.time))).length;
        return (notes + hits) / seconds;
      };
      const peak = composition.sections.some((section) => section.kind === 'drop') ? rate('drop') : rate('chorus');
      expect(rate('intro'), prompt).toBeLessThan(peak);
      expect(rate('verse'), prompt).toBeLessThan(peak);
    }
  });

  it('is deterministic per seed and varies between seeds', () => {
    const a = compose(plan('synthwave night drive', { seed: 1 }), null);
    expect(compose(plan('synthwave night drive', { seed: 1 }), null)).toEqual(a);
    const b = compose(plan('synthwave night drive', { seed: 2 }), null);
    expect(b).not.toEqual(a);
    const sameKey = plan('synthwave night drive in A minor at 100 bpm', { seed: 3 });
    const other = plan('synthwave night drive in A minor at 100 bpm', { seed: 4 });
    expect(leadNotes(compose(sameKey, null)).map((note) => note.pitch)).not.toEqual(leadNotes(compose(other, null)).map((note) => note.pitch));
  });

  it('uses the plan instruments for their roles and ducks only in sidechained genres', () => {
    const songPlan = plan('jazz with saxophone');
    const composition = compose(songPlan, null);
    expect(composition.tracks.find((track) => track.role === 'lead')?.instrument).toBe('saxophone');
    expect(composition.tracks.every((track) => !track.sidechain)).toBe(true);
    const house = compose(plan('house'), null);
    expect(house.mix.sidechain).toBe(true);
    expect(house.tracks.find((track) => track.role === 'bass')?.sidechain).toBe(true);
  });
});
