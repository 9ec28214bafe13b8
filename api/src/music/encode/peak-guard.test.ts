import { describe, expect, it } from 'vitest';
import { truePeak } from '../quality/loudness.js';
import { decodeMp3 } from '../quality/mp3-decode.js';
import { encodePcm } from './lame.js';
import { ENCODED_CEILING_DBTP, encodeUnderCeiling } from './peak-guard.js';

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
});
