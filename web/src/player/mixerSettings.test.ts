import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCAL_MIXER_FLAGS,
  DEFAULT_MIXER_SETTINGS,
  formatMixDuration,
  isValidMixDuration,
  isValidMixTightness,
  mixPreviewText,
  normalizeMixDuration,
  normalizeMixTightness,
  normalizeMixerSettings,
  tightnessLabel,
} from './mixerSettings';

describe('mixer settings defaults', () => {
  it('match SPEC 9', () => {
    expect(DEFAULT_MIXER_SETTINGS).toEqual({
      crossfadeEnabled: true,
      crossfadeDuration: 5000,
      mixTightness: 3,
      djModeEnabled: false,
      silenceEliminationEnabled: false,
      beatMatchedTransitions: true,
    });
    expect(DEFAULT_LOCAL_MIXER_FLAGS.previewEnabled).toBe(true);
  });
});

describe('validation', () => {
  it('accepts mix durations 1000..30000 in steps of 500 only', () => {
    expect(isValidMixDuration(1000)).toBe(true);
    expect(isValidMixDuration(30000)).toBe(true);
    expect(isValidMixDuration(5500)).toBe(true);
    expect(isValidMixDuration(999)).toBe(false);
    expect(isValidMixDuration(30500)).toBe(false);
    expect(isValidMixDuration(5250)).toBe(false);
    expect(isValidMixDuration(Number.NaN)).toBe(false);
  });

  it('accepts tightness 1..5 integers only', () => {
    expect([1, 2, 3, 4, 5].every(isValidMixTightness)).toBe(true);
    expect(isValidMixTightness(0)).toBe(false);
    expect(isValidMixTightness(6)).toBe(false);
    expect(isValidMixTightness(2.5)).toBe(false);
  });

  it('snaps slider values to the nearest valid value', () => {
    expect(normalizeMixDuration(5249)).toBe(5000);
    expect(normalizeMixDuration(5250)).toBe(5500);
    expect(normalizeMixDuration(10)).toBe(1000);
    expect(normalizeMixDuration(99999)).toBe(30000);
    expect(normalizeMixDuration(Number.POSITIVE_INFINITY)).toBe(5000);
    expect(normalizeMixTightness(0)).toBe(1);
    expect(normalizeMixTightness(4.4)).toBe(4);
    expect(normalizeMixTightness(9)).toBe(5);
  });

  it('fills missing or mistyped fields with defaults', () => {
    const settings = normalizeMixerSettings({
      crossfadeEnabled: false,
      crossfadeDuration: 12345,
      mixTightness: 'x' as unknown as number,
    });
    expect(settings).toEqual({ ...DEFAULT_MIXER_SETTINGS, crossfadeEnabled: false, crossfadeDuration: 12500 });
    expect(normalizeMixerSettings(null)).toEqual(DEFAULT_MIXER_SETTINGS);
  });
});

describe('labels and texts', () => {
  it('labels tightness 1..5', () => {
    expect([1, 2, 3, 4, 5].map(tightnessLabel)).toEqual(['Loose', 'Relaxed', 'Smooth', 'Tight', 'Precise']);
  });

  it('shows durations under 1000 as ms, else seconds with one decimal', () => {
    expect(formatMixDuration(750)).toBe('750ms');
    expect(formatMixDuration(999)).toBe('999ms');
    expect(formatMixDuration(1000)).toBe('1.0s');
    expect(formatMixDuration(5000)).toBe('5.0s');
    expect(formatMixDuration(12500)).toBe('12.5s');
    expect(formatMixDuration(30000)).toBe('30.0s');
  });

  it('builds the preview text for each mode', () => {
    expect(mixPreviewText(DEFAULT_MIXER_SETTINGS)).toBe('5.0s Smooth transitions');
    expect(mixPreviewText({ ...DEFAULT_MIXER_SETTINGS, crossfadeDuration: 12500, mixTightness: 5 })).toBe(
      '12.5s Precise transitions',
    );
    expect(mixPreviewText({ ...DEFAULT_MIXER_SETTINGS, crossfadeEnabled: false, silenceEliminationEnabled: true })).toBe(
      'Back-to-back playback with silence removal',
    );
    expect(mixPreviewText({ ...DEFAULT_MIXER_SETTINGS, crossfadeEnabled: false })).toBe('Standard track transitions');
  });
});
