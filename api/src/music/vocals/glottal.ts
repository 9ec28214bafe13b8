/**
 * The voice source: one period of the Liljencrants-Fant (LF) model of the glottal flow
 * derivative, the pulse a singer's vocal folds send into the vocal tract (lip radiation
 * included). Its shape comes from a single parameter, Rd (Fant 1995): ~0.8 is a pressed, bright
 * voice, ~1.5 a lax, breathier one. The period is tabulated once per voice and read at the
 * singing pitch.
 */

/** Samples in one tabulated period (read with linear interpolation). */
export const PULSE_TABLE_SIZE = 2048;

/** LF timing parameters (fractions of the period) from Rd, by Fant's regressions. */
function lfTiming(rd: number): { tp: number; te: number; ta: number } {
  const ra = (-1 + 4.8 * rd) / 100;
  const rk = (22.4 + 11.8 * rd) / 100;
  const rg = rk / (4 * ((0.11 * rd) / (0.5 + 1.2 * rk) - ra));
  const tp = 1 / (2 * rg);
  return { tp, te: tp * (1 + rk), ta: ra };
}

/** Solves epsilon * ta = 1 - exp(-epsilon * (1 - te)) for the return phase's decay (Newton). */
function returnDecay(ta: number, te: number): number {
  let epsilon = 1 / ta;
  for (let i = 0; i < 40; i++) {
    const e = Math.exp(-epsilon * (1 - te));
    const f = epsilon * ta - 1 + e;
    const df = ta - (1 - te) * e;
    epsilon -= f / df;
  }
  return epsilon;
}

/** One period of the LF pulse for `rd`, normalised so the main excitation (its negative peak) is -1. */
export function lfPulse(rd: number, size = PULSE_TABLE_SIZE): Float32Array {
  const { tp, te, ta } = lfTiming(rd);
  const epsilon = returnDecay(ta, te);
  const wg = Math.PI / tp;
  // The return phase: from the value at te (negative) exponentially back to zero at the period's end.
  const tail = (t: number, atTe: number): number => (atTe / (epsilon * ta)) * (Math.exp(-epsilon * (t - te)) - Math.exp(-epsilon * (1 - te)));
  const pulse = (alpha: number, t: number): number => {
    return t <= te ? Math.exp(alpha * t) * Math.sin(wg * t) : tail(t, Math.exp(alpha * te) * Math.sin(wg * te));
  };
  // The flow returns to where it started: the derivative integrates to zero over the period.
  const area = (alpha: number): number => {
    let sum = 0;
    for (let i = 0; i < size; i++) sum += pulse(alpha, (i + 0.5) / size);
    return sum;
  };
  let lo = -50;
  let hi = 50;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    // A larger alpha grows the pulse towards its negative peak: the area falls as alpha rises.
    if (area(mid) > 0) lo = mid;
    else hi = mid;
  }
  const alpha = (lo + hi) / 2;
  const table = new Float32Array(size + 1);
  let peak = 0;
  for (let i = 0; i < size; i++) {
    table[i] = pulse(alpha, i / size);
    peak = Math.max(peak, -table[i]);
  }
  for (let i = 0; i < size; i++) table[i] /= peak;
  // Guard point for interpolation.
  table[size] = table[0];
  return table;
}
