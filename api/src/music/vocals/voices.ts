/**
 * The two singing voices. They differ where real voices differ: vocal tract length (formants
 * scaled up ~17 % for the high voice), the upper formants that give a trained voice its ring,
 * how pressed or breathy the folds are (LF Rd), and vibrato.
 */
import type { VoiceTimbre, VoiceType } from '../types.js';

export interface VoiceProfile {
  /** Multiplies the male formant targets of PHONEMES (vocal tract length). */
  formantScale: number;
  /** F4 and F5 (Hz), fixed: close together in a low voice, the "singer's formant". */
  upperFormants: [number, number];
  /** LF shape: lower is more pressed and brighter. */
  rd: number;
  /** Aspiration noise mixed with the voiced source (0..1). */
  breathiness: number;
  /** Vibrato rate (Hz) and depth (cents, half the peak-to-peak swing). */
  vibratoHz: number;
  vibratoCents: number;
}

export const VOICES: Record<VoiceType, VoiceProfile> = {
  low: { formantScale: 1, upperFormants: [3100, 3600], rd: 0.95, breathiness: 0.04, vibratoHz: 5.3, vibratoCents: 22 },
  high: { formantScale: 1.17, upperFormants: [3900, 4600], rd: 1.05, breathiness: 0.08, vibratoHz: 5.8, vibratoCents: 26 },
};

/**
 * A voice type coloured by an AI Artist's timbre: brightness shortens or lengthens the tract (up to
 * +-6 % on the formants) and lifts the ring; breathiness laxes the folds and adds air; vibrato
 * scales its depth from straight (x0.3) to wide (x1.7).
 */
export function voiceProfile(type: VoiceType, timbre: VoiceTimbre | null | undefined): VoiceProfile {
  const base = VOICES[type];
  if (!timbre) return base;
  const ring = 1 + 0.05 * timbre.brightness;
  return {
    formantScale: base.formantScale * (1 + 0.06 * timbre.brightness),
    upperFormants: [Math.round(base.upperFormants[0] * ring), Math.round(base.upperFormants[1] * ring)],
    rd: Math.round((base.rd + 0.5 * (timbre.breathiness - 0.3)) * 100) / 100,
    breathiness: base.breathiness + 0.2 * timbre.breathiness,
    vibratoHz: base.vibratoHz,
    vibratoCents: base.vibratoCents * (0.3 + 1.4 * timbre.vibrato),
  };
}
