/**
 * Keeps the ENCODED file under -1 dBTP. MP3 coding adds its own overshoot (up to ~0.8 dB on
 * dense, bright songs) on top of the mastered true peak, so a ceiling before encoding cannot
 * guarantee the decoded level. Each worker decodes the chunk it has just encoded (mpg123, wasm),
 * measures the true peak of the chunk's own frames, and where a block overshoots, lowers the input
 * smoothly around it (a short gain dip, like a limiter's) and encodes again.
 */
import { MPEGDecoder } from 'mpg123-decoder';
import { addBlockTruePeaks } from '../master/true-peak.js';
import { encodePcm, type PcmChunk } from './lame.js';
import { SAMPLES_PER_FRAME } from './mp3-frames.js';

export const ENCODED_CEILING_DBTP = -1;
/**
 * True-peak meters disagree by up to ~0.15 dB on the steepest material (their interpolators
 * differ: 0.12 dB on hard-edged test bursts), so blocks are checked against a limit a little under the ceiling and corrected to
 * further under it, so one correction is normally enough.
 */
const LIMIT = 10 ** ((ENCODED_CEILING_DBTP - 0.2) / 20);
const TARGET = 10 ** ((ENCODED_CEILING_DBTP - 0.4) / 20);
/** Samples LAME's encoder delay plus mpg123's decoder delay put in front of the decoded audio. */
const CODEC_DELAY = 1105;
const BLOCK = SAMPLES_PER_FRAME;
/** Each dip holds its gain over the block and one block either side, with 20 ms cosine ramps. */
const RAMP_SECONDS = 0.02;
const MAX_ENCODES = 4;

/** One decoder per worker thread, reused (instantiating the wasm module is the slow part). */
let decoder: MPEGDecoder | null = null;

async function decode(mp3: Uint8Array): Promise<{ left: Float32Array; right: Float32Array }> {
  decoder ??= new MPEGDecoder();
  await decoder.ready;
  await decoder.reset();
  const { channelData } = decoder.decode(mp3);
  return { left: channelData[0], right: channelData[1] ?? channelData[0] };
}

/** The largest true peak per BLOCK of decoded audio within [from, to) (decoded sample indices). */
function blockPeaks(decoded: { left: Float32Array; right: Float32Array }, from: number, to: number): Float32Array {
  const audio = { sampleRate: 0, ...decoded };
  const blocks = Math.ceil(decoded.left.length / BLOCK);
  const samplePeaks = new Float32Array(blocks);
  for (let i = 0; i < decoded.left.length; i++) {
    const k = (i / BLOCK) | 0;
    const v = Math.max(Math.abs(decoded.left[i]), Math.abs(decoded.right[i]));
    if (v > samplePeaks[k]) samplePeaks[k] = v;
  }
  const truePeaks = new Float32Array(blocks);
  const start = Math.floor(Math.max(0, from) / BLOCK) * BLOCK;
  addBlockTruePeaks(audio, start, Math.min(to, decoded.left.length), BLOCK, samplePeaks, TARGET, truePeaks);
  return truePeaks;
}

/**
 * Lowers `gains` to `gain` over [from, to) with cosine ramps either side; where dips overlap the
 * lower gain wins (they never compound).
 */
function addDip(gains: Float32Array, from: number, to: number, gain: number, ramp: number): void {
  for (let i = Math.max(0, from - ramp); i < Math.min(gains.length, to + ramp); i++) {
    const outside = i < from ? from - i : i >= to ? i - to + 1 : 0;
    const g = outside === 0 ? gain : 1 - (1 - gain) * 0.5 * (1 + Math.cos((Math.PI * outside) / ramp));
    if (g < gains[i]) gains[i] = g;
  }
}

/**
 * Encodes `pcm` so that the decoded samples [ownFrom, ownTo) (the chunk's own frames; pre- and
 * post-roll are thrown away) stay under the ceiling. The caller's buffers are never written.
 */
export async function encodeUnderCeiling(pcm: PcmChunk, ownFrom: number, ownTo: number): Promise<Uint8Array> {
  const input = { sampleRate: pcm.sampleRate, left: pcm.left, right: pcm.right };
  const ramp = Math.round(RAMP_SECONDS * pcm.sampleRate);
  for (let encodes = 1; ; encodes++) {
    const mp3 = await encodePcm(input);
    if (encodes === MAX_ENCODES) return mp3;
    const peaks = blockPeaks(await decode(mp3), ownFrom + CODEC_DELAY, ownTo + CODEC_DELAY);
    const gains = new Float32Array(input.left.length).fill(1);
    let over = false;
    peaks.forEach((peak, k) => {
      if (peak <= LIMIT) return;
      over = true;
      const from = (k - 1) * BLOCK - CODEC_DELAY;
      addDip(gains, from, from + 3 * BLOCK, TARGET / peak, ramp);
    });
    if (!over) return mp3;
    if (input.left === pcm.left) {
      input.left = pcm.left.slice();
      input.right = pcm.right.slice();
    }
    for (let i = 0; i < gains.length; i++) {
      input.left[i] *= gains[i];
      input.right[i] *= gains[i];
    }
  }
}
