import { describe, expect, it } from 'vitest';
import { audibleEnd, detectSilence, leadingSilenceSkip, mergeSilenceRanges, type DecodedAudio } from './silenceDetection';

const RATE = 1000;

/** Mono audio: `segments` of [seconds, amplitude]; sounding parts alternate sign like a tone. */
function buffer(segments: Array<[number, number]>, channels = 1): DecodedAudio {
  const total = segments.reduce((sum, [seconds]) => sum + Math.round(seconds * RATE), 0);
  const data = new Float32Array(total);
  let i = 0;
  for (const [seconds, amplitude] of segments) {
    const n = Math.round(seconds * RATE);
    for (let k = 0; k < n; k++) data[i++] = k % 2 === 0 ? amplitude : -amplitude;
  }
  const silentChannel = new Float32Array(total);
  return {
    sampleRate: RATE,
    numberOfChannels: channels,
    length: total,
    getChannelData: (channel) => (channel === 0 ? data : silentChannel),
  };
}

describe('detectSilence', () => {
  it('needs audio ready', () => {
    expect(detectSilence(null)).toBeNull();
  });

  it('finds silence below the 0.01 threshold lasting at least 0.5 s', () => {
    const ranges = detectSilence(buffer([[1, 0.5], [0.6, 0.009], [1, 0.5], [0.4, 0], [1, 0.5]]));
    expect(ranges).toHaveLength(1);
    expect(ranges![0].start).toBeCloseTo(1, 5);
    expect(ranges![0].end).toBeCloseTo(1.6, 5);
  });

  it('treats amplitude 0.01 as sound', () => {
    expect(detectSilence(buffer([[1, 0.5], [0.8, 0.01], [1, 0.5]]))).toEqual([]);
  });

  it('merges silences separated by at most 0.1 s, so short parts add up', () => {
    const ranges = detectSilence(buffer([[1, 0.5], [0.3, 0], [0.1, 0.4], [0.3, 0], [1, 0.5]]));
    expect(ranges).toHaveLength(1);
    expect(ranges![0].start).toBeCloseTo(1, 5);
    expect(ranges![0].end).toBeCloseTo(1.7, 5);
  });

  it('keeps silences separated by more than 0.1 s apart (and drops them when short)', () => {
    expect(detectSilence(buffer([[1, 0.5], [0.3, 0], [0.2, 0.4], [0.3, 0], [1, 0.5]]))).toEqual([]);
  });

  it('considers every channel', () => {
    const stereo = buffer([[1, 0], [1, 0.5]], 2);
    expect(detectSilence(stereo)).toHaveLength(1);
  });

  it('reports leading and trailing silence', () => {
    const ranges = detectSilence(buffer([[1.5, 0], [2, 0.5], [0.7, 0]]))!;
    expect(ranges.map((r) => [r.start, r.end])).toEqual([
      [0, 1.5],
      [3.5, 4.2],
    ]);
  });
});

describe('leadingSilenceSkip', () => {
  it('skips a leading silence over 1 s only', () => {
    expect(leadingSilenceSkip([{ start: 0, end: 1.5 }])).toBe(1.5);
    expect(leadingSilenceSkip([{ start: 0, end: 1 }])).toBe(0);
    expect(leadingSilenceSkip([{ start: 2, end: 5 }])).toBe(0);
    expect(leadingSilenceSkip([])).toBe(0);
  });
});

describe('audibleEnd', () => {
  it('ends at trailing silence, ignoring silences inside the song', () => {
    expect(audibleEnd([{ start: 10, end: 12 }, { start: 170, end: 180 }], 180)).toBe(170);
    expect(audibleEnd([{ start: 10, end: 12 }], 180)).toBe(180);
  });
});

describe('mergeSilenceRanges', () => {
  it('sorts and merges', () => {
    expect(mergeSilenceRanges([{ start: 5, end: 6 }, { start: 1, end: 2 }, { start: 2.05, end: 3 }])).toEqual([
      { start: 1, end: 3 },
      { start: 5, end: 6 },
    ]);
  });
});
