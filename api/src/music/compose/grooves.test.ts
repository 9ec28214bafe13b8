import { describe, expect, it } from 'vitest';
import { writeLyrics } from '../lyrics/index.js';
import { planSong } from '../plan/understand.js';
import type { Composition, DrumHit, DrumVoice } from '../types.js';
import { compose } from './index.js';

function song(genre: string, mood: string, seed = 7, sung = false): Composition {
  const plan = planSong({ prompt: `${mood} ${genre}`, genres: [genre], moods: [], generateLyrics: sung, generateAlbumArt: false, durationSeconds: 90, seed });
  return compose(plan, sung ? writeLyrics(plan) : null);
}

/** A hit's place in its bar, in beats (swing included). */
function beatInBar(c: Composition, hit: DrumHit): number {
  const beats = (hit.time * c.bpm) / 60;
  return beats - Math.floor(beats / c.beatsPerBar + 1e-9) * c.beatsPerBar;
}

/**
 * The hits of every bar that plays a section's groove: not the first bar (where a crash lands),
 * not the last (a fill), nor the song's last section (its ending).
 */
function grooveBars(c: Composition): DrumHit[][] {
  const barSeconds = (c.beatsPerBar * 60) / c.bpm;
  const bars: DrumHit[][] = [];
  for (const section of c.sections.slice(0, -1)) {
    for (let bar = 1; bar < section.bars - 1; bar++) {
      const start = section.start + bar * barSeconds;
      const hits = c.drums.hits.filter((hit) => hit.time >= start - 1e-6 && hit.time < start + barSeconds - 1e-6);
      if (hits.length > 0) bars.push(hits);
    }
  }
  return bars;
}

const near = (value: number, target: number): boolean => Math.abs(value - target) < 1e-6;
const of = (hits: DrumHit[], voice: DrumVoice): DrumHit[] => hits.filter((hit) => hit.voice === voice);

