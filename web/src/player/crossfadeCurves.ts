/**
 * Crossfade gain curves by mix tightness (SPEC 9: 1 linear, 2 sine, 3 cosine, 4 quadratic,
 * 5 cubic) and the step count of a fade.
 *
 * A fade of `steps` steps applies, at step k (1..steps), progress p = k / steps and these gains
 * (outgoing deck, incoming deck), both 1 at full level:
 *
 *   1 linear     out = 1 - p                 in = p
 *   2 sine       out = cos(p * PI / 2)       in = sin(p * PI / 2)          (equal power)
 *   3 cosine     out = (1 + cos(p * PI)) / 2 in = (1 - cos(p * PI)) / 2    (raised-cosine S curve)
 *   4 quadratic  out = (1 - p)^2             in = p^2
 *   5 cubic      out = (1 - p)^3             in = p^3
 *
 * Each pair is symmetric (out(p) = in(1 - p)). Higher tightness spends less of the fade with both
 * songs loud: at the midpoint the summed gain is 1.41 (sine), 1 (linear, cosine), 0.5 (quadratic)
 * and 0.25 (cubic), so "Precise" sounds like a quick, clean hand-over and "Loose" like a long blend.
 */

export type CurveTightness = 1 | 2 | 3 | 4 | 5;

export interface DeckGains {
  outgoing: number;
  incoming: number;
}

export const CROSSFADE_MIN_STEPS = 30;
export const CROSSFADE_MAX_STEPS = 120;
export const CROSSFADE_STEPS_PER_SECOND = 20;

/** steps = clamp(round(seconds * 20), 30, 120). */
export function crossfadeStepCount(fadeSeconds: number): number {
  const raw = Math.round(Math.max(0, fadeSeconds) * CROSSFADE_STEPS_PER_SECOND);
  return Math.min(CROSSFADE_MAX_STEPS, Math.max(CROSSFADE_MIN_STEPS, raw));
}

function incomingGain(tightness: number, p: number): number {
  switch (tightness) {
    case 1:
      return p;
    case 2:
      return Math.sin((p * Math.PI) / 2);
    case 3:
      return (1 - Math.cos(p * Math.PI)) / 2;
    case 4:
      return p * p;
    case 5:
      return p * p * p;
    default:
      throw new RangeError(`Mix tightness must be 1..5, got ${tightness}`);
  }
}

/** Gains at progress p (clamped to 0..1). */
export function crossfadeGainsAt(tightness: number, progress: number): DeckGains {
  const p = Math.min(1, Math.max(0, progress));
  return { outgoing: incomingGain(tightness, 1 - p), incoming: incomingGain(tightness, p) };
}

/** Gains applied at step k (1..steps) of a fade with `steps` steps. */
export function crossfadeGainsAtStep(tightness: number, step: number, steps: number): DeckGains {
  return crossfadeGainsAt(tightness, step / steps);
}
