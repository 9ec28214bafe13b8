/**
 * Keeps the ENCODED file under -1 dBTP. MP3 coding adds its own overshoot (up to ~0.8 dB on
 * dense, bright songs) on top of the mastered true peak, so a ceiling before encoding cannot
 * guarantee the decoded level. Each worker decodes what it has just encoded (mpg123, wasm),
 * measures the true peak of the chunk's own frames, and where a block overshoots, lowers the input
 * smoothly around it (a short gain dip, like a limiter's) and encodes again.
 * Only frames that can come near the ceiling are decoded: MP3 coding raises a block's true peak by
 * less than CODEC_GAIN_BOUND_DB over the input's true peak around it (measured, and checked over
 * many songs by peak-guard.test.ts), so a block whose input stays under LIMIT minus that bound
 * cannot decode over LIMIT. Calm stretches and quiet songs then cost no decoding at all.
 */
import { MPEGDecoder } from 'mpg123-decoder';
import { addBlockTruePeaks } from '../master/true-peak.js';
import { encodePcm, type PcmChunk } from './lame.js';
import { dataOffset, Mp3Repacker, parseMp3Frames, POSTROLL_FRAMES, PREROLL_FRAMES, SAMPLES_PER_FRAME, type Mp3Frame } from './mp3-frames.js';

export const ENCODED_CEILING_DBTP = -1;
/**
 * True-peak meters disagree by up to ~0.15 dB on the steepest material (their interpolators
 * differ: 0.12 dB on hard-edged test bursts), so blocks are checked against a limit a little under the ceiling and corrected to
 * further under it, so one correction is normally enough.
 */
const LIMIT = 10 ** ((ENCODED_CEILING_DBTP - 0.2) / 20);
const TARGET = 10 ** ((ENCODED_CEILING_DBTP - 0.4) / 20);
/** Samples LAME's encoder delay plus mpg123's decoder delay put in front of the decoded audio. */
export const CODEC_DELAY = 1105;
const BLOCK = SAMPLES_PER_FRAME;
/** Each dip holds its gain over the block and one block either side, with 20 ms cosine ramps. */
const RAMP_SECONDS = 0.02;
const MAX_ENCODES = 4;
/**
 * Frames either side of a dip's own frames that are encoded again with it: LAME's MDCT windows
 * reach half a granule past a frame, so two frames' margin leaves the frames outside a stretch
 * coded from unchanged input.
 */
const STRETCH_MARGIN_FRAMES = 2;
/**
 * How far MP3 coding can raise a decoded block's true peak over the input's true peak from one
 * block before it to one block after it (the coder's window). Measured on energetic songs of six
 * genres: at most 1.63 dB (99.9 % of blocks under 0.7 dB); the bound keeps a margin over that.
 */
export const CODEC_GAIN_BOUND_DB = 2.5;
/** Input true peak above which the frames around a block are decoded and checked. */
const HOT = LIMIT * 10 ** (-CODEC_GAIN_BOUND_DB / 20);
/**
 * A stretch of frames decodes exactly (to float rounding) once the decoder has had the frame
 * before it whole (its second granule's MDCT overlap; the synthesis filter's 512 samples of memory
 * fill within it), and that frame needs the bit reservoir's up to 511 bytes before it. Measured on
 * five mastered songs, 504 lone frames each: at most 2.4e-7 from a whole decode (two warm-up
 * frames, as before, decoded 6-13 % more frames for the same samples).
 */
const WARM_UP_FRAMES = 1;
const MAX_RESERVOIR_BYTES = 511;

/**
 * One decoder per worker thread, reused across a song's chunks; the compiled wasm module is
 * cached by the package, so a new instance is cheap.
 */
let decoder: MPEGDecoder | null = null;
/**
 * This thread's decoded samples, reused from run to run. Decoding a run in one call made three
 * copies of it (frame pieces, each frame's join, the run's join): about 10 MB of garbage per 10 s
 * chunk, which a worker's small heap kept uncollected through several encodes, at a song's peak.
 */
let decoded: { left: Float32Array; right: Float32Array } | null = null;

/**
 * Frees this thread's decoder and what it decoded into (about 30 MB after a guarded encode, which
 * a worker otherwise kept through the next song's render). Its output for a frame run does not
 * depend on what it decoded before (see warmUpStart), so a fresh one decodes the same.
 */
export function releasePeakDecoder(): void {
  decoder?.free();
  decoder = null;
  decoded = null;
}

