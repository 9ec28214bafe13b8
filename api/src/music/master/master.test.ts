import { describe, expect, it } from 'vitest';
import type { StereoAudio } from '../types.js';
import { DEFAULT_LIMITER, limitTruePeak } from './limiter.js';
import { integratedLoudness } from './loudness.js';
import { masterAudio, TARGET_LUFS } from './master.js';
import { channelTruePeak, truePeakDbtp } from './true-peak.js';

const SR = 44100;

function sine(hz: number, amplitude: number, seconds: number, phase = 0): Float32Array {
  return Float32Array.from({ length: Math.round(seconds * SR) }, (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / SR + phase));
}

const stereo = (left: Float32Array, right: Float32Array = left): StereoAudio => ({ sampleRate: SR, left, right });

describe('integratedLoudness (BS.1770-4)', () => {
  it('reads a 0 dBFS 1 kHz sine in both channels as 0 LUFS and in one channel as -3 LUFS', () => {
    expect(integratedLoudness(stereo(sine(1000, 1, 5)))).toBeCloseTo(0, 1);
    expect(integratedLoudness(stereo(sine(1000, 1, 5), new Float32Array(5 * SR)))).toBeCloseTo(-3.01, 1);
  });

  it('scales with level: -20 dBFS reads -20 LUFS', () => {
    expect(integratedLoudness(stereo(sine(1000, 0.1, 5)))).toBeCloseTo(-20, 1);
  });

  it('applies K-weighting: 100 Hz reads quieter than 1 kHz, 4 kHz louder', () => {
    const at = (hz: number): number => integratedLoudness(stereo(sine(hz, 0.5, 4)));
    expect(at(100)).toBeLessThan(at(1000) - 0.3);
    expect(at(4000)).toBeGreaterThan(at(1000) + 2);
  });

  it('gates silence: a tone with long silence measures as the tone alone', () => {
    const tone = sine(1000, 0.1, 4);
    const padded = new Float32Array(12 * SR);
    padded.set(tone, 4 * SR);
    // Ungated, 8 s of silence would pull 12 s down by 4.8 LU; only the partly filled edge blocks count.
    expect(Math.abs(integratedLoudness(stereo(padded)) - integratedLoudness(stereo(tone)))).toBeLessThan(0.5);
    expect(integratedLoudness(stereo(new Float32Array(SR * 2)))).toBe(-Infinity);
  });
});

describe('true peak', () => {
  it('finds the inter-sample peak of a sine sampled off its crests', () => {
    // fs/4 sine at 45 degrees: every sample is at 0.707 of the true amplitude.
    const x = sine(SR / 4, 1, 1, Math.PI / 4);
    let samplePeak = 0;
    for (const v of x) samplePeak = Math.max(samplePeak, Math.abs(v));
    expect(samplePeak).toBeCloseTo(Math.SQRT1_2, 3);
    expect(channelTruePeak(x)).toBeGreaterThan(0.97);
  });

  it('the limiter holds the ceiling on inter-sample peaks and leaves quiet parts alone', () => {
    const loud = sine(SR / 4, 1.6, 1, Math.PI / 4);
    const quiet = sine(440, 0.1, 1);
    const x = new Float32Array(loud.length + quiet.length);
    x.set(quiet);
    x.set(loud, quiet.length);
    const limited = limitTruePeak(stereo(x, x.slice()));
    expect(truePeakDbtp(limited)).toBeLessThanOrEqual(DEFAULT_LIMITER.ceilingDb + 0.1);
    expect(truePeakDbtp(limited)).toBeLessThanOrEqual(-1);
    for (let i = 0; i < quiet.length - 0.01 * SR; i++) expect(limited.left[i]).toBe(x[i]);
  });
});

describe('masterAudio', () => {
  it('lands at -14 LUFS within 0.5 LU under -1 dBTP, finite', () => {
    // A dynamic, peaky signal: decaying plucks over a soft pad.
    const n = 6 * SR;
    const left = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const t = i / SR;
      const pluck = Math.exp(-8 * (t % 0.5)) * Math.sin(2 * Math.PI * 330 * t);
      left[i] = 0.05 * pluck + 0.01 * Math.sin(2 * Math.PI * 110 * t);
    }
    const right = left.map((v, i) => v * 0.8 + 0.005 * Math.sin(i * 0.01));
    const m = masterAudio(stereo(left, right));
    expect(Math.abs(m.integratedLufs - TARGET_LUFS)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(integratedLoudness(m.audio) - TARGET_LUFS)).toBeLessThanOrEqual(0.5);
    expect(m.truePeakDbtp).toBeLessThanOrEqual(-1);
    expect(Math.abs(truePeakDbtp(m.audio) - m.truePeakDbtp)).toBeLessThan(0.1);
    expect(Math.abs(integratedLoudness(m.audio) - m.integratedLufs)).toBeLessThan(0.1);
    expect(m.audio.left.every(Number.isFinite)).toBe(true);
    expect(m.gainDb).toBeGreaterThan(10);
  });

  it('leaves silence silent', () => {
    const m = masterAudio(stereo(new Float32Array(SR), new Float32Array(SR)));
    expect(m.integratedLufs).toBe(-Infinity);
    expect(m.audio.left.every((v) => v === 0)).toBe(true);
  });
});
