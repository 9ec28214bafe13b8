import { describe, expect, it } from 'vitest';
import { decodeMp3 } from '../quality/mp3-decode.js';
import { encodePcm } from './lame.js';
import { parseMp3Frames, SAMPLES_PER_FRAME } from './mp3-frames.js';
import { CODEC_DELAY } from './peak-guard.js';

const SR = 44100;

/** Two seconds of a chord with a bright noise layer (energy up to 20 kHz) in stereo. */
function chordWithNoise(): { sampleRate: number; left: Float32Array; right: Float32Array } {
  const n = 2 * SR;
  const left = new Float32Array(n);
  const right = new Float32Array(n);
  let seed = 99;
  for (let i = 0; i < n; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const noise = (seed / 2 ** 32 - 0.5) * 0.05;
    const t = i / SR;
    left[i] = 0.25 * Math.sin(2 * Math.PI * 261.6 * t) + 0.2 * Math.sin(2 * Math.PI * 329.6 * t) + noise;
    right[i] = 0.25 * Math.sin(2 * Math.PI * 392 * t) + 0.2 * Math.sin(2 * Math.PI * 261.6 * t) - noise;
  }
  return { sampleRate: SR, left, right };
}

describe('encodePcm (LAME 3.100, lame.wasm)', () => {
  it('gives the same bytes for the same PCM', () => {
    const pcm = chordWithNoise();
    expect(Buffer.compare(Buffer.from(encodePcm(pcm)), Buffer.from(encodePcm(pcm)))).toBe(0);
  });

  it('makes 44.1 kHz stereo VBR frames that decode to the input, LAME delay included', async () => {
    const pcm = chordWithNoise();
    const mp3 = encodePcm(pcm);
    const frames = parseMp3Frames(mp3);
    expect(frames.every((f) => f.header.sampleRate === SR && f.header.channels === 2)).toBe(true);
    expect(new Set(frames.map((f) => f.header.bitrateKbps)).size).toBeGreaterThan(1);
    // -V2 on a dense signal: well above 128 kbps on average, under the 320 kbps cap.
    const kbps = (mp3.length * 8) / (pcm.left.length / SR) / 1000;
    expect(kbps).toBeGreaterThan(128);
    expect(kbps).toBeLessThan(320);
    const decoded = await decodeMp3(mp3);
    expect(decoded.errors).toBe(0);
    expect(decoded.channels[0].length).toBeGreaterThanOrEqual(pcm.left.length + CODEC_DELAY - SAMPLES_PER_FRAME);
    for (const [c, source] of [pcm.left, pcm.right].entries()) {
      let signal = 0;
      let error = 0;
      for (let i = SR / 4; i < pcm.left.length - SR / 4; i++) {
        signal += source[i] ** 2;
        error += (source[i] - decoded.channels[c][i + CODEC_DELAY]) ** 2;
      }
      // Aligned at CODEC_DELAY the decoded audio matches the input to well beyond coding noise.
      expect(10 * Math.log10(signal / error)).toBeGreaterThan(15);
    }
  });

  it('encodes chunks of any length, one after another, each from a fresh encoder state', () => {
    const pcm = chordWithNoise();
    const short = { sampleRate: SR, left: pcm.left.subarray(0, 1000), right: pcm.right.subarray(0, 1000) };
    const first = encodePcm(pcm);
    expect(parseMp3Frames(encodePcm(short)).length).toBeGreaterThan(0);
    expect(Buffer.compare(Buffer.from(encodePcm(pcm)), Buffer.from(first))).toBe(0);
  });
});
