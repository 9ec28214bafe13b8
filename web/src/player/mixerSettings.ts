/**
 * Mixer settings model (SPEC 3, 5, 9): defaults, validation, labels and the texts the mixer panel
 * shows. Pure functions only; persistence and auto-save live in mixerSettingsStore.ts.
 */

/** The settings the server stores (contract `MixerSettings` / `MixerSettingsInput`). */
export interface MixerSettings {
  crossfadeEnabled: boolean;
  /** Milliseconds, 1000..30000 in steps of 500. */
  crossfadeDuration: number;
  /** 1..5, see TIGHTNESS_LABELS. */
  mixTightness: number;
  /** Mixer mode: when true the mixer system owns playback (restored at app start). */
  djModeEnabled: boolean;
  silenceEliminationEnabled: boolean;
  beatMatchedTransitions: boolean;
}

/** Flags that only live in this browser (SPEC 3). */
export interface LocalMixerFlags {
  showAdvancedControls: boolean;
  previewEnabled: boolean;
}

export const DEFAULT_MIXER_SETTINGS: Readonly<MixerSettings> = Object.freeze({
  crossfadeEnabled: true,
  crossfadeDuration: 5000,
  mixTightness: 3,
  djModeEnabled: false,
  silenceEliminationEnabled: false,
  beatMatchedTransitions: true,
});

export const DEFAULT_LOCAL_MIXER_FLAGS: Readonly<LocalMixerFlags> = Object.freeze({
  showAdvancedControls: false,
  previewEnabled: true,
});

export const MIX_DURATION_MIN_MS = 1000;
export const MIX_DURATION_MAX_MS = 30000;
export const MIX_DURATION_STEP_MS = 500;
export const MIX_TIGHTNESS_MIN = 1;
export const MIX_TIGHTNESS_MAX = 5;
export const MIX_TIGHTNESS_STEP = 1;

export const TIGHTNESS_LABELS = ['Loose', 'Relaxed', 'Smooth', 'Tight', 'Precise'] as const;
export type TightnessLabel = (typeof TIGHTNESS_LABELS)[number];

function snapToStep(value: number, min: number, max: number, step: number): number {
  const clamped = Math.min(max, Math.max(min, value));
  return Math.min(max, min + Math.round((clamped - min) / step) * step);
}

export function isValidMixDuration(ms: number): boolean {
  return (
    Number.isFinite(ms) &&
    ms >= MIX_DURATION_MIN_MS &&
    ms <= MIX_DURATION_MAX_MS &&
    (ms - MIX_DURATION_MIN_MS) % MIX_DURATION_STEP_MS === 0
  );
}

export function isValidMixTightness(value: number): boolean {
  return Number.isInteger(value) && value >= MIX_TIGHTNESS_MIN && value <= MIX_TIGHTNESS_MAX;
}

/** Nearest valid mix duration (slider semantics); non-finite input gives the default. */
export function normalizeMixDuration(ms: number): number {
  if (!Number.isFinite(ms)) return DEFAULT_MIXER_SETTINGS.crossfadeDuration;
  return snapToStep(ms, MIX_DURATION_MIN_MS, MIX_DURATION_MAX_MS, MIX_DURATION_STEP_MS);
}

/** Nearest valid tightness; non-finite input gives the default. */
export function normalizeMixTightness(value: number): number {
  if (!Number.isFinite(value)) return DEFAULT_MIXER_SETTINGS.mixTightness;
  return snapToStep(value, MIX_TIGHTNESS_MIN, MIX_TIGHTNESS_MAX, MIX_TIGHTNESS_STEP);
}

/**
 * Settings from an untrusted source (server answer, partial update): every field present and valid,
 * missing or mistyped fields take the default.
 */
export function normalizeMixerSettings(input: Partial<MixerSettings> | null | undefined): MixerSettings {
  const source = input ?? {};
  const flag = (key: keyof MixerSettings): boolean => {
    const value = source[key];
    return typeof value === 'boolean' ? value : (DEFAULT_MIXER_SETTINGS[key] as boolean);
  };
  return {
    crossfadeEnabled: flag('crossfadeEnabled'),
    crossfadeDuration: normalizeMixDuration(
      typeof source.crossfadeDuration === 'number' ? source.crossfadeDuration : Number.NaN,
    ),
    mixTightness: normalizeMixTightness(
      typeof source.mixTightness === 'number' ? source.mixTightness : Number.NaN,
    ),
    djModeEnabled: flag('djModeEnabled'),
    silenceEliminationEnabled: flag('silenceEliminationEnabled'),
    beatMatchedTransitions: flag('beatMatchedTransitions'),
  };
}

export function mixerSettingsEqual(a: MixerSettings, b: MixerSettings): boolean {
  return (
    a.crossfadeEnabled === b.crossfadeEnabled &&
    a.crossfadeDuration === b.crossfadeDuration &&
    a.mixTightness === b.mixTightness &&
    a.djModeEnabled === b.djModeEnabled &&
    a.silenceEliminationEnabled === b.silenceEliminationEnabled &&
    a.beatMatchedTransitions === b.beatMatchedTransitions
  );
}

export function tightnessLabel(tightness: number): TightnessLabel {
  return TIGHTNESS_LABELS[normalizeMixTightness(tightness) - MIX_TIGHTNESS_MIN];
}

/**
 * SPEC 9: under 1000 as milliseconds, otherwise seconds with one decimal.
 * Format: `750ms`, `1.0s`, `5.0s`, `12.5s`, `30.0s` (no space, lower-case unit).
 */
export function formatMixDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  return `${(ms / 1000).toFixed(1)}s`;
}

/** The mix preview line of the mixer panel (SPEC 9). */
export function mixPreviewText(settings: Pick<
  MixerSettings,
  'crossfadeEnabled' | 'crossfadeDuration' | 'mixTightness' | 'silenceEliminationEnabled'
>): string {
  if (settings.crossfadeEnabled) {
    return `${formatMixDuration(settings.crossfadeDuration)} ${tightnessLabel(settings.mixTightness)} transitions`;
  }
  if (settings.silenceEliminationEnabled) return 'Back-to-back playback with silence removal';
  return 'Standard track transitions';
}
