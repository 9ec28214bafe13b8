/**
 * Stereo chorus bus: tracks send into a stereo bus, and the bus comes back as two modulated delay
 * taps (opposite LFO phase per side). One bus for every chorused track costs one pass per render
 * chunk instead of one per track. The LFO phase comes from the absolute sample index, so chunked
 * renders line up.
 */
import { TWO_PI } from '../synth/dsp.js';

const BASE_DELAY = 0.012;
/** Delay swing (seconds) around the base delay. */
const SWING = 0.0016;
const RATE = 0.7;
const LFO_STEP = 16;

/** Seconds the chorus output lasts after its input ends. */
export const CHORUS_TAIL_SECONDS = BASE_DELAY + SWING + 0.001;

/** Share of a track's level heard dry and sent to the chorus, for a chorus depth 0..1. */
export function chorusMix(depth: number): { dry: number; send: number } {
  return { dry: 1 - 0.3 * depth, send: 0.5 * depth };
}

/**
 * Adds the chorus of `busL/busR[0..length)` into outL/outR. `absoluteOffset` is the song sample
 * index of index 0.
 */
export function addChorusBus(busL: Float32Array, busR: Float32Array, outL: Float32Array, outR: Float32Array, length: number, absoluteOffset: number, sampleRate: number): void {
  const base = BASE_DELAY * sampleRate;
  const swing = SWING * sampleRate;
  const w = (TWO_PI * RATE) / sampleRate;
  // The delay is held for LFO_STEP samples, so each tap's integer offset and fraction are too.
  // Blocks sit on a grid of absolute sample indices so every slicing of the song sees the same LFO.
  const firstBlock = -((((absoluteOffset) % LFO_STEP) + LFO_STEP) % LFO_STEP);
  for (let gridStart = firstBlock; gridStart < length; gridStart += LFO_STEP) {
    const blockStart = Math.max(0, gridStart);
    const blockEnd = Math.min(length, gridStart + LFO_STEP);
    const s = Math.sin(w * (absoluteOffset + gridStart));
    addTap(busL, outL, blockStart, blockEnd, base + swing * s);
    addTap(busR, outR, blockStart, blockEnd, base - swing * s);
  }
}

/** out[i] += bus[i - delay] (linear interpolation) for i in [from, to). */
function addTap(bus: Float32Array, out: Float32Array, from: number, to: number, delay: number): void {
  const d = Math.floor(delay);
  const f = delay - d;
  const start = Math.max(from, d + 1);
  for (let i = start; i < to; i++) out[i] += bus[i - d - 1] * f + bus[i - d] * (1 - f);
}
