/**
 * The singing synthesiser: a source-filter model of the voice. An LF glottal pulse train at the
 * sung pitch (with a little period jitter) plus aspiration noise excites a cascade of five
 * formant resonators (Klatt's form) following the articulation; frication noise goes through a
 * parallel band-pass at the consonant's place. Each phrase starts with a breath. Mono, dry,
 * deterministic for a given seed.
 */
import { kernelHeap, type KernelHeap } from '../dsp/heap.js';
import { Random } from '../random.js';
import type { SungNote, VoiceTimbre, VoiceType } from '../types.js';
import { articulate } from './articulation.js';
import { lfPulse, PULSE_TABLE_SIZE } from './glottal.js';
import { pitchContour, type ContourGrid } from './pitch-contour.js';
import { voiceProfile, type VoiceProfile } from './voices.js';

/** Samples per control block (formants and levels change at this rate, ~1.5 ms). */
const BLOCK = 64;
/** The breath before a phrase: its length and the silence between it and the first sound. */
const BREATH_SECONDS = 0.3;
const BREATH_GAP = 0.04;
/** Released after the last phoneme. */
const RELEASE_SECONDS = 0.08;
/** Formant bandwidths (Hz) of F1..F5; a nasal widens F2 and F3 by NASAL_DAMPING. */
const BANDWIDTHS = [80, 100, 150, 250, 300];
const NASAL_DAMPING = 3;
/** Source levels that bring vowels to about 0.3 peak and consonant noise below them. */
const VOICED_GAIN = 0.045;
const ASPIRATION_GAIN = 0.35;
const FRICATION_GAIN = 0.12;
const BREATH_GAIN = 0.06;
/** High-frequency lift of the voiced sound (first difference mixed in): the cascade alone is dull above 4 kHz. */
const PRESENCE = 2;
/** The source's first difference added past the cascade, for voiced energy above 4 kHz (the cascade's poles cut it). */
const AIRFLOW = 5;
/** Period-to-period pitch jitter (fraction), as in any real voice. */
const JITTER = 0.004;

const pulses = new Map<number, Float32Array>();
function pulseFor(voice: VoiceProfile): Float32Array {
  let table = pulses.get(voice.rd);
  if (!table) pulses.set(voice.rd, (table = lfPulse(voice.rd)));
  return table;
}

/** A resonator's pole radius for its bandwidth. */
function poleRadius(bandwidth: number, sampleRate: number): number {
  return Math.exp((-Math.PI * bandwidth) / sampleRate);
}

/** Klatt resonator coefficients [a, b, c] for y = a*x + b*y1 + c*y2 (unity gain at DC), from its pole radius. */
function resonatorAt(r: number, hz: number, sampleRate: number): [number, number, number] {
  const c = -r * r;
  const b = 2 * r * Math.cos((2 * Math.PI * Math.min(hz, sampleRate * 0.45)) / sampleRate);
  return [1 - b - c, b, c];
}

/** Klatt resonator coefficients [a, b, c] for a frequency and bandwidth. */
function resonator(hz: number, bandwidth: number, sampleRate: number): [number, number, number] {
  return resonatorAt(poleRadius(bandwidth, sampleRate), hz, sampleRate);
}

/** resonator()'s coefficients for one formant over a phrase, recomputed only when its frequency or bandwidth changes. */
class ResonatorCache {
  private hz = NaN;
  private bandwidth = NaN;
  private r = 0;
  private a = 0;
  private b = 0;
  private c = 0;

  constructor(private readonly sampleRate: number) {}

  /** Writes [a, b, c] for (hz, bandwidth) to params[at..at + 2]. */
  write(params: Float64Array, at: number, hz: number, bandwidth: number): void {
    if (bandwidth !== this.bandwidth) {
      this.bandwidth = bandwidth;
      this.r = poleRadius(bandwidth, this.sampleRate);
      this.hz = NaN;
    }
    if (hz !== this.hz) {
      this.hz = hz;
      [this.a, this.b, this.c] = resonatorAt(this.r, hz, this.sampleRate);
    }
    params[at] = this.a;
    params[at + 1] = this.b;
    params[at + 2] = this.c;
  }
}

export interface SungAudio {
  /** Song time (seconds) of samples[0]. */
  start: number;
  samples: Float32Array;
}

export interface SingOptions {
  /** Pitch offset in cents (a double sings a few cents off the lead). */
  detuneCents?: number;
  /** An AI Artist's colouring of the voice type. */
  timbre?: VoiceTimbre | null;
}

/** Where a phrase's audio starts: a breath ahead of its first phoneme. */
export function phraseOrigin(notes: SungNote[]): number {
  return notes[0].phones[0].start - BREATH_SECONDS - BREATH_GAP;
}

/** f64 values per control block handed to the kernel (VOICE_BLOCK_PARAMS in dsp/assembly/voice.ts). */
const BLOCK_PARAMS = 16;

/**
 * Sings a phrase's notes (their phonemes already timed) in `voiceType`, seeded by `seed`, into
 * `heap`: the samples are a view of the heap, valid until it is released past the caller's mark.
 * The sample loop runs in the kernels; this computes what changes per control block.
 */