describe('genre-true grooves', () => {
  it.each(['energetic', 'chill', 'dark'])('reggae (%s) plays a one-drop on its own kit: kick and cross-stick together on beat 3, nothing on 1, the hats skank on the off-beats', (mood) => {
    for (const seed of [7, 3]) {
      const c = song('reggae', mood, seed);
      expect(c.drums.kit).toBe('reggae');
      const bars = grooveBars(c);
      expect(bars.length).toBeGreaterThan(4);
      for (const hits of bars) {
        const kicks = of(hits, 'kick').map((hit) => beatInBar(c, hit));
        expect(kicks).toEqual([expect.closeTo(2, 6)]);
        expect(of(hits, 'rim').some((hit) => near(beatInBar(c, hit), 2))).toBe(true);
        const hats = of(hits, 'closed-hat');
        const onBeat = hats.filter((hit) => near(beatInBar(c, hit) % 1, 0));
        const offBeat = hats.filter((hit) => !near(beatInBar(c, hit) % 1, 0));
        expect(offBeat.length).toBeGreaterThan(0);
        // The skank: every off-beat 8th is louder than any on-beat hat.
        const loudestOnBeat = Math.max(0, ...onBeat.map((hit) => hit.velocity));
        const eighths = offBeat.filter((hit) => Math.abs((beatInBar(c, hit) % 1) - 0.5) < 0.2);
        expect(eighths.length).toBeGreaterThan(0);
        for (const hit of eighths) expect(hit.velocity).toBeGreaterThan(loudestOnBeat);
      }
    }
  });

  it.each(['energetic', 'chill', 'dark'])('blues (%s) shuffles: every drum hit, band note and sung note falls on a triplet of the beat, with the backbeat on 2 and 4', (mood) => {
    const c = song('blues', mood, 7, true);
    expect(c.swing).toBeCloseTo(1 / 3, 9);
    const onTriplet = (time: number): boolean => {
      const phase = ((time * c.bpm) / 60) % 1;
      return [0, 1 / 3, 2 / 3, 1].some((third) => Math.abs(phase - third) < 1e-6);
    };
    expect(c.drums.hits.filter((hit) => !onTriplet(hit.time) && hit.voice !== 'reverse-cymbal')).toEqual([]);
    // The shuffle is the band's and the singer's, not only the drummer's.
    const notes = [...c.tracks.flatMap((track) => track.notes), ...(c.vocals?.phrases.flatMap((phrase) => phrase.notes) ?? [])];
    expect(c.vocals?.phrases.length).toBeGreaterThan(0);
    const offBeatNotes = notes.filter((note) => !near(((note.start * c.bpm) / 60) % 1, 0) && !near(((note.start * c.bpm) / 60) % 1, 1));
    expect(offBeatNotes.length).toBeGreaterThan(0);
    expect(offBeatNotes.filter((note) => !onTriplet(note.start))).toEqual([]);
    for (const hits of grooveBars(c)) {
      const snares = of(hits, 'snare').filter((hit) => hit.velocity >= 0.6).map((hit) => beatInBar(c, hit));
      const rims = of(hits, 'rim').map((hit) => beatInBar(c, hit));
      const backbeat = snares.length > 0 ? snares : rims;
      expect(backbeat).toEqual([expect.closeTo(1, 6), expect.closeTo(3, 6)]);
      // The shuffled cymbal: on the beat and on the triplet's last note, never on its middle.
      const cymbals = [...of(hits, 'closed-hat'), ...of(hits, 'ride')].map((hit) => beatInBar(c, hit) % 1);
      expect(cymbals.some((phase) => near(phase, 2 / 3))).toBe(true);
      expect(cymbals.some((phase) => near(phase, 1 / 3))).toBe(false);
    }
  });

  it.each(['energetic', 'chill', 'dark'])('country (%s) plays a train beat: brushed snare on the 16ths accented on 2 and 4, kick on 1 and 3', (mood) => {
    const c = song('country', mood);
    expect(c.drums.kit).toBe('country');
    let fullBars = 0;
    for (const hits of grooveBars(c)) {
      const kicks = of(hits, 'kick').map((hit) => beatInBar(c, hit));
      expect(kicks.slice(0, 2)).toEqual([expect.closeTo(0, 6), expect.closeTo(2, 6)]);
      const snares = of(hits, 'snare');
      const accented = snares.filter((hit) => near(beatInBar(c, hit), 1) || near(beatInBar(c, hit), 3));
      expect(accented).toHaveLength(2);
      const quietestAccent = Math.min(...accented.map((hit) => hit.velocity));
      for (const hit of snares.filter((hit) => !accented.includes(hit) && beatInBar(c, hit) < 3.5)) expect(hit.velocity).toBeLessThan(quietestAccent);
      if (snares.length >= 16) fullBars++;
    }
    expect(fullBars).toBeGreaterThan(4);
  });

  it.each(['reggae', 'blues', 'country'])('%s varies its groove within a section and fills into the next', (genre) => {
    const c = song(genre, 'energetic');
    const barSeconds = (c.beatsPerBar * 60) / c.bpm;
    const signature = (hits: DrumHit[]): string => hits.map((hit) => `${hit.voice}@${beatInBar(c, hit).toFixed(3)}`).join(' ');
    const fillVoices = new Set<DrumVoice>(['snare', 'rim', 'tom-high', 'tom-mid', 'tom-low']);
    let varied = 0;
    let filled = 0;
    for (const section of c.sections.slice(0, -1)) {
      const barHits = Array.from({ length: section.bars }, (_, bar) =>
        c.drums.hits.filter((hit) => hit.time >= section.start + bar * barSeconds - 1e-6 && hit.time < section.start + (bar + 1) * barSeconds - 1e-6 && hit.voice !== 'crash'),
      );
      if (barHits.every((hits) => hits.length === 0)) continue;
      if (new Set(barHits.slice(0, -1).map(signature)).size > 1) varied++;
      const lastHalf = barHits.at(-1)?.filter((hit) => beatInBar(c, hit) >= c.beatsPerBar / 2 - 1e-6 && fillVoices.has(hit.voice)) ?? [];
      if (lastHalf.length >= 4) filled++;
    }
    expect(varied).toBeGreaterThan(0);
    expect(filled).toBeGreaterThanOrEqual(c.sections.length - 2);
  });
});
