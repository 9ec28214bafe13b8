/** A song's overall energy 0..1: the mean of its per-second energy curve (null without one). */
export function meanEnergy(curve: readonly number[]): number | null {
  if (curve.length === 0) return null;
  return curve.reduce((sum, value) => sum + value, 0) / curve.length;
}
