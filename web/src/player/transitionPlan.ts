/**
 * When and how a mixer transition happens: beat alignment, outro/intro points and loudness
 * levelling (beat-matched transitions), or the plain "last N seconds" fade when that is off.
 *
 * Rules (all times in seconds of the respective song):
 * - The outgoing song's audible end is its duration, or the start of its trailing silence when
 *   silence elimination is on. The nominal fade start is audibleEnd - fadeSeconds.
 * - Beat-matched: the anchor is the stored outroStartSeconds when it lies within one fade length
 *   before the nominal start (a longer outro would cut too much of the song, a shorter one leaves
 *   no room), else the nominal start. The fade starts on the downbeat at or before the anchor:
 *   bars are 4 beats of 60/bpm seconds, downbeats at beatOffsetSeconds + n * bar.
 * - Beat-matched: the incoming song starts so that its intro ends as the fade ends
 *   (introEndSeconds - fadeSeconds, snapped back to its own downbeat so both songs enter the fade
 *   on a bar line), when the intro is longer than the fade and ends in the first half of the song.
 *   Otherwise it starts at 0. It never starts inside a leading silence that is being skipped.
 * - Beat-matched: both decks get a gain trim that brings their integrated loudness to
 *   TARGET_LUFS (boost capped at +6 dB to avoid clipping, cut capped at -24 dB).
 */
import type { SongAnalysis } from './types';

export const BEATS_PER_BAR = 4;
export const TARGET_LUFS = -14;
export const MAX_LOUDNESS_BOOST_DB = 6;
export const MAX_LOUDNESS_CUT_DB = -24;

export function barSeconds(bpm: number): number {
  return (BEATS_PER_BAR * 60) / bpm;
}

/** The downbeat (bar start) at or before `time`; `time` itself when no bar grid applies there. */
export function downbeatAtOrBefore(time: number, bpm: number, beatOffsetSeconds: number): number {
  if (!(bpm > 0) || !Number.isFinite(beatOffsetSeconds) || !Number.isFinite(time)) return time;
  const bar = barSeconds(bpm);
  // The epsilon keeps a time that is exactly on a downbeat from falling to the previous bar.
  const bars = Math.floor((time - beatOffsetSeconds) / bar + 1e-9);
  const downbeat = beatOffsetSeconds + bars * bar;
  return downbeat >= 0 ? downbeat : time;
}

/** dB of gain that brings a song measured at `integratedLufs` to the target loudness. */
export function loudnessTrimDb(integratedLufs: number, targetLufs = TARGET_LUFS): number {
  if (!Number.isFinite(integratedLufs)) return 0;
  return Math.min(MAX_LOUDNESS_BOOST_DB, Math.max(MAX_LOUDNESS_CUT_DB, targetLufs - integratedLufs));
}

export function dbToGain(db: number): number {
  return Math.pow(10, db / 20);
}

/** Linear gain trim for a song; 1 without analysis. */
export function loudnessTrimGain(analysis: Pick<SongAnalysis, 'integratedLufs'> | null | undefined): number {
  return analysis ? dbToGain(loudnessTrimDb(analysis.integratedLufs)) : 1;
}

export interface OutgoingTrack {
  durationSeconds: number;
  /** Duration, or the start of trailing silence when silence elimination is on. */
  audibleEndSeconds: number;
  analysis?: SongAnalysis | null;
}

export interface IncomingTrack {
  durationSeconds?: number | null;
  /** End of a skipped leading silence (0 when none is skipped). */
  leadingSkipSeconds: number;
  analysis?: SongAnalysis | null;
}

export interface TransitionPlan {
  /** Outgoing song time at which the fade begins. */
  fadeStart: number;
  fadeSeconds: number;
  /** Incoming song time at which it starts playing. */
  incomingStart: number;
  outgoingTrim: number;
  incomingTrim: number;
}

function outgoingAnchor(nominalStart: number, fadeSeconds: number, analysis: SongAnalysis): number {
  const outro = analysis.outroStartSeconds;
  return outro >= nominalStart - fadeSeconds && outro <= nominalStart ? outro : nominalStart;
}

function incomingIntroStart(fadeSeconds: number, track: IncomingTrack): number {
  const analysis = track.analysis;
  if (!analysis) return 0;
  const duration = track.durationSeconds ?? analysis.durationSeconds;
  const introEnd = analysis.introEndSeconds;
  if (!(introEnd > fadeSeconds) || !(introEnd <= duration / 2)) return 0;
  return Math.max(0, downbeatAtOrBefore(introEnd - fadeSeconds, analysis.bpm, analysis.beatOffsetSeconds));
}

export function planTransition(
  outgoing: OutgoingTrack,
  incoming: IncomingTrack,
  fadeSeconds: number,
  beatMatched: boolean,
): TransitionPlan {
  const end = Math.min(outgoing.durationSeconds, outgoing.audibleEndSeconds);
  const nominalStart = Math.max(0, end - fadeSeconds);
  if (!beatMatched) {
    return { fadeStart: nominalStart, fadeSeconds, incomingStart: incoming.leadingSkipSeconds, outgoingTrim: 1, incomingTrim: 1 };
  }
  const outAnalysis = outgoing.analysis;
  const fadeStart = outAnalysis
    ? Math.max(0, downbeatAtOrBefore(outgoingAnchor(nominalStart, fadeSeconds, outAnalysis), outAnalysis.bpm, outAnalysis.beatOffsetSeconds))
    : nominalStart;
  return {
    fadeStart,
    fadeSeconds,
    incomingStart: Math.max(incoming.leadingSkipSeconds, incomingIntroStart(fadeSeconds, incoming)),
    outgoingTrim: loudnessTrimGain(outAnalysis),
    incomingTrim: loudnessTrimGain(incoming.analysis),
  };
}
