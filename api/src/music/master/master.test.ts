import { afterAll, describe, expect, it } from 'vitest';
import type { StereoAudio } from '../types.js';
import { EnginePool } from '../render/worker-pool.js';
import { runAudioJob, sharedCopy, sharedFloat32, sharedFloat64, songSegments } from './audio-jobs.js';
import { DEFAULT_LIMITER, limiterBlockSize } from './limiter.js';
import { integratedLoudness, kWeightedPower, powerBlockSize } from './loudness.js';
import { masterAudio, TARGET_LUFS } from './master.js';
import { addBlockTruePeaks, channelTruePeak, truePeakDbtp } from './true-peak.js';

const SR = 44100;
const pool = new EnginePool(2);
const singleWorker = new EnginePool(1);
afterAll(() => Promise.all([pool.close(), singleWorker.close()]));

function sine(hz: number, amplitude: number, seconds: number, phase = 0): Float32Array {
  return Float32Array.from({ length: Math.round(seconds * SR) }, (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / SR + phase));
}

const stereo = (left: Float32Array, right: Float32Array = left): StereoAudio => ({ sampleRate: SR, left, right });

/** A dynamic, peaky signal: decaying plucks over a soft pad, the right channel a little different. */
function plucks(seconds: number, level = 0.05): StereoAudio {
  const n = Math.round(seconds * SR);
  const left = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const t = i / SR;
    const pluck = Math.exp(-8 * (t % 0.5)) * Math.sin(2 * Math.PI * 330 * t);
    left[i] = level * pluck + 0.2 * level * Math.sin(2 * Math.PI * 110 * t);
  }
  return stereo(left, left.map((v, i) => v * 0.8 + 0.1 * level * Math.sin(i * 0.01)));
}

/** Deterministic broadband noise with level swells: plenty of inter-sample peaks. */
function noise(seconds: number): StereoAudio {
  let state = 12345;
  const random = (): number => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648 - 0.5;
  };
  const n = Math.round(seconds * SR);
  const channel = (): Float32Array => Float32Array.from({ length: n }, (_, i) => random() * (0.3 + 0.25 * Math.sin(i / 9000)));
  return stereo(channel(), channel());
}

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

  it('measures segment by segment (each with its own filter run) what one run over the song measures', () => {
    const audio = sharedCopy(plucks(25));
    const whole = kWeightedPower(audio);
    const block = whole.blockSize;
    const power = sharedFloat64(whole.power.length);
    const peaks = sharedFloat32(whole.power.length);
    const segments = songSegments(audio.left.length, SR, [block]);
    expect(segments.length).toBe(3);
    for (const s of segments) runAudioJob({ kind: 'measure-audio', audio, ...s, powerBlockSize: block, power, peakBlockSize: block, peaks });
    let worst = 0;
    for (let b = 0; b < power.length; b++) worst = Math.max(worst, Math.abs(power[b] - whole.power[b]) / whole.power[b]);
    expect(worst).toBeLessThan(1e-9);
    const b = Math.floor((12 * SR) / block); // a block in the second segment
    expect(peaks[b]).toBe(Math.max(...audio.left.subarray(b * block, (b + 1) * block).map(Math.abs), ...audio.right.subarray(b * block, (b + 1) * block).map(Math.abs)));
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

  it('per block: the exact true peak wherever it may exceed the floor, at most the floor elsewhere', () => {
    const audio = noise(2);
    const blockSize = limiterBlockSize(powerBlockSize(SR));
    const blocks = Math.ceil(audio.left.length / blockSize);
    const samplePeaks = new Float32Array(blocks);
    for (let i = 0; i < audio.left.length; i++) {
      const k = Math.floor(i / blockSize);
      samplePeaks[k] = Math.max(samplePeaks[k], Math.abs(audio.left[i]), Math.abs(audio.right[i]));
    }
    const blockTruePeaks = (floor: number): Float32Array => {
      const peaks = new Float32Array(blocks);
      addBlockTruePeaks(audio, 0, audio.left.length, blockSize, samplePeaks, floor, peaks);
      return peaks;
    };
    // Floor 0: every block interpolated; together they are the whole signal's true peak.
    const exact = blockTruePeaks(0);
    expect(Math.max(...exact)).toBe(Math.fround(Math.max(channelTruePeak(audio.left), channelTruePeak(audio.right))));
    const floor = 0.25;
    const skipping = blockTruePeaks(floor);
    let above = 0;
    let skipped = 0;
    for (let k = 0; k < blocks; k++) {
      if (exact[k] > floor) {
        above++;
        expect(skipping[k]).toBe(exact[k]);
      } else expect(skipping[k]).toBeLessThanOrEqual(floor);
      if (skipping[k] !== exact[k]) skipped++;
    }
    expect(above).toBeGreaterThan(100);
    expect(skipped).toBeGreaterThan(blocks / 4);
  });
});

