import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Response } from 'express';
import sharp from 'sharp';
import { MPEGDecoder } from 'mpg123-decoder';
import { createMp3Encoder } from 'wasm-media-encoders';
import { averageKbps, mediaFile } from './subsonic-library.js';

/**
 * Audio and artwork for Subsonic apps: files under MEDIA_DIR, served with Range and ETag (Express'
 * sendFile), resized covers, and MP3s re-encoded at a lower bit rate when an app asks for one.
 */

/** The constant bit rates LAME offers (kbps) that a transcode may choose. */
const CBR_STEPS = [32, 40, 48, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] as const;
type CbrStep = (typeof CBR_STEPS)[number];
/** Folder under MEDIA_DIR for transcoded copies: made once per song and bit rate, then served like the original. */
export const TRANSCODE_FOLDER = 'transcoded';
export const COVER_SIZE_MAX = 2048;
const MEDIA_MAX_AGE_S = 365 * 24 * 3600;
/** Bytes handed to the decoder and samples to the encoder at a time, with a turn of the event loop between. */
const DECODE_CHUNK_BYTES = 64 * 1024;
const ENCODE_BLOCK = 1152 * 32;

/** The bit rate to serve for `maxBitRate` (kbps, 0 = no limit): null to serve the file as it is. */
export function transcodeBitRate(maxBitRate: number, fileKbps: number): CbrStep | null {
  if (maxBitRate <= 0 || maxBitRate >= fileKbps) return null;
  return [...CBR_STEPS].reverse().find((step) => step <= maxBitRate) ?? CBR_STEPS[0];
}

/** Sends a file with Range, ETag and long caching (its name never changes), as `type`. */
export function sendMediaFile(res: Response, file: string, type: string, downloadName?: string): Promise<void> {
  return new Promise((resolve, reject) => {
    res.type(type);
    if (downloadName) res.attachment(downloadName);
    res.sendFile(file, { maxAge: MEDIA_MAX_AGE_S * 1000, immutable: true, acceptRanges: true, lastModified: true, cacheControl: true }, (error) => (error && !res.headersSent ? reject(error) : resolve()));
  });
}

/** The song's MP3, or a copy re-encoded at the largest LAME bit rate at most `maxBitRate` when the file is above it. */
export async function audioFor(mediaDir: string, songId: string, audioUrl: string | null, durationSeconds: number | null, maxBitRate: number): Promise<string | null> {
  const file = mediaFile(mediaDir, audioUrl);
  if (!file) return null;
  const size = await stat(file).then((s) => s.size, () => null);
  if (size === null) return null;
  const kbps = durationSeconds && durationSeconds > 0 ? averageKbps(size, durationSeconds) : 0;
  const target = transcodeBitRate(maxBitRate, kbps);
  return target === null ? file : transcoded(mediaDir, songId, file, target);
}

const inFlight = new Map<string, Promise<string>>();

/** The cached copy at `kbps`, made on first request (one at a time per copy, shared by concurrent requests). */
function transcoded(mediaDir: string, songId: string, source: string, kbps: CbrStep): Promise<string> {
  const target = path.join(mediaDir, TRANSCODE_FOLDER, `${songId}-${kbps}.mp3`);
  const running = inFlight.get(target);
  if (running) return running;
  const job = (async () => {
    if (await stat(target).then(() => true, () => false)) return target;
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.partial`;
    try {
      await writeFile(partial, await reencode(await readFile(source), kbps));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
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
 * A cover at `size` px (square, JPEG), or the original file when no size is asked or it is not
 * smaller. Resized covers are kept under MEDIA_DIR/transcoded (same name, so made once).
 */
export async function coverFile(mediaDir: string, source: string, size: number | null): Promise<{ file: string; type: string }> {
  const original = { file: source, type: mimeOf(source) };
  if (size === null || size <= 0) return original;
  const clamped = Math.min(size, COVER_SIZE_MAX);
  const meta = await sharp(source).metadata();
  if (meta.width && meta.height && clamped >= Math.max(meta.width, meta.height)) return original;
  const target = path.join(mediaDir, TRANSCODE_FOLDER, 'covers', `${path.basename(source).replace(/\.[^.]+$/, '')}-${clamped}.jpg`);
  if (!(await stat(target).then(() => true, () => false))) {
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.partial`;
    await sharp(source, { limitInputPixels: 40_000_000 }).resize(clamped, clamped, { fit: 'cover' }).jpeg({ quality: 85 }).toFile(partial);
    await rename(partial, target);
  }
  return { file: target, type: 'image/jpeg' };
}

const MIME: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.svg': 'image/svg+xml' };
const mimeOf = (file: string) => MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

