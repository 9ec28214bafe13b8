/**
 * The engine's DSP kernels (AssemblyScript, compiled to kernels.wasm by `npm run build:wasm`):
 * the loops the renderer and the mix bus spend their time in. Memory is imported (one heap per
 * thread, managed from JavaScript by dsp/heap.ts); pointers are byte addresses in it.
 */
export { mixInto, multiplyInto, sendTrack } from './mix';
export { reverbBlock, reverbHistory, reverbLinesLength } from './reverb';
export { chorusBus, pingPongDelay, tapeWowAndTone } from './modulation';
export { compressorFollow, compressorProcess, saturateAndHiss } from './bus';
export { kWeightedMeasure } from './loudness';
export { biquadStereo } from './filter';
export { compressVoice, deEss, singVoice } from './voice';

/** Zeroes `bytes` bytes from `at` (bulk memory: several times faster than filling a shared view from JavaScript). */
export function zero(at: usize, bytes: usize): void {
  memory.fill(at, 0, bytes);
}

/** First free byte after the kernels' static data. */
export function heapBase(): usize {
  return __heap_base;
}
