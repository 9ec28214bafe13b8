import { afterAll, describe, expect, it } from 'vitest';
import type { MasteredAudio, SilenceRange, StereoAudio } from '../types.js';
import { fixtureComposition } from '../render/fixtures.js';
import { EnginePool } from '../render/worker-pool.js';
import { analyseSong, WAVEFORM_POINTS } from './analyse.js';

const SR = 44100;
const pool = new EnginePool(2);
const singleWorker = new EnginePool(1);
afterAll(() => Promise.all([pool.close(), singleWorker.close()]));

const mastered = (audio: StereoAudio): MasteredAudio => ({ audio, integratedLufs: -14, truePeakDbtp: -1.5, gainDb: 0 });

async function silenceRangesOf(audio: StereoAudio): Promise<SilenceRange[]> {
  const analysis = await analyseSong(mastered(audio), fixtureComposition({ seconds: 2 }), pool);
  return analysis.silenceRanges;
}

/** A 220 Hz tone at `amplitude` with the given [start, end) seconds zeroed (or set to `floor`). */
function toneWithGaps(seconds: number, gaps: Array<[number, number]>, amplitude = 0.3, floor = 0): StereoAudio {
  const n = seconds * SR;
  const left = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / SR;
    const inGap = gaps.some(([a, b]) => t >= a && t < b);
    left[i] = inGap ? floor * Math.sin(2 * Math.PI * 50 * t) : amplitude * Math.sin(2 * Math.PI * 220 * t);
  }
  return { sampleRate: SR, left, right: left.slice() };
}

describe('silence ranges (SPEC 9)', () => {
  it('finds gaps of at least 0.5 s and ignores shorter ones', async () => {
    const ranges = await silenceRangesOf(toneWithGaps(6, [[1, 1.8], [3, 3.3]]));
    expect(ranges).toHaveLength(1);
    expect(ranges[0].start).toBeCloseTo(1, 1);
    expect(ranges[0].end).toBeCloseTo(1.8, 1);
  });

  it('merges silences separated by less than 0.1 s into one range', async () => {
    // Two 0.3 s gaps with a 50 ms blip between them: each too short alone, 0.65 s merged.
    const ranges = await silenceRangesOf(toneWithGaps(4, [[1, 1.3], [1.35, 1.65]]));
    expect(ranges).toHaveLength(1);
    expect(ranges[0].start).toBeCloseTo(1, 1);
    expect(ranges[0].end).toBeCloseTo(1.65, 1);
  });

  it('keeps silences separated by more than 0.1 s apart', async () => {
    expect(await silenceRangesOf(toneWithGaps(5, [[1, 1.6], [1.8, 2.4]]))).toHaveLength(2);
  });

  it('finds a gap across the cut between two segments measured on different workers', async () => {
    expect(await silenceRangesOf(toneWithGaps(14, [[9.7, 10.4]]))).toEqual([{ start: 9.7, end: 10.4 }]);
  });

  it('treats sound below the 0.01 threshold as silence and quiet sound above it as sound, including leading and trailing silence', async () => {
    expect(await silenceRangesOf(toneWithGaps(4, [[0, 1.2]], 0.3, 0.008))).toEqual([{ start: 0, end: 1.2 }]);
    expect(await silenceRangesOf(toneWithGaps(4, [[2, 4]], 0.3, 0.02))).toEqual([]);
    expect(await silenceRangesOf(toneWithGaps(4, [[3, 4]]))).toEqual([{ start: 3, end: 4 }]);
    // A quiet tone (peak 0.05) has many samples under 0.01 near zero crossings; still not silence.
    expect(await silenceRangesOf(toneWithGaps(3, [], 0.05))).toEqual([]);
  });
});

describe('analyseSong', () => {
  it('reports composition facts, mastering figures and measured curves', async () => {
    const c = fixtureComposition({ seconds: 8 });
    c.key = { tonic: 'F', mode: 'minor' };
    const audio = toneWithGaps(10, [[8.5, 10]]);
    const m: MasteredAudio = { audio, integratedLufs: -14.04, truePeakDbtp: -1.53, gainDb: 3 };
    const a = await analyseSong(m, c, pool);
    expect(a.durationSeconds).toBe(10);
    expect(a.bpm).toBe(120);
    expect(a.beatOffsetSeconds).toBe(0);
    expect(a.key).toBe('F minor');
    expect(a.integratedLufs).toBe(-14.04);
    expect(a.truePeakDbtp).toBe(-1.53);
    expect(a.energyCurve).toHaveLength(10);
    expect(a.energyCurve[0]).toBeGreaterThan(0.5);
    expect(a.energyCurve[9]).toBe(0);
    expect(a.waveformPeaks).toHaveLength(WAVEFORM_POINTS);
    expect(Math.max(...a.waveformPeaks)).toBeCloseTo(0.3, 2);
    expect(a.silenceRanges).toEqual([{ start: 8.5, end: 10 }]);
    expect(a.introEndSeconds).toBe(0);
    expect(a.outroStartSeconds).toBeGreaterThanOrEqual(8);
    expect(a.outroStartSeconds).toBeLessThanOrEqual(9);
  });

  it('takes intro end and outro start from the sections when present', async () => {
    const c = fixtureComposition({ seconds: 16 });
    c.sections = [
      { kind: 'intro', label: 'Intro', startBar: 0, bars: 2, start: 0, end: 4, energy: 0.3 },
      { kind: 'chorus', label: 'Chorus 1', startBar: 2, bars: 4, start: 4, end: 12, energy: 0.9 },
      { kind: 'outro', label: 'Outro', startBar: 6, bars: 2, start: 12, end: 16, energy: 0.3 },
    ];
    const a = await analyseSong(mastered(toneWithGaps(17, [])), c, pool);
    expect(a.introEndSeconds).toBe(4);
    expect(a.outroStartSeconds).toBe(12);
  });

  it('gives the same analysis on one worker as on two', async () => {
    const c = fixtureComposition({ seconds: 20 });
    const audio = toneWithGaps(25, [[3, 4], [12, 12.8]]);
    for (let i = 0; i < audio.left.length; i++) audio.left[i] *= 0.5 + 0.5 * Math.sin(i / 30000);
    const one = await analyseSong(mastered(audio), c, singleWorker);
    const two = await analyseSong(mastered(audio), c, pool);
    expect(one).toEqual(two);
    expect(new Set(two.energyCurve).size).toBeGreaterThan(10);
    // Each waveform point is its slice's peak, give or take a block (<= 32 samples) at the edges.
    const n = audio.left.length;
    const peak = (from: number, to: number): number => {
      let p = 0;
      for (let i = Math.max(0, from); i < Math.min(n, to); i++) p = Math.max(p, Math.abs(audio.left[i]), Math.abs(audio.right[i]));
      return p;
    };
    two.waveformPeaks.forEach((v, p) => {
      const from = Math.floor((p * n) / WAVEFORM_POINTS);
      const to = Math.floor(((p + 1) * n) / WAVEFORM_POINTS);
      expect(v).toBeGreaterThanOrEqual(peak(from, to) - 0.0005);
      expect(v).toBeLessThanOrEqual(peak(from - 32, to + 32) + 0.0005);
    });
  });
});
