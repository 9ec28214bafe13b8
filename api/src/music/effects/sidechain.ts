/**
 * Kick-driven ducking as a gain curve computed from the kick times (not from audio), so it is the
 * same whichever chunk a sample is rendered in.
 */

export interface SidechainSettings {
  /** 0..1 gain reduction at the kick. */
  depth: number;
  /** Seconds to recover. */
  release: number;
}

/**
 * Gain curve for song samples [offset, offset + into.length), written into `into`. `kickTimes`
 * must be sorted (seconds). Each kick pulls the gain down to 1 - depth over 5 ms and it recovers
 * along a smooth curve.
 */
export function sidechainCurve(kickTimes: number[], offset: number, s: SidechainSettings, sampleRate: number, into: Float32Array): Float32Array {
  const curve = into.fill(1);
  const length = curve.length;
  const attack = Math.round(0.005 * sampleRate);
  const release = Math.max(1, Math.round(s.release * sampleRate));
  for (const t of kickTimes) {
    const k = Math.round(t * sampleRate) - offset;
    if (k + release < -attack || k - attack >= length) continue;
    for (let i = Math.max(0, k - attack); i < Math.min(length, k + release); i++) {
      let duck: number;
      if (i < k) duck = (1 - (k - i) / attack) * s.depth;
      else {
        const r = 1 - (i - k) / release;
        duck = s.depth * r * r;
      }
      const g = 1 - duck;
      if (g < curve[i]) curve[i] = g;
    }
  }
  return curve;
}
