import { describe, expect, it, vi } from 'vitest';
import type { DecodedAudio } from './silenceDetection';
import { SilenceSource } from './silenceSource';

function silentThenLoud(silentSeconds: number, loudSeconds: number): DecodedAudio {
  const rate = 1000;
  const data = new Float32Array((silentSeconds + loudSeconds) * rate);
  data.fill(0.3, silentSeconds * rate);
  return { sampleRate: rate, numberOfChannels: 1, length: data.length, getChannelData: () => data };
}

describe('SilenceSource', () => {
  it('uses stored ranges without decoding', async () => {
    const decode = vi.fn();
    const source = new SilenceSource(decode, vi.fn());
    const song = {
      id: 'a',
      title: 'A',
      audioUrl: '/a.mp3',
      analysis: { durationSeconds: 10, bpm: 100, beatOffsetSeconds: 0, integratedLufs: -14, introEndSeconds: 0, outroStartSeconds: 10, silenceRanges: [{ start: 0, end: 2 }] },
    };
    expect(source.peek(song)).toEqual([{ start: 0, end: 2 }]);
    expect(await source.rangesFor(song)).toEqual([{ start: 0, end: 2 }]);
    expect(decode).not.toHaveBeenCalled();
  });

  it('analyses decoded audio once per song', async () => {
    const decode = vi.fn(async () => silentThenLoud(2, 3));
    const source = new SilenceSource(decode, vi.fn());
    const song = { id: 'b', title: 'B', audioUrl: '/b.mp3' };
    expect(source.peek(song)).toBeUndefined();
    const [first, second] = await Promise.all([source.rangesFor(song), source.rangesFor(song)]);
    expect(first).toEqual([{ start: 0, end: 2 }]);
    expect(second).toBe(first);
    expect(decode).toHaveBeenCalledTimes(1);
    expect(decode).toHaveBeenCalledWith('/b.mp3');
    expect(source.peek(song)).toEqual([{ start: 0, end: 2 }]);
  });

  it('reports a failed decode and yields no ranges', async () => {
    const onFailure = vi.fn();
    const source = new SilenceSource(vi.fn(async () => Promise.reject(new Error('bad data'))), onFailure);
    expect(await source.rangesFor({ id: 'c', title: 'C', audioUrl: '/c.mp3' })).toEqual([]);
    expect(onFailure).toHaveBeenCalledWith('c', expect.any(Error));
    expect(await source.rangesFor({ id: 'd', title: 'D', audioUrl: null })).toEqual([]);
    expect(onFailure).toHaveBeenCalledTimes(2);
  });
});
