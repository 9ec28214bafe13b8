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
 * Wow and low-pass over a slice in place, block by block (the wow's ring of past samples and the
 * filter's state carried from one block to the next).
 */
export class TapeStream {
  private readonly base: number;
  private readonly swing: number;
  private readonly ring: Float32Array;
  private readonly state: Float64Array;
  private readonly coefficients: { a1: number; a2: number; a3: number };

  /** `absoluteOffset` is the song sample index of the slice's sample 0; amount 0 or less does nothing. */
  constructor(private readonly heap: KernelHeap, private readonly amount: number, private readonly absoluteOffset: number, private readonly sampleRate: number) {
    this.base = 0.004 * sampleRate;
    this.swing = 0.0012 * sampleRate * amount;
    // The delay never exceeds base + swing samples, so a short ring of past input is enough.
    const ringSize = amount > 0 ? 1 << Math.ceil(Math.log2(this.base + this.swing + 4)) : 0;
    this.ring = heap.alloc(2 * ringSize); // (left, right) pairs
    this.state = heap.allocFloat64(4);
    this.coefficients = svfCoefficients(lofiCutoff(amount), 0.1, sampleRate);
  }

  /** Slice samples [from, to) of left/right (in the heap; index 0 is sample `from`), in place. Blocks must follow each other. */
  process(left: Float32Array, right: Float32Array, from: number, to: number): void {
    if (this.amount <= 0) return;
    const { heap, coefficients: { a1, a2, a3 } } = this;
    heap.kernels.tapeWowAndTone(heap.ptr(left), heap.ptr(right), from, to, this.absoluteOffset, this.base, this.swing, (TWO_PI * WOW_RATE) / this.sampleRate, LFO_STEP, heap.ptr(this.ring), this.ring.length / 2 - 1, a1, a2, a3, heap.ptr(this.state));
  }
}

/**
 * Wow and low-pass over `left/right[0..length)` (in `heap`) in place. `absoluteOffset` is the
 * song sample index of index 0.
 */
export function applyTapeWowAndTone(heap: KernelHeap, left: Float32Array, right: Float32Array, length: number, amount: number, absoluteOffset: number, sampleRate: number): void {
  const mark = heap.mark();
  new TapeStream(heap, amount, absoluteOffset, sampleRate).process(left, right, 0, length);
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
