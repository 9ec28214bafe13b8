/**
 * MP3 encoding across the engine's worker threads. The song is cut into chunks on frame
 * boundaries; each worker encodes its chunk plus some pre-roll (so the psychoacoustic model and
 * MDCT overlap are settled) and post-roll, the main thread keeps only each chunk's own frames and
 * re-lays them out as one stream (see Mp3Repacker). The first chunk is short so playable bytes
 * exist early. Each worker checks its chunk's decoded true peak and re-encodes it lowered where
 * the coding overshot -1 dBTP (peak-guard.ts).
 */
import type { StereoAudio } from '../types.js';
import { isSharedAudio } from '../master/audio-jobs.js';
import { enginePool, type EnginePool } from '../render/worker-pool.js';
import { Mp3Repacker, parseMp3Frames, POSTROLL_FRAMES, PREROLL_FRAMES, SAMPLES_PER_FRAME } from './mp3-frames.js';
/**
 * Chunk sizes in frames: a short first chunk for fast first bytes, then ~10 s chunks, short
 * enough that the workers finish within a fraction of a second of each other.
 */
const CHUNK_FRAMES = [48, 160, 384];

interface EncodeChunk {
  /** First output frame of this chunk (song frame index). */
  firstFrame: number;
  /** One past its last output frame, or null for the last chunk (takes everything to the end). */
  endFrame: number | null;
}

export function planEncodeChunks(totalSamples: number): EncodeChunk[] {
  const chunks: EncodeChunk[] = [];
  let first = 0;
  for (let k = 0; ; k++) {
    const size = CHUNK_FRAMES[Math.min(k, CHUNK_FRAMES.length - 1)];
    const end = first + size;
    // Only cut if the next chunk still has real audio after its post-roll.
    if ((end + POSTROLL_FRAMES + 1) * SAMPLES_PER_FRAME >= totalSamples) {
      chunks.push({ firstFrame: first, endFrame: null });
      return chunks;
    }
    chunks.push({ firstFrame: first, endFrame: end });
    first = end;
  }
}

/**
 * Samples [from, to) for a worker: views when the audio lives in shared memory (mastered audio
 * does), otherwise copies.
 */
function pcmSlice(audio: StereoAudio, from: number, to: number): { left: Float32Array; right: Float32Array } {
  return isSharedAudio(audio)
    ? { left: audio.left.subarray(from, to), right: audio.right.subarray(from, to) }
    : { left: audio.left.slice(from, to), right: audio.right.slice(from, to) };
}

/**
 * Encodes and calls `onChunk` with consecutive pieces of one playable MP3 stream, in order.
 * Resolves to the VBR header frame that belongs in front of the stream once it is complete (the
 * stored file is header + pieces; see mp3-frames.ts).
 */
export async function encodeMp3Stream(audio: StereoAudio, onChunk: (bytes: Uint8Array) => void, pool: EnginePool = enginePool()): Promise<Uint8Array> {
  const total = audio.left.length;
  const plan = planEncodeChunks(total);
  const jobs = plan.map((chunk) => {
    const startFrame = Math.max(0, chunk.firstFrame - PREROLL_FRAMES);
    const from = startFrame * SAMPLES_PER_FRAME;
    const to = chunk.endFrame === null ? total : Math.min(total, (chunk.endFrame + POSTROLL_FRAMES) * SAMPLES_PER_FRAME);
    const skip = chunk.firstFrame - startFrame;
    const ownTo = chunk.endFrame === null ? to - from : (chunk.endFrame - startFrame) * SAMPLES_PER_FRAME;
    const pcm = { sampleRate: audio.sampleRate, ...pcmSlice(audio, from, to) };
    const stream = pool.run<Uint8Array>({ kind: 'encode', pcm, ownFrom: skip * SAMPLES_PER_FRAME, ownTo }, []);
    return { chunk, skip, stream };
  });
  const repacker = new Mp3Repacker();
  try {
    for (const { chunk, skip, stream } of jobs) {
      const frames = parseMp3Frames(await stream);
      const end = chunk.endFrame === null ? frames.length : skip + chunk.endFrame - chunk.firstFrame;
      if (end > frames.length) throw new Error(`MP3 chunk at frame ${chunk.firstFrame} is short: ${frames.length} < ${end}`);
      for (let i = skip; i < end; i++) repacker.push(frames[i]);
      const ready = repacker.take();
      if (ready.length > 0) onChunk(ready);
    }
    const rest = repacker.finish();
    if (rest.length > 0) onChunk(rest);
    return repacker.vbrHeaderFrame();
  } finally {
    // Do not leave rejected job promises unobserved if an earlier chunk failed.
    await Promise.allSettled(jobs.map((j) => j.stream));
  }
}

/** Whole-song MP3 (stereo, 44.1 kHz, VBR with a Xing header). */
export async function encodeMp3(audio: StereoAudio, pool: EnginePool = enginePool()): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  const header = await encodeMp3Stream(audio, (b) => parts.push(b), pool);
  return concatBytes([header, ...parts]);
}

export function concatBytes(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
