/**
 * Schedules one crossfade on two deck faders: `steps` gain changes (crossfadeStepCount) along the
 * tightness curve, placed on the Web Audio timeline so they stay exact even when timers are
 * throttled in a background tab.
 */
import type { AudioParamLike } from './audioGraph';
import { crossfadeGainsAtStep, crossfadeStepCount } from './crossfadeCurves';

export interface ScheduledRamp {
  startTime: number;
  endTime: number;
  steps: number;
}

export function scheduleCrossfadeRamp(
  outgoing: AudioParamLike,
  incoming: AudioParamLike,
  startTime: number,
  fadeSeconds: number,
  tightness: number,
): ScheduledRamp {
  const steps = crossfadeStepCount(fadeSeconds);
  const stepSeconds = fadeSeconds / steps;
  outgoing.cancelScheduledValues(startTime);
  incoming.cancelScheduledValues(startTime);
  outgoing.setValueAtTime(1, startTime);
  incoming.setValueAtTime(0, startTime);
  for (let step = 1; step <= steps; step++) {
    const gains = crossfadeGainsAtStep(tightness, step, steps);
    const time = startTime + step * stepSeconds;
    outgoing.setValueAtTime(gains.outgoing, time);
    incoming.setValueAtTime(gains.incoming, time);
  }
  return { startTime, endTime: startTime + fadeSeconds, steps };
}

/** Fade progress 0..1 at context time `now`. */
export function rampProgress(ramp: ScheduledRamp, now: number): number {
  const length = ramp.endTime - ramp.startTime;
  if (length <= 0) return 1;
  return Math.min(1, Math.max(0, (now - ramp.startTime) / length));
}
