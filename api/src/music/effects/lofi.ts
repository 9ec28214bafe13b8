/**
 * Lo-fi / tape colouring. The linear part (wow: slow pitch drift via a modulated delay; low-pass)
 * runs per render chunk; the non-linear part (saturation, hiss) runs once on the summed mix.
 */
import { StateVariableFilter, TWO_PI, NoiseSource, softClip } from '../synth/dsp.js';

const WOW_RATE = 0.55;
const LFO_STEP = 16;

/** Cut-off of the lo-fi low-pass for an amount 0..1. */
export function lofiCutoff(amount: number): number {
  return 16000 - 11000 * amount;
}

/**
 * Wow and low-pass over `buf[0..length)` in place. `absoluteOffset` is the song sample index of
 * buf[0].
 */
export function applyTapeWowAndTone(buf: Float32Array, length: number, amount: number, absoluteOffset: number, sampleRate: number): void {
  if (amount <= 0) return;
  const base = 0.004 * sampleRate;
  const swing = 0.0012 * sampleRate * amount;
  // The delay never exceeds base + swing samples, so a short ring of past input is enough.
  const ringSize = 1 << Math.ceil(Math.log2(base + swing + 4));
  const mask = ringSize - 1;
  const ring = new Float32Array(ringSize);
  const w = (TWO_PI * WOW_RATE) / sampleRate;
  const filter = new StateVariableFilter(sampleRate);
  filter.set(lofiCutoff(amount), 0.1);
  let d = base;
  for (let i = 0; i < length; i++) {
    ring[i & mask] = buf[i];
    const phase = (absoluteOffset + i) % LFO_STEP;
    if (phase === 0 || i === 0) d = base + swing * Math.sin(w * (absoluteOffset + i - phase));
    const pos = i - d;
    let x = 0;
    if (pos >= 0) {
      const j = Math.floor(pos);
      const f = pos - j;
      x = ring[j & mask] * (1 - f) + ring[(j + 1) & mask] * f;
    }
    buf[i] = filter.lowpass(x);
  }
}

/** Gentle tape saturation and hiss over [from, to) of the mix, in place; `noise` supplies the hiss. */
export function applyTapeSaturationAndHiss(left: Float32Array, right: Float32Array, from: number, to: number, amount: number, noise: NoiseSource): void {
  if (amount <= 0) return;
  const drive = 1 + 1.5 * amount;
  const norm = 1 / softClip(drive);
  const hiss = 0.004 * amount;
  for (let i = from; i < to; i++) {
    left[i] = softClip(left[i] * drive) * norm + noise.next() * hiss;
    right[i] = softClip(right[i] * drive) * norm + noise.next() * hiss;
  }
}
