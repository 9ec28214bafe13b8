import { describe, expect, it } from 'vitest';
import { GENRES } from '../plan/catalog.js';
import { barSeconds, buildForm, type FormInput } from './form.js';

const SEEDS = [1, 2, 3, 4, 5, 6];

function form(genre: string, bpm: number, durationSeconds: number, mood = 'happy', density = 0.6, seed = 1) {
  const input: FormInput = { genre, mood, bpm, durationSeconds, density, seed };
  return buildForm(input);
}

describe('buildForm', () => {
  it('fills exactly the bars nearest to the duration, for every genre, tempo and length', () => {
    for (const genre of GENRES) {
      for (const bpm of [genre.tempo.min, genre.tempo.max, 50, 200]) {
        for (const [index, duration] of [30, 47, 180, 333, 480].entries()) {
          const sections = form(genre.id, bpm, duration, 'happy', 0.6, SEEDS[index]);
          const total = sections.reduce((sum, section) => sum + section.bars, 0);
          expect(total).toBe(Math.max(4, Math.round(duration / barSeconds(bpm, genre.beatsPerBar))));
          expect(sections.every((section) => Number.isInteger(section.bars) && section.bars >= 1)).toBe(true);
        }
      }
    }
  });

  it('keeps a sung verse and chorus of at least two bars even in the shortest songs', () => {
    for (const seed of SEEDS) {
      const sections = form('ambient', 50, 30, 'happy', 0.6, seed);
      expect(sections.map((section) => section.kind)).toEqual(['intro', 'verse', 'chorus', 'outro']);
      for (const section of sections.filter((candidate) => candidate.kind === 'verse' || candidate.kind === 'chorus')) expect(section.bars).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives pop songs verses, choruses and a section that contrasts with them at three minutes, in a form the seed picks', () => {
    const forms = SEEDS.map((seed) => form('pop', 112, 180, 'happy', 0.6, seed).map((section) => section.kind));
    for (const kinds of forms) {
      expect(kinds.slice(0, 2)).toEqual(['intro', 'verse']);
      expect(kinds.filter((kind) => kind === 'chorus').length).toBeGreaterThanOrEqual(3);
      expect(kinds.some((kind) => kind === 'bridge' || kind === 'breakdown' || kind === 'solo')).toBe(true);
      expect(kinds.at(-1)).toBe('outro');
    }
    expect(new Set(forms.map((kinds) => kinds.join(' '))).size).toBeGreaterThanOrEqual(2);
  });

  it('gives dance genres drops and a breakdown, from two minutes on', () => {
    for (const genre of ['electronic', 'house', 'techno', 'drum-and-bass']) {
      for (const seed of SEEDS) {
        const kinds = form(genre, 126, 120, 'happy', 0.6, seed).map((section) => section.kind);
        expect(kinds).toContain('drop');
        expect(kinds).toContain('breakdown');
      }
    }
  });

  it('numbers repeated sections and peaks energy in choruses and drops', () => {
    const sections = form('pop', 112, 180);
    expect(sections.filter((section) => section.kind === 'verse').map((section) => section.label)).toEqual(['Verse 1', 'Verse 2']);
    expect(sections[0].label).toBe('Intro');
    const energy = (kind: string) => Math.max(...sections.filter((section) => section.kind === kind).map((section) => section.energy));
    expect(energy('chorus')).toBeGreaterThan(energy('verse'));
    expect(energy('verse')).toBeGreaterThan(energy('intro'));
  });

  it('scales energy with density: calm songs stay lower', () => {
    const calm = form('pop', 112, 180, 'peaceful', 0.2);
    const busy = form('pop', 112, 180, 'energetic', 0.9);
    const mean = (sections: { energy: number }[]) => sections.reduce((sum, section) => sum + section.energy, 0) / sections.length;
    expect(mean(busy)).toBeGreaterThan(mean(calm) + 0.1);
  });
});
