/**
 * The vocal chain on one sung voice, in place: a de-esser (the band above 5 kHz turned down
 * while it is loud, so synthesised "s" and "t" do not hiss over the band) and a compressor that
 * evens out loud and soft syllables, as on any produced vocal. Runs per phrase: the voice is
 * silent between phrases, so the detectors start from rest at each.
 */
import type { KernelHeap } from '../dsp/heap.js';

const DE_ESS_HZ = 5000;
/** Sibilance level (linear, the voice peaks near 0.3) above which the high band is turned down. */
const DE_ESS_THRESHOLD = 0.025;
const COMPRESSOR = { thresholdDb: -24, ratio: 3, attack: 0.005, release: 0.1 };
const GAIN_BLOCK = 16;

/**
 * Turns the band above DE_ESS_HZ down in proportion to how far its envelope exceeds the threshold
 * (the sample loop is a kernel; `x` must be in `heap`).
 */
export function deEss(heap: KernelHeap, x: Float32Array, sampleRate: number): void {
  // RBJ high-pass, Q = 0.707.
  const w0 = (2 * Math.PI * DE_ESS_HZ) / sampleRate;
  const alpha = Math.sin(w0) / (2 * Math.SQRT1_2);
  const cos = Math.cos(w0);
  const a0 = 1 + alpha;
  const b0 = (1 + cos) / 2 / a0, b1 = -(1 + cos) / a0, b2 = (1 + cos) / 2 / a0, a1 = (-2 * cos) / a0, a2 = (1 - alpha) / a0;
  const attack = Math.exp(-1 / (0.001 * sampleRate));
  const release = Math.exp(-1 / (0.04 * sampleRate));
  heap.kernels.deEss(heap.ptr(x), x.length, b0, b1, b2, a1, a2, attack, release, DE_ESS_THRESHOLD);
}

/** Feed-forward compressor with an RMS-like detector; the gain is computed once per GAIN_BLOCK samples (a kernel; `x` must be in `heap`). */
export function compress(heap: KernelHeap, x: Float32Array, sampleRate: number): void {
  const attack = Math.exp(-1 / (COMPRESSOR.attack * sampleRate));
  const release = Math.exp(-1 / (COMPRESSOR.release * sampleRate));
  const threshold = Math.pow(10, COMPRESSOR.thresholdDb / 10);
  // Gain in the power domain, (power / threshold) ^ -slope above the threshold; 0.36 ms steps are inaudible.
  const slope = (1 - 1 / COMPRESSOR.ratio) / 2;
  heap.kernels.compressVoice(heap.ptr(x), x.length, attack, release, threshold, slope, GAIN_BLOCK);
}

/** The chain on `x` (a view of `heap`), in place. */
export function vocalChain(heap: KernelHeap, x: Float32Array, sampleRate: number): Float32Array {
  deEss(heap, x, sampleRate);
  compress(heap, x, sampleRate);
  return x;
}
