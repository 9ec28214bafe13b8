import { describe, expect, it } from 'vitest';
import { crossfadeGainsAt, crossfadeGainsAtStep, crossfadeStepCount } from './crossfadeCurves';

describe('crossfadeStepCount', () => {
  it('is about 20 per second, clamped to 30..120', () => {
    expect(crossfadeStepCount(1)).toBe(30);
    expect(crossfadeStepCount(1.5)).toBe(30);
    expect(crossfadeStepCount(2)).toBe(40);
    expect(crossfadeStepCount(5)).toBe(100);
    expect(crossfadeStepCount(5.5)).toBe(110);
    expect(crossfadeStepCount(6)).toBe(120);
    expect(crossfadeStepCount(30)).toBe(120);
  });
});

describe('crossfade curves', () => {
  const close = (actual: number, expected: number) => expect(actual).toBeCloseTo(expected, 6);

  it('start with the outgoing deck full and end with the incoming deck full', () => {
    for (const tightness of [1, 2, 3, 4, 5]) {
      expect(crossfadeGainsAt(tightness, 0)).toEqual({ outgoing: 1, incoming: 0 });
      const end = crossfadeGainsAtStep(tightness, 100, 100);
      close(end.outgoing, 0);
      close(end.incoming, 1);
    }
  });

  it('1 linear: gains at step 25 of 100', () => {
    const g = crossfadeGainsAtStep(1, 25, 100);
    close(g.outgoing, 0.75);
    close(g.incoming, 0.25);
  });

  it('2 sine: equal power', () => {
    const g = crossfadeGainsAtStep(2, 25, 100);
    close(g.incoming, Math.sin(Math.PI / 8));
    close(g.outgoing, Math.cos(Math.PI / 8));
    const mid = crossfadeGainsAtStep(2, 50, 100);
    close(mid.incoming ** 2 + mid.outgoing ** 2, 1);
  });

  it('3 cosine: raised-cosine S curve', () => {
    const g = crossfadeGainsAtStep(3, 25, 100);
    close(g.incoming, (1 - Math.cos(Math.PI / 4)) / 2);
    close(g.outgoing, (1 + Math.cos(Math.PI / 4)) / 2);
    close(crossfadeGainsAtStep(3, 50, 100).incoming, 0.5);
  });

  it('4 quadratic and 5 cubic', () => {
    const q = crossfadeGainsAtStep(4, 30, 120);
    close(q.incoming, 0.0625);
    close(q.outgoing, 0.5625);
    const c = crossfadeGainsAtStep(5, 60, 120);
    close(c.incoming, 0.125);
    close(c.outgoing, 0.125);
  });

  it('clamps progress and rejects unknown tightness', () => {
    expect(crossfadeGainsAt(1, 2)).toEqual({ outgoing: 0, incoming: 1 });
    expect(() => crossfadeGainsAt(6, 0.5)).toThrow(RangeError);
  });
});
