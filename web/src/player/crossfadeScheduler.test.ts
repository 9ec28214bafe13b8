import { describe, expect, it } from 'vitest';
import { FakeAudioContext, FakeAudioParam } from './testSupport/fakeAudio';
import { crossfadeGainsAtStep } from './crossfadeCurves';
import { rampProgress, scheduleCrossfadeRamp } from './crossfadeRamp';
import { shouldStartCrossfade, type CrossfadeStartInput } from './crossfadeScheduler';

describe('shouldStartCrossfade', () => {
  // 180 s song, 5 s fade, plain plan: fade start 175, so it starts once remaining <= 5.5 s.
  const ready: CrossfadeStartInput = {
    crossfadeEnabled: true,
    hasNextSong: true,
    inProgress: false,
    isPlaying: true,
    durationSeconds: 180,
    currentTime: 174.5,
    fadeStart: 175,
  };

  it('starts when every condition holds', () => {
    expect(shouldStartCrossfade(ready)).toBe(true);
    expect(shouldStartCrossfade({ ...ready, currentTime: 179.9 })).toBe(true);
  });

  it('waits until remaining time is at most fade + 0.5 s', () => {
    expect(shouldStartCrossfade({ ...ready, currentTime: 174.49 })).toBe(false);
  });

  it('needs crossfade on, a next song, nothing in progress, and playback', () => {
    expect(shouldStartCrossfade({ ...ready, crossfadeEnabled: false })).toBe(false);
    expect(shouldStartCrossfade({ ...ready, hasNextSong: false })).toBe(false);
    expect(shouldStartCrossfade({ ...ready, inProgress: true })).toBe(false);
    expect(shouldStartCrossfade({ ...ready, isPlaying: false })).toBe(false);
  });

  it('only for tracks longer than 30 s', () => {
    expect(shouldStartCrossfade({ ...ready, durationSeconds: 30, currentTime: 25, fadeStart: 25 })).toBe(false);
    expect(shouldStartCrossfade({ ...ready, durationSeconds: 30.5, currentTime: 25, fadeStart: 25.5 })).toBe(true);
    expect(shouldStartCrossfade({ ...ready, durationSeconds: Number.NaN })).toBe(false);
  });

  it('not once the track is over', () => {
    expect(shouldStartCrossfade({ ...ready, currentTime: 180 })).toBe(false);
  });
});

describe('scheduleCrossfadeRamp', () => {
  it('places one gain change per step along the curve on both faders', () => {
    const context = new FakeAudioContext();
    const outgoing = new FakeAudioParam(context);
    const incoming = new FakeAudioParam(context);
    const ramp = scheduleCrossfadeRamp(outgoing, incoming, 10, 5, 2);
    expect(ramp).toEqual({ startTime: 10, endTime: 15, steps: 100 });
    // initial values + 100 steps
    expect(outgoing.events).toHaveLength(101);
    expect(incoming.events).toHaveLength(101);
    expect(outgoing.valueAt(10)).toBe(1);
    expect(incoming.valueAt(10)).toBe(0);
    const step40 = crossfadeGainsAtStep(2, 40, 100);
    expect(outgoing.valueAt(12)).toBeCloseTo(step40.outgoing, 9);
    expect(incoming.valueAt(12)).toBeCloseTo(step40.incoming, 9);
    expect(outgoing.valueAt(15)).toBeCloseTo(0, 9);
    expect(incoming.valueAt(15)).toBeCloseTo(1, 9);
  });

  it('uses 30 steps for a 1 s fade and 120 for a 30 s fade', () => {
    const context = new FakeAudioContext();
    expect(scheduleCrossfadeRamp(new FakeAudioParam(context), new FakeAudioParam(context), 0, 1, 1).steps).toBe(30);
    expect(scheduleCrossfadeRamp(new FakeAudioParam(context), new FakeAudioParam(context), 0, 30, 1).steps).toBe(120);
  });

  it('reports progress', () => {
    const ramp = { startTime: 10, endTime: 15, steps: 100 };
    expect(rampProgress(ramp, 9)).toBe(0);
    expect(rampProgress(ramp, 12.5)).toBe(0.5);
    expect(rampProgress(ramp, 20)).toBe(1);
  });
});
