import { describe, expect, it } from 'vitest';
import { truePeak } from '../quality/loudness.js';
import { decodeMp3 } from '../quality/mp3-decode.js';
import { LocalMusicEngine } from '../provider.js';
import { encodePcm } from './lame.js';
import { planEncodeChunks } from './mp3.js';
import { parseMp3Frames, SAMPLES_PER_FRAME } from './mp3-frames.js';
import { checkedBlockPeaks, CODEC_DELAY, CODEC_GAIN_BOUND_DB, ENCODED_CEILING_DBTP, encodeUnderCeiling, framesToCheck } from './peak-guard.js';

const SR = 44100;

/**
 * Square-wave bursts with hard edges at -1.2 dBFS: MP3 coding rings on every edge, so the decoded
 * true peak lands above -1 dBTP unless the guard steps in.
 */
function hotSignal(seconds: number): { sampleRate: number; left: Float32Array; right: Float32Array } {
  const n = seconds * SR;
  const left = new Float32Array(n);
  const right = new Float32Array(n);
  const amplitude = 10 ** (-1.2 / 20);
  for (let i = 0; i < n; i++) {
    const burst = Math.floor(i / (SR * 0.25)) % 2 === 0;
    const square = Math.sin((2 * Math.PI * 220 * i) / SR) >= 0 ? 1 : -1;
    left[i] = burst ? amplitude * square : 0;
    right[i] = burst ? amplitude * -square : 0;
  }
  return { sampleRate: SR, left, right };
}

/** Analyser true peak (dBTP) of samples [from, to) of both channels, with the interpolator's neighbours. */
function windowPeakDb(channels: Float32Array[], from: number, to: number): number {
  const a = Math.max(0, from - 12);
  const b = Math.min(channels[0].length, to + 12);
  return a >= b ? -Infinity : truePeak(channels.map((c) => c.subarray(a, b)));
}

const bytesEqual = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

const decodedPeak = async (mp3: Uint8Array): Promise<number> => truePeak((await decodeMp3(mp3)).channels);

