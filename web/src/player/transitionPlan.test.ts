import { describe, expect, it } from 'vitest';
import {
  barSeconds,
  dbToGain,
  downbeatAtOrBefore,
  loudnessTrimDb,
  loudnessTrimGain,
  planTransition,
} from './transitionPlan';
import type { SongAnalysis } from './types';

function analysis(overrides: Partial<SongAnalysis> = {}): SongAnalysis {
  return {
    durationSeconds: 180,
    bpm: 120,
    beatOffsetSeconds: 0.5,
    integratedLufs: -14,
    introEndSeconds: 0,
    outroStartSeconds: 180,
    silenceRanges: [],
    ...overrides,
  };
}

describe('beat alignment arithmetic', () => {
  it('a bar is four beats', () => {
    expect(barSeconds(120)).toBe(2);
    expect(barSeconds(90)).toBeCloseTo(8 / 3, 10);
  });

  it('finds the downbeat at or before a time', () => {
    // 120 bpm, offset 0.5: downbeats at 0.5, 2.5, 4.5, ...
    expect(downbeatAtOrBefore(175, 120, 0.5)).toBe(174.5);
    expect(downbeatAtOrBefore(174.5, 120, 0.5)).toBe(174.5);
    expect(downbeatAtOrBefore(176.49, 120, 0.5)).toBe(174.5);
    // 90 bpm, offset 0.25: bar 8/3 s; 100 s is in bar 37 -> 0.25 + 37 * 8/3 = 98.9166...
    expect(downbeatAtOrBefore(100, 90, 0.25)).toBeCloseTo(0.25 + (37 * 8) / 3, 9);
  });

  it('leaves the time alone without a usable grid', () => {
    expect(downbeatAtOrBefore(10, 0, 0)).toBe(10);
    expect(downbeatAtOrBefore(0.2, 120, 0.5)).toBe(0.2);
  });
});

describe('loudness levelling', () => {
  it('trims both songs to -14 LUFS', () => {
    expect(loudnessTrimDb(-8)).toBe(-6);
    expect(loudnessTrimDb(-18)).toBe(4);
    expect(loudnessTrimGain({ integratedLufs: -8 })).toBeCloseTo(0.501187, 5);
    expect(loudnessTrimGain({ integratedLufs: -20 })).toBeCloseTo(1.995262, 5);
    expect(loudnessTrimGain(null)).toBe(1);
  });

  it('caps boost at +6 dB and cut at -24 dB', () => {
    expect(loudnessTrimDb(-40)).toBe(6);
    expect(loudnessTrimDb(10)).toBe(-24);
    expect(loudnessTrimDb(Number.NaN)).toBe(0);
    expect(dbToGain(0)).toBe(1);
  });

  it('levels two songs to the same loudness', () => {
    const loud = loudnessTrimGain({ integratedLufs: -9 });
    const quiet = loudnessTrimGain({ integratedLufs: -17 });
    // After trim both sit at -14 LUFS: 20*log10(gain) + lufs is equal.
    expect(20 * Math.log10(loud) - 9).toBeCloseTo(20 * Math.log10(quiet) - 17, 9);
  });
});

describe('planTransition', () => {
  const plainIncoming = { leadingSkipSeconds: 0, analysis: null };

  it('without beat matching fades over the last N seconds of audible audio', () => {
    const plan = planTransition({ durationSeconds: 180, audibleEndSeconds: 176 }, { leadingSkipSeconds: 1.4 }, 5, false);
    expect(plan).toEqual({ fadeStart: 171, fadeSeconds: 5, incomingStart: 1.4, outgoingTrim: 1, incomingTrim: 1 });
  });

  it('aligns the fade start to the outgoing downbeat', () => {
    const plan = planTransition({ durationSeconds: 180, audibleEndSeconds: 180, analysis: analysis() }, plainIncoming, 5, true);
    // nominal 175 -> downbeat 174.5
    expect(plan.fadeStart).toBe(174.5);
  });

  it('prefers the stored outro start within one fade before the nominal start', () => {
    const out = analysis({ outroStartSeconds: 171 });
    expect(planTransition({ durationSeconds: 180, audibleEndSeconds: 180, analysis: out }, plainIncoming, 5, true).fadeStart).toBe(170.5);
    const tooEarly = analysis({ outroStartSeconds: 150 });
    expect(planTransition({ durationSeconds: 180, audibleEndSeconds: 180, analysis: tooEarly }, plainIncoming, 5, true).fadeStart).toBe(174.5);
  });

  it('starts the incoming song so its intro ends as the fade ends, on its downbeat', () => {
    const incoming = { leadingSkipSeconds: 0, durationSeconds: 200, analysis: analysis({ introEndSeconds: 16.5, bpm: 120, beatOffsetSeconds: 0.5 }) };
    const plan = planTransition({ durationSeconds: 180, audibleEndSeconds: 180, analysis: analysis() }, incoming, 5, true);
    // 16.5 - 5 = 11.5 -> downbeat 10.5
    expect(plan.incomingStart).toBe(10.5);
  });

  it('starts the incoming song at 0 when its intro is shorter than the fade or too long', () => {
    const shortIntro = { leadingSkipSeconds: 0, analysis: analysis({ introEndSeconds: 4 }) };
    expect(planTransition({ durationSeconds: 180, audibleEndSeconds: 180 }, shortIntro, 5, true).incomingStart).toBe(0);
    const longIntro = { leadingSkipSeconds: 0, durationSeconds: 100, analysis: analysis({ introEndSeconds: 60 }) };
    expect(planTransition({ durationSeconds: 180, audibleEndSeconds: 180 }, longIntro, 5, true).incomingStart).toBe(0);
  });

  it('never starts the incoming song inside a skipped leading silence', () => {
    const incoming = { leadingSkipSeconds: 3, analysis: analysis({ introEndSeconds: 4 }) };
    expect(planTransition({ durationSeconds: 180, audibleEndSeconds: 180 }, incoming, 5, true).incomingStart).toBe(3);
  });

  it('trims both decks to the target loudness when beat matched', () => {
    const plan = planTransition(
      { durationSeconds: 180, audibleEndSeconds: 180, analysis: analysis({ integratedLufs: -8 }) },
      { leadingSkipSeconds: 0, analysis: analysis({ integratedLufs: -20 }) },
      5,
      true,
    );
    expect(plan.outgoingTrim).toBeCloseTo(dbToGain(-6), 9);
    expect(plan.incomingTrim).toBeCloseTo(dbToGain(6), 9);
  });
});
