import { loadSharp } from '../common/lazy.js';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { MPEGDecoder } from 'mpg123-decoder';
import { averageKbps } from './subsonic-library.js';
import { contentTypeOf, mediaKey, type MediaStorage } from '../storage/media-storage.js';

/**
 * Audio and artwork for Subsonic apps, from the media storage (served by MediaDelivery with Range
 * and ETag): resized covers, and MP3s re-encoded at a lower bit rate when an app asks for one.
 */

/** The constant bit rates LAME offers (kbps) that a transcode may choose. */
const CBR_STEPS = [32, 40, 48, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] as const;
type CbrStep = (typeof CBR_STEPS)[number];
/** Storage folder of transcoded copies: made once per song and bit rate (shared by every API process), then served like the original. */
export const TRANSCODE_FOLDER = 'transcoded';
export const COVER_SIZE_MAX = 2048;
/** Bytes handed to the decoder and samples to the encoder at a time, with a turn of the event loop between. */
const DECODE_CHUNK_BYTES = 64 * 1024;
const ENCODE_BLOCK = 1152 * 32;

/** The bit rate to serve for `maxBitRate` (kbps, 0 = no limit): null to serve the file as it is. */
export function transcodeBitRate(maxBitRate: number, fileKbps: number): CbrStep | null {
  if (maxBitRate <= 0 || maxBitRate >= fileKbps) return null;
  return [...CBR_STEPS].reverse().find((step) => step <= maxBitRate) ?? CBR_STEPS[0];
}

/** Subsonic media URLs carry the caller's credentials: only their own client may keep the answer. */
export const SUBSONIC_MEDIA_CACHE = 'private, max-age=86400';

/** The storage key of the song's MP3, or of a copy re-encoded at the largest LAME bit rate at most `maxBitRate` when the file is above it. */
export async function audioFor(storage: MediaStorage, songId: string, audioUrl: string | null, durationSeconds: number | null, maxBitRate: number): Promise<string | null> {
  const key = mediaKey(audioUrl);
  const info = key && (await storage.stat(key));
  if (!key || !info) return null;
  const kbps = durationSeconds && durationSeconds > 0 ? averageKbps(info.size, durationSeconds) : 0;
  const target = transcodeBitRate(maxBitRate, kbps);
  return target === null ? key : transcoded(storage, songId, key, target);
}

const inFlight = new Map<string, Promise<string>>();

/** The cached copy at `kbps`, made on first request (one at a time per copy in this process, shared by concurrent requests). */
function transcoded(storage: MediaStorage, songId: string, source: string, kbps: CbrStep): Promise<string> {
  const target = `${TRANSCODE_FOLDER}/${songId}-${kbps}.mp3`;
  const running = inFlight.get(target);
  if (running) return running;
  const job = (async () => {
    if (await storage.stat(target)) return target;
    const original = await storage.read(source);
    if (!original) throw new Error(`Media object ${source} is gone`);
    await storage.write(target, await reencode(original, kbps));
    return target;
  })().finally(() => inFlight.delete(target));
  inFlight.set(target, job);
  return job;
}

/**
 * MP3 -> PCM (mpg123, wasm) -> CBR MP3 (LAME, wasm), in slices with a turn of the event loop between
 * them, so a transcode never holds up other requests for long.
 */
export async function reencode(mp3: Uint8Array, kbps: CbrStep): Promise<Uint8Array> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  const left: Float32Array[] = [];
  const right: Float32Array[] = [];
  let sampleRate = 44100;
  try {
    for (let at = 0; at < mp3.length; at += DECODE_CHUNK_BYTES) {
      const decoded = decoder.decode(mp3.subarray(at, at + DECODE_CHUNK_BYTES));
      if (decoded.samplesDecoded > 0) {
        sampleRate = decoded.sampleRate;
        left.push(decoded.channelData[0]!.slice(0, decoded.samplesDecoded));
        right.push((decoded.channelData[1] ?? decoded.channelData[0]!).slice(0, decoded.samplesDecoded));
      }
      await yieldToEventLoop();
    }
  } finally {
    decoder.free();
  }
  // The encoder's inline WebAssembly is imported at the first transcode, not at start-up (issue 20).
  const { createMp3Encoder } = await import('wasm-media-encoders');
  const encoder = await createMp3Encoder();
  encoder.configure({ sampleRate, channels: 2, bitrate: kbps });
  const parts: Uint8Array[] = [];
  for (let chunk = 0; chunk < left.length; chunk += 1) {
    const l = left[chunk]!;
    const r = right[chunk]!;
    for (let at = 0; at < l.length; at += ENCODE_BLOCK) parts.push(encoder.encode([l.subarray(at, at + ENCODE_BLOCK), r.subarray(at, at + ENCODE_BLOCK)]).slice());
    await yieldToEventLoop();
  }
  parts.push(encoder.finalize().slice());
  return Buffer.concat(parts);
}

/**
 * The storage key of a cover at `size` px (square, JPEG), or of the original when no size is asked
 * or it is not smaller; null when the original is gone. Resized covers are kept under transcoded/covers/ (same name, so made once).
 */
export async function coverFile(storage: MediaStorage, source: string, size: number | null): Promise<{ key: string; type: string } | null> {
  const original = { key: source, type: contentTypeOf(source) };
  if (size === null || size <= 0) return (await storage.stat(source)) ? original : null;
  const clamped = Math.min(size, COVER_SIZE_MAX);
  const target = `${TRANSCODE_FOLDER}/covers/${source.slice(source.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '')}-${clamped}.jpg`;
  if (await storage.stat(target)) return { key: target, type: 'image/jpeg' };
  const bytes = await storage.read(source);
  if (!bytes) return null;
  const sharp = await loadSharp();
  const meta = await sharp(bytes).metadata();
  if (meta.width && meta.height && clamped >= Math.max(meta.width, meta.height)) return original;
  await storage.write(target, await sharp(bytes, { limitInputPixels: 40_000_000 }).resize(clamped, clamped, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer());
  return { key: target, type: 'image/jpeg' };
}

