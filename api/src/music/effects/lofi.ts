/**
 * Lo-fi / tape colouring (kernels: dsp/assembly/modulation.ts and bus.ts). The linear part (wow:
 * slow pitch drift via a modulated delay; low-pass) runs per render chunk; the non-linear part
 * (saturation, hiss) runs on the summed mix.
 */
import type { KernelHeap } from '../dsp/heap.js';
import { noiseState, svfCoefficients, TWO_PI } from '../synth/dsp.js';

const WOW_RATE = 0.55;
/** Samples the wow LFO holds each delay for. */
const LFO_STEP = 16;

/**
 * Cut-off of the lo-fi low-pass for an amount 0..1: a worn tape's top, not a telephone's (lo-fi's
 * 0.7 gives 14.4 kHz; at the earlier 8.3 kHz its mixes fell 3.4-4.5 dB per octave, darker than records).
 */
export function lofiCutoff(amount: number): number {
  return 20000 - 8000 * amount;
}

/**
 * Wow and low-pass over `left/right[0..length)` (in `heap`) in place. `absoluteOffset` is the
 * song sample index of index 0.
 */
export function applyTapeWowAndTone(heap: KernelHeap, left: Float32Array, right: Float32Array, length: number, amount: number, absoluteOffset: number, sampleRate: number): void {
  if (amount <= 0) return;
  const base = 0.004 * sampleRate;
  const swing = 0.0012 * sampleRate * amount;
  // The delay never exceeds base + swing samples, so a short ring of past input is enough.
  const ringSize = 1 << Math.ceil(Math.log2(base + swing + 4));
  const { a1, a2, a3 } = svfCoefficients(lofiCutoff(amount), 0.1, sampleRate);
  const mark = heap.mark();
  const ring = heap.alloc(2 * ringSize); // (left, right) pairs
  heap.kernels.tapeWowAndTone(heap.ptr(left), heap.ptr(right), length, absoluteOffset, base, swing, (TWO_PI * WOW_RATE) / sampleRate, LFO_STEP, heap.ptr(ring), ringSize - 1, a1, a2, a3);
  heap.release(mark);
}

/**
 * Gentle tape saturation and hiss over `left/right` (in `heap`) in place; the hiss is seeded by
 * `seed`. The hiss is the tape's texture and most of a lo-fi mix's top octave (white noise, one
 * generator per channel, so it also widens).
 */
export function applyTapeSaturationAndHiss(heap: KernelHeap, left: Float32Array, right: Float32Array, amount: number, seed: number): void {
  if (amount <= 0) return;
  heap.kernels.saturateAndHiss(heap.ptr(left), heap.ptr(right), left.length, 1 + 1.5 * amount, 0.007 * amount, noiseState(seed));
}
