import { describe, expect, it } from 'vitest';
import { compose } from '../compose/index.js';
import { planSong } from '../plan/understand.js';
import type { Composition, SectionKind } from '../types.js';
import { applyLevelCurve, levelAt, sectionLevelCurve } from './section-levels.js';

const SR = 1000;

function song(genre: string, seed: number, mood = 'energetic'): Composition {
  return compose(planSong({ prompt: 'a song', genres: [genre], moods: [mood], generateLyrics: false, generateAlbumArt: false, durationSeconds: 180, seed }), null);
}

/** The curve's gain in dB in the middle of each section of a kind. */
function levels(c: Composition, kind: SectionKind): number[] {
  const curve = sectionLevelCurve(c);
  return c.sections
    .filter((s) => s.kind === kind)
    .map((s) => {
      const at = Math.round(((s.start + s.end) / 2) * SR);
      const left = new Float32Array([1]);
      applyLevelCurve(curve, left, new Float32Array([1]), at, at + 1, SR);
      return 20 * Math.log10(left[0]);
    });
}

describe('section levels', () => {
  it('lifts choruses at least 1.5 dB above verses, in calm moods too', () => {
    for (const [seed, mood] of [[1, 'energetic'], [2, 'energetic'], [3, 'energetic'], [1, 'chill'], [2, 'peaceful'], [3, 'dreamy']] as const) {
      const c = song('pop', seed, mood);
      expect(Math.min(...levels(c, 'chorus')) - Math.max(...levels(c, 'verse'))).toBeGreaterThanOrEqual(1.5);
    }
  });

  it('drops a dance breakdown at least 5 dB under the drops', () => {
    for (const seed of [1, 2, 3]) {
      const c = song('house', seed);
      expect(Math.min(...levels(c, 'drop')) - Math.max(...levels(c, 'breakdown'))).toBeGreaterThanOrEqual(5);
    }
  });

  it('builds through a pre-chorus instead of jumping at the chorus', () => {
    const c = [1, 2, 3, 4].map((seed) => song('pop', seed)).find((candidate) => candidate.sections.some((s) => s.kind === 'pre-chorus'));
    const pre = c!.sections.find((s) => s.kind === 'pre-chorus')!;
    const curve = sectionLevelCurve(c!);
    const at = (t: number): number => {
      const left = new Float32Array([1]);
      applyLevelCurve(curve, left, new Float32Array([1]), Math.round(t * SR), Math.round(t * SR) + 1, SR);
      return left[0];
    };
    expect(at(pre.start + 0.1)).toBeLessThan(at((pre.start + pre.end) / 2));
    expect(at((pre.start + pre.end) / 2)).toBeLessThan(at(pre.end - 0.05));
  });

  it('reads the same gain at a point as it applies there', () => {
    const c = song('house', 2);
    const curve = sectionLevelCurve(c);
    for (let t = 0; t < c.durationSeconds; t += 0.731) {
      const left = new Float32Array([1]);
      applyLevelCurve(curve, left, new Float32Array([1]), Math.round(t * SR), Math.round(t * SR) + 1, SR);
      expect(levelAt(curve, Math.round(t * SR) / SR)).toBeCloseTo(left[0], 5);
    }
  });
});
