import { describe, expect, it } from 'vitest';
import { formatPlaybackTime } from './playbackTime';

describe('formatPlaybackTime', () => {
  it('formats m:ss and h:mm:ss', () => {
    expect(formatPlaybackTime(0)).toBe('0:00');
    expect(formatPlaybackTime(9.9)).toBe('0:09');
    expect(formatPlaybackTime(65)).toBe('1:05');
    expect(formatPlaybackTime(3599)).toBe('59:59');
    expect(formatPlaybackTime(3725)).toBe('1:02:05');
  });

  it('reads nonsense as 0:00', () => {
    expect(formatPlaybackTime(Number.NaN)).toBe('0:00');
    expect(formatPlaybackTime(-4)).toBe('0:00');
    expect(formatPlaybackTime(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});
