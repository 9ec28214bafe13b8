/**
 * Renders notes through their instrument voice, memoising by (instrument, pitch, length,
 * velocity bucket, brightness). Songs repeat themselves, so most notes after the first bars are
 * cache hits and cost one buffer add. Capped so a worker's memory stays bounded.
 */
import type { InstrumentId } from '../types.js';
import { hashString, midiToHz } from './dsp.js';
import { INSTRUMENTS } from './instruments.js';

/** Note lengths are rounded to this grid (seconds); inaudible, and it makes repeats share buffers. */
const LENGTH_GRID = 0.005;
const VELOCITY_BUCKETS = 3;
const MAX_CACHED_SAMPLES = 4_000_000; // 16 MB of Float32 per worker: most of a song's distinct notes

const cache = new Map<string, Float32Array>();
let cachedSamples = 0;

/** Loudness for a 0..1 velocity (timbre changes come from the voice's velocity bucket). */
export function velocityGain(velocity: number): number {
  const v = Math.min(1, Math.max(0, velocity));
  return 0.15 + 0.85 * v * v;
}

export function renderNote(instrument: InstrumentId, pitch: number, duration: number, velocity: number, brightness: number, sampleRate: number): Float32Array {
  const hold = Math.max(LENGTH_GRID, Math.round(duration / LENGTH_GRID) * LENGTH_GRID);
  const bucket = Math.min(VELOCITY_BUCKETS - 1, Math.floor(Math.min(1, Math.max(0, velocity)) * VELOCITY_BUCKETS));
  const bright = Math.round(brightness * 20) / 20;
  const key = `${instrument}|${pitch}|${Math.round(hold / LENGTH_GRID)}|${bucket}|${bright}|${sampleRate}`;
  const hit = cache.get(key);
  if (hit) {
    // Re-insert so Map order stays least-recently-used first.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const buffer = trimSilentTail(
    INSTRUMENTS[instrument].voice({
      freq: midiToHz(pitch),
      hold,
      velocity: (bucket + 0.5) / VELOCITY_BUCKETS,
      brightness: bright,
      sampleRate,
      seed: hashString(key),
    }),
  );
  for (const [oldKey, old] of cache) {
    if (cachedSamples + buffer.length <= MAX_CACHED_SAMPLES) break;
    cache.delete(oldKey);
    cachedSamples -= old.length;
  }
  cache.set(key, buffer);
  cachedSamples += buffer.length;
  return buffer;
}

/** Below this a voice's tail is inaudible (-80 dBFS); dropping it saves mixing and cache space. */
const TAIL_FLOOR = 1e-4;

function trimSilentTail(buffer: Float32Array): Float32Array {
  let end = buffer.length;
  while (end > 0 && Math.abs(buffer[end - 1]) < TAIL_FLOOR) end--;
  return end === buffer.length ? buffer : buffer.slice(0, end);
}