describe('masterAudio', () => {
  it('lands at -14 LUFS within 0.5 LU under -1 dBTP, and reports what a full measurement of its output finds', async () => {
    const m = await masterAudio(plucks(6), { pool });
    expect(Math.abs(m.integratedLufs - TARGET_LUFS)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(integratedLoudness(m.audio) - TARGET_LUFS)).toBeLessThanOrEqual(0.5);
    expect(m.truePeakDbtp).toBeLessThanOrEqual(-1);
    expect(Math.abs(truePeakDbtp(m.audio) - m.truePeakDbtp)).toBeLessThan(0.1);
    expect(Math.abs(integratedLoudness(m.audio) - m.integratedLufs)).toBeLessThan(0.1);
    expect(m.audio.left.every(Number.isFinite)).toBe(true);
    expect(m.gainDb).toBeGreaterThan(10);
  });

  it('holds the true-peak ceiling on dense inter-sample peaks and leaves the gain steady away from them', async () => {
    // Quiet noise, then a loud fs/4 sine whose samples all miss its crests by 3 dB.
    const quiet = noise(3);
    for (const x of [quiet.left, quiet.right]) for (let i = 0; i < x.length; i++) x[i] *= 0.05;
    const loud = sine(SR / 4, 0.9, 2, Math.PI / 4);
    const channel = (q: Float32Array): Float32Array => {
      const x = new Float32Array(q.length + loud.length);
      x.set(q);
      x.set(loud, q.length);
      return x;
    };
    const input = stereo(channel(quiet.left), channel(quiet.right));
    const m = await masterAudio(input, { pool });
    expect(truePeakDbtp(m.audio)).toBeLessThanOrEqual(DEFAULT_LIMITER.ceilingDb + 0.01);
    expect(Math.abs(integratedLoudness(m.audio) - m.integratedLufs)).toBeLessThan(0.2);
    // Far from the loud part the signal is only scaled by the make-up gain.
    const makeup = Math.pow(10, m.gainDb / 20);
    for (let i = 0; i < quiet.left.length - 0.5 * SR; i += 97) expect(m.audio.left[i]).toBeCloseTo(input.left[i] * makeup, 6);
  });

  it('gives the same bytes on one worker as on two, copying audio outside shared memory and leaving it untouched', async () => {
    const input = noise(25); // three segments
    const copy = input.left.slice();
    const one = await masterAudio(input, { pool: singleWorker });
    const two = await masterAudio(input, { pool });
    expect(Buffer.compare(Buffer.from(input.left.buffer), Buffer.from(copy.buffer))).toBe(0);
    expect(one.audio.left.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Buffer.compare(Buffer.from(one.audio.left.buffer), Buffer.from(two.audio.left.buffer))).toBe(0);
    expect(Buffer.compare(Buffer.from(one.audio.right.buffer), Buffer.from(two.audio.right.buffer))).toBe(0);
    expect(one.integratedLufs).toBe(two.integratedLufs);
    expect(one.truePeakDbtp).toBe(two.truePeakDbtp);
    expect(truePeakDbtp(two.audio)).toBeLessThanOrEqual(DEFAULT_LIMITER.ceilingDb + 0.01);
    expect(Math.abs(integratedLoudness(two.audio) - TARGET_LUFS)).toBeLessThanOrEqual(0.5);
  });

  it('masters shared audio in place when asked', async () => {
    const input = sharedCopy(plucks(3));
    const m = await masterAudio(input, { inPlace: true, pool });
    expect(m.audio.left).toBe(input.left);
    expect(Math.abs(integratedLoudness(input) - TARGET_LUFS)).toBeLessThanOrEqual(0.5);
  });

  it('in place, changes no sample before changesAfter settles (a checkpoint is written from the same buffers meanwhile), and gives the same master', async () => {
    const source = plucks(3);
    const expected = await masterAudio(sharedCopy(source), { inPlace: true, pool });
    const input = sharedCopy(source);
    const unmastered = input.left.slice();
    let finishWriting!: () => void;
    let written = false;
    const writing = new Promise<void>((resolve) => (finishWriting = resolve));
    const mastering = masterAudio(input, { inPlace: true, pool, changesAfter: writing });
    // Long enough for every measuring pass to run; the input must still be as it was.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(Buffer.compare(Buffer.from(input.left.buffer), Buffer.from(unmastered.buffer))).toBe(0);
    const mastered = mastering.then((m) => (expect(written).toBe(true), m));
    written = true;
    finishWriting();
    const m = await mastered;
    expect(m.audio.left).toBe(input.left);
    expect(Buffer.compare(Buffer.from(m.audio.left.buffer), Buffer.from(expected.audio.left.buffer))).toBe(0);
    expect(m.integratedLufs).toBe(expected.integratedLufs);
  });

  it('masters all the same when the write it waits for fails (the writer reports its own failure)', async () => {
    const input = sharedCopy(plucks(3));
    const m = await masterAudio(input, { inPlace: true, pool, changesAfter: Promise.reject(new Error('disk full')) });
    expect(Math.abs(integratedLoudness(input) - TARGET_LUFS)).toBeLessThanOrEqual(0.5);
    expect(m.audio.left).toBe(input.left);
  });

  it('leaves silence silent', async () => {
    const m = await masterAudio(stereo(new Float32Array(SR), new Float32Array(SR)), { pool });
    expect(m.integratedLufs).toBe(-Infinity);
    expect(m.audio.left.every((v) => v === 0)).toBe(true);
  });
});
