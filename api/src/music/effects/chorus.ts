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

/**
 * Adds the chorus of `busL/busR[0..length)` into outL/outR (all in `heap`). `absoluteOffset` is
 * the song sample index of index 0.
 */
export function addChorusBus(heap: KernelHeap, busL: Float32Array, busR: Float32Array, outL: Float32Array, outR: Float32Array, length: number, absoluteOffset: number, sampleRate: number): void {
  heap.kernels.chorusBus(heap.ptr(busL), heap.ptr(busR), heap.ptr(outL), heap.ptr(outR), length, absoluteOffset, BASE_DELAY * sampleRate, SWING * sampleRate, (TWO_PI * RATE) / sampleRate, LFO_STEP);
}