describe('encodeUnderCeiling', () => {
  it('lowers what MP3 coding pushed over -1 dBTP and leaves the input alone', async () => {
    const pcm = hotSignal(3);
    const before = pcm.left.slice();
    expect(await decodedPeak(await encodePcm(pcm))).toBeGreaterThan(ENCODED_CEILING_DBTP);
    const guarded = await encodeUnderCeiling(pcm, 0, pcm.left.length);
    expect(await decodedPeak(guarded)).toBeLessThanOrEqual(ENCODED_CEILING_DBTP);
    expect(pcm.left).toEqual(before);
  });

  it('encodes once, unchanged, when the decoded peak is already under the ceiling', async () => {
    const pcm = hotSignal(2);
    for (const channel of [pcm.left, pcm.right]) for (let i = 0; i < channel.length; i++) channel[i] *= 0.5;
    expect(await encodeUnderCeiling(pcm, 0, pcm.left.length)).toEqual(await encodePcm(pcm));
  });

  it('encodes again only the frames around an overshoot, leaving the rest of the chunk as first encoded', async () => {
    // 10 s of quiet tone with one hot second in the middle.
    const pcm = hotSignal(10);
    for (const channel of [pcm.left, pcm.right]) for (let i = 0; i < channel.length; i++) if (i < 4.5 * SR || i >= 5.5 * SR) channel[i] *= 0.2;
    const plain = parseMp3Frames(encodePcm(pcm));
    const guarded = await encodeUnderCeiling(pcm, 0, pcm.left.length);
    expect(await decodedPeak(guarded)).toBeLessThanOrEqual(ENCODED_CEILING_DBTP);
    const frames = parseMp3Frames(guarded);
    expect(frames.length).toBe(plain.length);
    const unchanged = frames.map((frame, j) => bytesEqual(frame.mainData, plain[j].mainData));
    // The hot second's frames (and a few around them) changed; the first and last 3.5 s did not.
    expect(unchanged.slice(0, Math.floor((3.5 * SR) / SAMPLES_PER_FRAME)).every(Boolean)).toBe(true);
    expect(unchanged.slice(Math.ceil((6.5 * SR) / SAMPLES_PER_FRAME)).every(Boolean)).toBe(true);
    expect(unchanged.slice(Math.floor((4.5 * SR) / SAMPLES_PER_FRAME), Math.ceil((5.5 * SR) / SAMPLES_PER_FRAME)).some((same) => !same)).toBe(true);
  });

  it('decodes only the frames it checks, exactly as a decode of the whole stream does', async () => {
    const mp3 = encodePcm(hotSignal(4));
    const frames = Math.floor((await decodeMp3(mp3)).channels[0].length / SAMPLES_PER_FRAME);
    // Checking every frame decodes the whole stream in one run.
    const whole = await checkedBlockPeaks(mp3, new Array<boolean>(frames).fill(true));
    // Lone frames, a run, the stream's first frame and runs a warm-up apart.
    const check = Array.from({ length: frames }, (_, j) => j === 0 || j % 17 === 5 || (j >= 60 && j < 70) || j === 73 || j === 77);
    const peaks = await checkedBlockPeaks(mp3, check);
    const floor = 10 ** ((ENCODED_CEILING_DBTP - 0.4) / 20);
    check.forEach((checked, j) => {
      if (!checked) expect(peaks[j]).toBe(0);
      else if (whole[j] > floor) expect(peaks[j]).toBeCloseTo(whole[j], 5);
      else expect(peaks[j]).toBeLessThanOrEqual(floor);
    });
    expect(check.filter((checked, j) => checked && whole[j] > floor).length).toBeGreaterThan(10);
  });

  it('MP3 coding raises no block of mastered songs by CODEC_GAIN_BOUND_DB over its input, so unchecked blocks stay under the ceiling', { timeout: 240_000 }, async () => {
    const engine = new LocalMusicEngine();
    let worstGain = -Infinity;
    let unchecked = 0;
    for (const genre of ['metal', 'house', 'funk', 'drum-and-bass', 'rock']) {
      const plan = engine.plan({ prompt: `${genre} song`, genres: [genre], moods: ['energetic'], generateLyrics: false, generateAlbumArt: false, durationSeconds: 30, seed: 3 });
      const { audio } = await engine.master(await engine.render(engine.compose(plan, null)));
      for (const chunk of planEncodeChunks(audio.left.length)) {
        const startFrame = Math.max(0, chunk.firstFrame - 12);
        const from = startFrame * SAMPLES_PER_FRAME;
        const to = chunk.endFrame === null ? audio.left.length : Math.min(audio.left.length, (chunk.endFrame + 4) * SAMPLES_PER_FRAME);
        const pcm = { sampleRate: SR, left: audio.left.slice(from, to), right: audio.right.slice(from, to) };
        const ownFrom = (chunk.firstFrame - startFrame) * SAMPLES_PER_FRAME;
        const ownTo = chunk.endFrame === null ? to - from : (chunk.endFrame - startFrame) * SAMPLES_PER_FRAME;
        const decoded = (await decodeMp3(await encodePcm(pcm))).channels;
        const check = framesToCheck(pcm, ownFrom, ownTo);
        for (let j = Math.floor((ownFrom + CODEC_DELAY) / SAMPLES_PER_FRAME); j < check.length; j++) {
          const out = windowPeakDb(decoded, j * SAMPLES_PER_FRAME, (j + 1) * SAMPLES_PER_FRAME);
          const near = windowPeakDb([pcm.left, pcm.right], (j - 1) * SAMPLES_PER_FRAME - CODEC_DELAY, (j + 2) * SAMPLES_PER_FRAME - CODEC_DELAY);
          if (out > -12) worstGain = Math.max(worstGain, out - near);
          if (!check[j]) {
            unchecked++;
            expect(out).toBeLessThanOrEqual(ENCODED_CEILING_DBTP - 0.2);
          }
        }
      }
    }
    expect(worstGain).toBeLessThan(CODEC_GAIN_BOUND_DB);
    expect(unchecked).toBeGreaterThan(0);
  });
});
