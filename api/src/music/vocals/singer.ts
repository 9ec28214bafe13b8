/**
 * The singing synthesiser: a source-filter model of the voice. An LF glottal pulse train at the
 * sung pitch (with a little period jitter) plus aspiration noise excites a cascade of five
 * formant resonators (Klatt's form) following the articulation; frication noise goes through a
 * parallel band-pass at the consonant's place. Each phrase starts with a breath. Mono, dry,
 * deterministic for a given seed.
 */
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
/** Period-to-period pitch jitter (fraction), as in any real voice. */
const JITTER = 0.004;

const pulses = new Map<number, Float32Array>();
function pulseFor(voice: VoiceProfile): Float32Array {
  let table = pulses.get(voice.rd);
  if (!table) pulses.set(voice.rd, (table = lfPulse(voice.rd)));
  return table;
}

/** Klatt resonator coefficients [a, b, c] for y = a*x + b*y1 + c*y2 (unity gain at DC). */
function resonator(hz: number, bandwidth: number, sampleRate: number): [number, number, number] {
  const r = Math.exp((-Math.PI * bandwidth) / sampleRate);
  const c = -r * r;
  const b = 2 * r * Math.cos((2 * Math.PI * Math.min(hz, sampleRate * 0.45)) / sampleRate);
  return [1 - b - c, b, c];
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

/** Sings a phrase's notes (their phonemes already timed) in `voiceType`, seeded by `seed`. */
export function sing(notes: SungNote[], voiceType: VoiceType, seed: number, sampleRate: number, options: SingOptions = {}): SungAudio {
  const voice = voiceProfile(voiceType, options.timbre);
  const rng = new Random(seed);
  const origin = phraseOrigin(notes);
  const last = notes[notes.length - 1].phones;
  const length = Math.ceil((last[last.length - 1].end + RELEASE_SECONDS - origin) * sampleRate);
  const grid: ContourGrid = { origin, blocks: Math.ceil(length / BLOCK), blockSeconds: BLOCK / sampleRate };
  const f0 = pitchContour(notes, grid, voice, rng.fork('pitch'));
  if (options.detuneCents) for (let b = 0; b < f0.length; b++) f0[b] *= Math.pow(2, options.detuneCents / 1200);
  const art = articulate(notes, grid, voice, f0);
  const out = new Float32Array(grid.blocks * BLOCK);
  const table = pulseFor(voice);
  const noise = rng.fork('noise');
  let noiseState = (noise.int(1, 0x7fffffff) >>> 0) || 1;
  const nextNoise = (): number => {
    noiseState ^= noiseState << 13;
    noiseState ^= noiseState >>> 17;
    noiseState ^= noiseState << 5;
    return (noiseState >>> 0) / 2147483648 - 1;
  };
  const jitter = rng.fork('jitter');

  // Five resonators y = a*x + b*y1 + c*y2 as scalars: this loop is most of the voice's cost.
  let a1 = 0, b1 = 0, c1 = 0, a2 = 0, b2 = 0, c2 = 0, a3 = 0, b3 = 0, c3 = 0;
  let p11 = 0, p12 = 0, p21 = 0, p22 = 0, p31 = 0, p32 = 0, p41 = 0, p42 = 0, p51 = 0, p52 = 0;
  const [a4, b4, c4] = resonator(voice.upperFormants[0], BANDWIDTHS[3], sampleRate);
  const [a5, b5, c5] = resonator(voice.upperFormants[1], BANDWIDTHS[4], sampleRate);
  // Frication band-pass (RBJ, 0 dB peak) state.
  let fx1 = 0, fx2 = 0, fy1 = 0, fy2 = 0;
  let phase = 0;
  let periodScale = 1;

  for (let b = 0; b < grid.blocks; b++) {
    const nasal = art.nasal[b];
    [a1, b1, c1] = resonator(art.f1[b], BANDWIDTHS[0], sampleRate);
    [a2, b2, c2] = resonator(art.f2[b], BANDWIDTHS[1] * (1 + (NASAL_DAMPING - 1) * nasal), sampleRate);
    [a3, b3, c3] = resonator(art.f3[b], BANDWIDTHS[2] * (1 + (NASAL_DAMPING - 1) * nasal), sampleRate);
    const w0 = (2 * Math.PI * Math.min(art.noiseHz[b], sampleRate * 0.45)) / sampleRate;
    const alpha = (Math.sin(w0) * art.noiseBandwidth[b]) / (2 * art.noiseHz[b]);
    const norm = 1 / (1 + alpha);
    const fb0 = alpha * norm, fa1 = -2 * Math.cos(w0) * norm, fa2 = (1 - alpha) * norm;
    const voicing = art.voicing[b] * VOICED_GAIN;
    const aspiration = art.aspiration[b] * ASPIRATION_GAIN * VOICED_GAIN;
    const frication = art.frication[b] * FRICATION_GAIN;
    const increment = f0[b] / sampleRate;
    const end = (b + 1) * BLOCK;
    for (let i = b * BLOCK; i < end; i++) {
      phase += increment * periodScale;
      if (phase >= 1) {
        phase -= 1;
        periodScale = 1 + jitter.float(-JITTER, JITTER);
      }
      const at = phase * PULSE_TABLE_SIZE;
      const k = at | 0;
      const pulse = table[k] + (table[k + 1] - table[k]) * (at - k);
      noiseState ^= noiseState << 13;
      noiseState ^= noiseState >>> 17;
      noiseState ^= noiseState << 5;
      const n1 = (noiseState >>> 0) / 2147483648 - 1;
      noiseState ^= noiseState << 13;
      noiseState ^= noiseState >>> 17;
      noiseState ^= noiseState << 5;
      const n2 = (noiseState >>> 0) / 2147483648 - 1;
      // Aspiration is louder while the folds are open (the first half of the period).
      const x = pulse * voicing + n1 * aspiration * (phase < 0.5 ? 1 : 0.4);
      const y1 = a1 * x + b1 * p11 + c1 * p12;
      p12 = p11; p11 = y1;
      const y2 = a2 * y1 + b2 * p21 + c2 * p22;
      p22 = p21; p21 = y2;
      const y3 = a3 * y2 + b3 * p31 + c3 * p32;
      p32 = p31; p31 = y3;
      const y4 = a4 * y3 + b4 * p41 + c4 * p42;
      p42 = p41; p41 = y4;
      const y5 = a5 * y4 + b5 * p51 + c5 * p52;
      p52 = p51; p51 = y5;
      const fy = fb0 * (n2 - fx2) - fa1 * fy1 - fa2 * fy2;
      fx2 = fx1; fx1 = n2;
      fy2 = fy1; fy1 = fy;
      out[i] = y5 + (y5 - p52) * PRESENCE + fy * frication;
    }
    // Silence between notes decays the filters towards subnormal numbers, which are slow.
    if (Math.abs(p51) < 1e-20 && Math.abs(p11) < 1e-20) p11 = p12 = p21 = p22 = p31 = p32 = p41 = p42 = p51 = p52 = 0;
  }
  addBreath(out, sampleRate, nextNoise);
  return { start: origin, samples: out.subarray(0, length) };
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