/** Decodes `frames` in order, frame by frame, into this thread's reused buffers; answers views of them. */
function decodeRun(mpeg: MPEGDecoder, frames: Mp3Frame[]): { left: Float32Array; right: Float32Array } {
  // Frames fed so far never decode to more than a frame's samples each.
  const capacity = frames.length * BLOCK;
  if (!decoded || decoded.left.length < capacity) decoded = { left: new Float32Array(capacity), right: new Float32Array(capacity) };
  const { left, right } = decoded;
  let length = 0;
  for (const frame of frames) {
    const { channelData, samplesDecoded } = mpeg.decodeFrame(frame.bytes);
    left.set(channelData[0].subarray(0, samplesDecoded), length);
    right.set((channelData[1] ?? channelData[0]).subarray(0, samplesDecoded), length);
    length += samplesDecoded;
  }
  return { left: left.subarray(0, length), right: right.subarray(0, length) };
}

/** Largest |sample| of either channel per BLOCK of `audio`. */
function blockSamplePeaks(left: Float32Array, right: Float32Array): Float32Array {
  const peaks = new Float32Array(Math.ceil(left.length / BLOCK));
  for (let k = 0; k < peaks.length; k++) {
    let peak = 0;
    for (let i = k * BLOCK, end = Math.min(left.length, i + BLOCK); i < end; i++) peak = Math.max(peak, Math.abs(left[i]), Math.abs(right[i]));
    peaks[k] = peak;
  }
  return peaks;
}

/** True peak per BLOCK of `audio` where it exceeds `floor` (some value up to `floor` elsewhere). */
function blockTruePeaks(left: Float32Array, right: Float32Array, floor: number): Float32Array {
  const truePeaks = new Float32Array(Math.ceil(left.length / BLOCK));
  addBlockTruePeaks({ sampleRate: 0, left, right }, 0, left.length, BLOCK, blockSamplePeaks(left, right), floor, truePeaks);
  return truePeaks;
}

/**
 * Decoded blocks (= frames) of [ownFrom, ownTo) that can come near the ceiling: those with input
 * over HOT from one block before to one block after them (the decoder's output is late by CODEC_DELAY).
 */
export function framesToCheck(input: PcmChunk, ownFrom: number, ownTo: number): boolean[] {
  const samplePeaks = blockSamplePeaks(input.left, input.right);
  // A block over HOT by its samples alone needs no interpolation; the rest are interpolated only
  // where their neighbourhood can reach HOT (addBlockTruePeaks).
  const truePeaks = new Float32Array(samplePeaks.length);
  const audio = { sampleRate: input.sampleRate, left: input.left, right: input.right };
  const hot = Array.from(samplePeaks, (peak, k) => {
    if (peak > HOT) return true;
    addBlockTruePeaks(audio, k * BLOCK, (k + 1) * BLOCK, BLOCK, samplePeaks, HOT, truePeaks);
    return truePeaks[k] > HOT;
  });
  const frames = Math.ceil((ownTo + CODEC_DELAY) / BLOCK);
  const check = new Array<boolean>(frames).fill(false);
  for (let j = Math.floor((ownFrom + CODEC_DELAY) / BLOCK); j < frames; j++) {
    const first = Math.max(0, Math.floor(((j - 1) * BLOCK - CODEC_DELAY) / BLOCK));
    const last = Math.min(hot.length - 1, Math.floor(((j + 2) * BLOCK - CODEC_DELAY - 1) / BLOCK));
    for (let k = first; k <= last && !check[j]; k++) check[j] = hot[k];
  }
  return check;
}

/** First frame to feed the decoder so that frame `from` decodes as in the whole stream. */
function warmUpStart(frames: Mp3Frame[], from: number): number {
  let start = Math.max(0, from - WARM_UP_FRAMES - 1);
  const dataBytes = (f: Mp3Frame): number => f.bytes.length - dataOffset(f.header);
  let reservoir = 0;
  for (let f = start; f < from - WARM_UP_FRAMES; f++) reservoir += dataBytes(frames[f]);
  while (start > 0 && reservoir < MAX_RESERVOIR_BYTES) reservoir += dataBytes(frames[--start]);
  return start;
}

/**
 * True peak of each checked decoded block of `mp3` (0 for the rest). Runs of checked frames are
 * decoded after their warm-up frames (a decoder fed frames out of order only gets the warm-up
 * wrong, so it is reset only for the stream's first frame), with one frame past each run for the
 * interpolator's reach.
 */
