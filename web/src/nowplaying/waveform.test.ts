import { describe, expect, it } from 'vitest';
import { progressFraction, seekTimeAt, waveformBars } from './waveform';

describe('waveformBars', () => {
  it('takes the loudest peak of each bar share', () => {
    expect(waveformBars([0.1, 0.5, 0.2, 0.9, 0.3, 0.4], 3)).toEqual([0.5, 0.9, 0.4]);
  });

  it('stretches fewer peaks over more bars and clamps to 0..1', () => {
    expect(waveformBars([0.2, 1.5], 4)).toEqual([0.2, 0.2, 1, 1]);
    expect(waveformBars([-0.6], 1)).toEqual([0.6]);
  });

  it('has no bars without peaks', () => {
    expect(waveformBars([], 10)).toEqual([]);
    expect(waveformBars([0.5], 0)).toEqual([]);
  });
});

describe('progressFraction', () => {
  it('is time over duration, clamped, and 0 while the duration is unknown', () => {
    expect(progressFraction(30, 120)).toBe(0.25);
    expect(progressFraction(200, 120)).toBe(1);
    expect(progressFraction(-1, 120)).toBe(0);
    expect(progressFraction(10, 0)).toBe(0);
    expect(progressFraction(10, Number.NaN)).toBe(0);
  });
});

describe('seekTimeAt', () => {
  it('maps the pointer position over the waveform to song time', () => {
    expect(seekTimeAt(100, 100, 400, 200)).toBe(0);
    expect(seekTimeAt(300, 100, 400, 200)).toBe(100);
    expect(seekTimeAt(500, 100, 400, 200)).toBe(200);
    expect(seekTimeAt(150, 100, 400, 80)).toBe(10);
  });

  it('clamps outside the waveform and gives 0 without a width or duration', () => {
    expect(seekTimeAt(50, 100, 400, 200)).toBe(0);
    expect(seekTimeAt(900, 100, 400, 200)).toBe(200);
    expect(seekTimeAt(300, 100, 0, 200)).toBe(0);
    expect(seekTimeAt(300, 100, 400, 0)).toBe(0);
  });
});