export function singInHeap(heap: KernelHeap, notes: SungNote[], voiceType: VoiceType, seed: number, sampleRate: number, options: SingOptions = {}): SungAudio {
  const voice = voiceProfile(voiceType, options.timbre);
  const rng = new Random(seed);
  const origin = phraseOrigin(notes);
  const last = notes[notes.length - 1].phones;
  const length = Math.ceil((last[last.length - 1].end + RELEASE_SECONDS - origin) * sampleRate);
  const grid: ContourGrid = { origin, blocks: Math.ceil(length / BLOCK), blockSeconds: BLOCK / sampleRate };
  const f0 = pitchContour(notes, grid, voice, rng.fork('pitch'));
  if (options.detuneCents) {
    const detune = Math.pow(2, options.detuneCents / 1200);
    for (let b = 0; b < f0.length; b++) f0[b] *= detune;
  }
  const art = articulate(notes, grid, voice, f0);
  // singVoice writes every sample of `out`, and every parameter and period scale is set below.
  const out = heap.scratch(grid.blocks * BLOCK);
  const mark = heap.mark();
  const table = heap.copy(pulseFor(voice));
  const noise = rng.fork('noise');
  const state = heap.allocFloat64(2);
  state[0] = (noise.int(1, 0x7fffffff) >>> 0) || 1;

  const params = heap.scratchFloat64(grid.blocks * BLOCK_PARAMS);
  // Held vowels keep their formants and noise band from block to block: the coefficients are
  // recomputed only when their inputs change (the same arithmetic, so the same values).
  const f1 = new ResonatorCache(sampleRate), f2 = new ResonatorCache(sampleRate), f3 = new ResonatorCache(sampleRate);
  let noiseHz = NaN, noiseBandwidth = NaN, fb0 = 0, fa1 = 0, fa2 = 0;
  let periods = 0;
  for (let b = 0; b < grid.blocks; b++) {
    const p = b * BLOCK_PARAMS;
    const nasal = art.nasal[b];
    f1.write(params, p, art.f1[b], BANDWIDTHS[0]);
    f2.write(params, p + 3, art.f2[b], BANDWIDTHS[1] * (1 + (NASAL_DAMPING - 1) * nasal));
    f3.write(params, p + 6, art.f3[b], BANDWIDTHS[2] * (1 + (NASAL_DAMPING - 1) * nasal));
    if (art.noiseHz[b] !== noiseHz || art.noiseBandwidth[b] !== noiseBandwidth) {
      noiseHz = art.noiseHz[b];
      noiseBandwidth = art.noiseBandwidth[b];
      // Frication band-pass (RBJ, 0 dB peak).
      const w0 = (2 * Math.PI * Math.min(noiseHz, sampleRate * 0.45)) / sampleRate;
      const alpha = (Math.sin(w0) * noiseBandwidth) / (2 * noiseHz);
      const norm = 1 / (1 + alpha);
      fb0 = alpha * norm;
      fa1 = -2 * Math.cos(w0) * norm;
      fa2 = (1 - alpha) * norm;
    }
    params[p + 9] = fb0;
    params[p + 10] = fa1;
    params[p + 11] = fa2;
    params[p + 12] = art.voicing[b] * VOICED_GAIN;
    params[p + 13] = art.aspiration[b] * ASPIRATION_GAIN * VOICED_GAIN;
    params[p + 14] = art.frication[b] * FRICATION_GAIN;
    params[p + 15] = f0[b] / sampleRate;
    periods += params[p + 15] * BLOCK;
  }
  // Each new period's length varies a little: one scale per period, enough for the longest the jitter allows.
  const jitter = rng.fork('jitter');
  const scales = heap.scratchFloat64(Math.ceil(periods * (1 + JITTER)) + 2);
  for (let k = 0; k < scales.length; k++) scales[k] = 1 + jitter.float(-JITTER, JITTER);

  const [a4, b4, c4] = resonator(voice.upperFormants[0], BANDWIDTHS[3], sampleRate);
  const [a5, b5, c5] = resonator(voice.upperFormants[1], BANDWIDTHS[4], sampleRate);
  heap.kernels.singVoice(heap.ptr(out), grid.blocks, BLOCK, heap.ptr(params), heap.ptr(table), PULSE_TABLE_SIZE, heap.ptr(scales), heap.ptr(state), a4, b4, c4, a5, b5, c5, PRESENCE, AIRFLOW);
  let noiseState = state[0] | 0;
  heap.release(mark);
  const nextNoise = (): number => {
    noiseState ^= noiseState << 13;
    noiseState ^= noiseState >>> 17;
    noiseState ^= noiseState << 5;
    return (noiseState >>> 0) / 2147483648 - 1;
  };
  addBreath(out, sampleRate, nextNoise);
  return { start: origin, samples: out.subarray(0, length) };
}

/** singInHeap, returning its samples in an array of their own. */
export function sing(notes: SungNote[], voiceType: VoiceType, seed: number, sampleRate: number, options: SingOptions = {}): SungAudio {
  const heap = kernelHeap();
  const mark = heap.mark();
  const audio = singInHeap(heap, notes, voiceType, seed, sampleRate, options);
  const samples = audio.samples.slice();
  heap.release(mark);
  return { start: audio.start, samples };
}

/** A soft inhale (low-passed noise through a broad mouth resonance, swelling and fading) in the phrase's first BREATH_SECONDS. */
function addBreath(out: Float32Array, sampleRate: number, noise: () => number): void {
  const length = Math.min(out.length, Math.round(BREATH_SECONDS * sampleRate));
  const [a, b, c] = resonator(1500, 1200, sampleRate);
  const smoothing = Math.exp((-2 * Math.PI * 3000) / sampleRate);
  let lowPassed = 0, y1 = 0, y2 = 0;
  for (let i = 0; i < length; i++) {
    const x = noise();
    lowPassed = x + (lowPassed - x) * smoothing;
    const y = a * lowPassed + b * y1 + c * y2;
    y2 = y1;
    y1 = y;
    const envelope = Math.sin((Math.PI * i) / length) ** 2;
    out[i] += y * envelope * BREATH_GAIN;
  }
}
