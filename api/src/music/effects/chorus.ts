/**
 * Stereo chorus bus: tracks send into a stereo bus, and the bus comes back as two modulated delay
 * taps (opposite LFO phase per side; kernel: dsp/assembly/modulation.ts). One bus for every
 * chorused track costs one pass per render chunk instead of one per track.
 */
import type { KernelHeap } from '../dsp/heap.js';
import { TWO_PI } from '../synth/dsp.js';

const BASE_DELAY = 0.012;
/** Delay swing (seconds) around the base delay. */
const SWING = 0.0016;
const RATE = 0.7;
/** Samples the LFO holds each delay for. */
const LFO_STEP = 16;

/** Seconds the chorus output lasts after its input ends. */
export const CHORUS_TAIL_SECONDS = BASE_DELAY + SWING + 0.001;

/** Share of a track's level heard dry and sent to the chorus, for a chorus depth 0..1. */
export function chorusMix(depth: number): { dry: number; send: number } {
  return { dry: 1 - 0.3 * depth, send: 0.5 * depth };
}

/** Samples of the bus before a block that its chorus reads (the longest delay and the interpolation's neighbour). */
export function chorusHistory(sampleRate: number): number {
  return Math.ceil((BASE_DELAY + SWING) * sampleRate) + 2;
}

/**
 * Adds the chorus of the bus into outL/outR (whose index 0 is slice sample `from`) for slice
 * samples [from, to) (all in `heap`). busL/busR[0] is slice sample `busStart`, and the bus holds
 * chorusHistory() samples before `from` (or from slice sample 0) up to `to`. `absoluteOffset` is
 * the song sample index of slice sample 0.
 */
export function addChorusBus(heap: KernelHeap, busL: Float32Array, busR: Float32Array, busStart: number, outL: Float32Array, outR: Float32Array, from: number, to: number, absoluteOffset: number, sampleRate: number): void {
  heap.kernels.chorusBus(heap.ptr(busL), heap.ptr(busR), busStart, heap.ptr(outL), heap.ptr(outR), from, to, absoluteOffset, BASE_DELAY * sampleRate, SWING * sampleRate, (TWO_PI * RATE) / sampleRate, LFO_STEP);
}