export async function checkedBlockPeaks(mp3: Uint8Array, check: boolean[]): Promise<Float32Array> {
  const frames = parseMp3Frames(mp3);
  const peaks = new Float32Array(frames.length);
  const n = Math.min(check.length, frames.length);
  decoder ??= new MPEGDecoder();
  await decoder.ready;
  for (let from = check.indexOf(true); from >= 0 && from < n; from = check.indexOf(true, from)) {
    // Runs closer than a warm-up are decoded as one.
    let to = from + 1;
    for (let next = to; next < n && next - to <= WARM_UP_FRAMES + 1; next++) if (check[next]) to = next + 1;
    const start = warmUpStart(frames, from);
    if (start === 0) await decoder.reset();
    const { left, right } = decodeRun(decoder, frames.slice(start, Math.min(frames.length, to + 1)));
    const runPeaks = blockTruePeaks(left, right, TARGET);
    for (let j = from; j < to; j++) if (check[j]) peaks[j] = runPeaks[j - start];
    from = to;
  }
  return peaks;
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
 * Frames of `input` whose coding a gain change over samples [from, to) can reach: the frames that
 * decode them (CODEC_DELAY later) and a frame either side more than the MDCT windows' overlap.
 */
function framesAround(from: number, to: number, frameCount: number): { first: number; end: number } {
  return {
    first: Math.max(0, Math.floor((from + CODEC_DELAY) / BLOCK) - STRETCH_MARGIN_FRAMES),
    end: Math.min(frameCount, Math.floor((to - 1 + CODEC_DELAY) / BLOCK) + 1 + STRETCH_MARGIN_FRAMES),
  };
}

/**
 * Encodes `input` again over frames [first, end) only, with its pre- and post-roll, and puts those
 * frames in place of `frames`' (to the end when the encode reaches the end of the input).
 */
function reencodeStretch(input: PcmChunk, frames: Mp3Frame[], first: number, end: number): void {
  const start = Math.max(0, first - PREROLL_FRAMES);
  const to = Math.min(input.left.length, (end + POSTROLL_FRAMES) * BLOCK);
  const from = start * BLOCK;
  const stretch = parseMp3Frames(encodePcm({ sampleRate: input.sampleRate, left: input.left.subarray(from, to), right: input.right.subarray(from, to) }));
  const last = to === input.left.length ? frames.length : end;
  if (start + stretch.length < last) throw new Error(`MP3 stretch at frame ${first} is short: ${start + stretch.length} < ${last}`);
  frames.splice(first, last - first, ...stretch.slice(first - start, last - start));
}

/** One stream of `frames`, their bit reservoir laid out again across the spliced stretches. */
function relaid(frames: Mp3Frame[]): Uint8Array {
  const repacker = new Mp3Repacker();
  for (const frame of frames) repacker.push(frame);
  return repacker.finish();
}

/**
 * Encodes `pcm` so that the decoded samples [ownFrom, ownTo) (the chunk's own frames; pre- and
 * post-roll are thrown away) stay under the ceiling. The caller's buffers are never written.
 * Where a block overshoots, the input is dipped around it and only the frames the dip can reach
 * are encoded again and spliced in (one block's dip used to cost the whole chunk's encode), and
 * only the checked frames around the splices are decoded again.
 */
export async function encodeUnderCeiling(pcm: PcmChunk, ownFrom: number, ownTo: number): Promise<Uint8Array> {
  const input = { sampleRate: pcm.sampleRate, left: pcm.left, right: pcm.right };
  const ramp = Math.round(RAMP_SECONDS * pcm.sampleRate);
  let mp3 = encodePcm(input);
  let check = framesToCheck(input, ownFrom, ownTo);
  for (let encodes = 1; encodes < MAX_ENCODES && check.includes(true); encodes++) {
    const overshoots = [...(await checkedBlockPeaks(mp3, check)).entries()].filter(([, peak]) => peak > LIMIT);
    // Most chunks never overshoot: the gain curve, a fresh chunk-long array (page faults cost more
    // than the encode's own work on it), only for those that do.
    if (overshoots.length === 0) break;
    const gains = new Float32Array(input.left.length).fill(1);
    const dips = overshoots.map(([k, peak]) => {
      const from = (k - 1) * BLOCK - CODEC_DELAY;
      addDip(gains, from, from + 3 * BLOCK, TARGET / peak, ramp);
      return { from: from - ramp, to: from + 3 * BLOCK + ramp };
    });
    if (input.left === pcm.left) {
      input.left = pcm.left.slice();
      input.right = pcm.right.slice();
    }
    for (let i = 0; i < gains.length; i++) {
      input.left[i] *= gains[i];
      input.right[i] *= gains[i];
    }
    const frames = parseMp3Frames(mp3);
    // Stretches closer than an encode's pre- and post-roll are encoded as one.
    const stretches: { first: number; end: number }[] = [];
    for (const dip of dips) {
      const around = framesAround(dip.from, dip.to, frames.length);
      const previous = stretches.at(-1);
      if (previous && around.first - previous.end < PREROLL_FRAMES + POSTROLL_FRAMES) previous.end = Math.max(previous.end, around.end);
      else stretches.push(around);
    }
    // Latest first, so the frame indices of the stretches before stay put.
    for (const { first, end } of stretches.reverse()) reencodeStretch(input, frames, first, end);
    mp3 = relaid(frames);
    // The decoded frames a splice can change: its own and the one after each end (MDCT overlap).
    const hot = framesToCheck(input, ownFrom, ownTo);
    check = hot.map((isHot, j) => isHot && stretches.some(({ first, end }) => j >= first - 1 && j <= end));
  }
  return mp3;
}
