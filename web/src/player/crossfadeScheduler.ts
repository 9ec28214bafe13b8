/**
 * When the mixer starts an automatic crossfade (SPEC 4): crossfade enabled, a next song exists,
 * no crossfade (or queue request) in progress, the playing track is longer than 30 s, and the
 * playhead has reached the planned fade start minus 0.5 s (the mixer polls every 500 ms). With the
 * plain plan the fade start is duration - fade, i.e. "remaining time <= fade seconds + 0.5 s".
 */

export const MIXER_POLL_MS = 500;
export const CROSSFADE_MIN_TRACK_SECONDS = 30;
export const CROSSFADE_LEAD_SECONDS = 0.5;

export interface CrossfadeStartInput {
  crossfadeEnabled: boolean;
  hasNextSong: boolean;
  inProgress: boolean;
  isPlaying: boolean;
  durationSeconds: number;
  currentTime: number;
  /** Planned fade start (transitionPlan.ts). */
  fadeStart: number;
}

export function shouldStartCrossfade(input: CrossfadeStartInput): boolean {
  return (
    input.crossfadeEnabled &&
    input.hasNextSong &&
    !input.inProgress &&
    input.isPlaying &&
    Number.isFinite(input.durationSeconds) &&
    input.durationSeconds > CROSSFADE_MIN_TRACK_SECONDS &&
    input.currentTime >= input.fadeStart - CROSSFADE_LEAD_SECONDS &&
    input.currentTime < input.durationSeconds
  );
}
