import { afterAll, describe, expect, it } from 'vitest';
import type { Composition, StereoAudio } from '../types.js';
import { SAMPLE_RATE } from '../synth/dsp.js';
import { renderChunk } from './chunk.js';
import { fixtureComposition } from './fixtures.js';
import { sharedFloat32 } from '../master/audio-jobs.js';
import { busInputGain, finishMix, finishSettings, runFinishJob, SPECTRA_PER_SEGMENT, SPECTRUM_BINS } from './finish.js';
import { returnMix } from './mix-buffers.js';
import { sectionLevelCurve } from './section-levels.js';
import { buildNoteTableInline } from './note-table.js';
import { renderComposition, renderCompositionInline, renderLength, RENDER_TAIL_SECONDS, sliceRequests } from './render.js';
import { EnginePool } from './worker-pool.js';

const pool = new EnginePool(2);
afterAll(() => pool.close());

function rms(x: Float32Array, from = 0, to = x.length): number {
  let s = 0;
  for (let i = from; i < to; i++) s += x[i] * x[i];
  return Math.sqrt(s / Math.max(1, to - from));
}

describe('renderComposition', () => {
  const composition = fixtureComposition({ seconds: 8, sidechain: true, lofi: 0.5 });

  it('renders the whole song plus the tail, finite and audible everywhere inside it', async () => {
    const audio = await renderComposition(composition, pool);
    expect(audio.sampleRate).toBe(SAMPLE_RATE);
    expect(audio.left.length).toBe(renderLength(composition));
    expect(audio.left.length).toBe(Math.round((composition.durationSeconds + RENDER_TAIL_SECONDS) * SAMPLE_RATE));
    expect(audio.left.every(Number.isFinite) && audio.right.every(Number.isFinite)).toBe(true);
    for (let s = 0; s < Math.floor(composition.durationSeconds); s++) expect(rms(audio.left, s * SAMPLE_RATE, (s + 1) * SAMPLE_RATE)).toBeGreaterThan(0.005);
    expect(audio.left[audio.left.length - 1]).toBeCloseTo(0, 6);
  });

  it('is deterministic, and workers give the same samples as the calling thread', async () => {
    const a = await renderComposition(composition, pool);
    const b = await renderComposition(composition, pool);
    const inline = await renderCompositionInline(composition);
    expect(Buffer.compare(Buffer.from(a.left.buffer), Buffer.from(b.left.buffer))).toBe(0);
    expect(Buffer.compare(Buffer.from(a.right.buffer), Buffer.from(inline.right.buffer))).toBe(0);
  });

  it('joins slices seamlessly: rendering in 4 slices equals rendering in one', async () => {
    const notes = buildNoteTableInline(composition, SAMPLE_RATE);
    const whole = await renderCompositionInline(composition, [{ ...sliceRequests(composition, notes)[0], endSeconds: Infinity }]);
    const total = renderLength(composition);
    const cuts = [0, 1.7, 3.9, 6.1];
    const sliced = await renderCompositionInline(
      composition,
      cuts.map((start, i) => ({ composition, startSeconds: start, endSeconds: cuts[i + 1] ?? Infinity, totalSamples: total, sampleRate: SAMPLE_RATE, notes })),
    );
    let maxDiff = 0;
    for (let i = 0; i < total; i++) maxDiff = Math.max(maxDiff, Math.abs(whole.left[i] - sliced.left[i]), Math.abs(whole.right[i] - sliced.right[i]));
    expect(maxDiff).toBeLessThan(1e-3);
    expect(rms(whole.left)).toBeGreaterThan(0.05);
  });

  it('renders the same samples into a reused mix, silent where nothing sounds', async () => {
    // Nothing starts in [2 s, 4 s) and the second slice is empty: its stretch must still be cleared.
    const gap = (t: number): boolean => t >= 2 && t < 4;
    const sparse = { ...composition, tracks: composition.tracks.map((t) => ({ ...t, notes: t.notes.filter((n) => !gap(n.start)) })), drums: { ...composition.drums, hits: composition.drums.hits.filter((h) => !gap(h.time)) } };
    const notes = buildNoteTableInline(sparse, SAMPLE_RATE);
    const cuts = (c: Composition) => [0, 2, 4].map((start, i, all) => ({ composition: c, startSeconds: start, endSeconds: all[i + 1] ?? Infinity, totalSamples: renderLength(c), sampleRate: SAMPLE_RATE, notes }));
    const fresh = await renderCompositionInline(sparse, cuts(sparse));
    const expected = { left: fresh.left.slice(), right: fresh.right.slice() };
    fresh.left.fill(0.5);
    fresh.right.fill(-0.5);
    returnMix(fresh);
    const reused = await renderCompositionInline(sparse, cuts(sparse));
    expect(reused.left.buffer).toBe(fresh.left.buffer);
    expect(Buffer.compare(Buffer.from(reused.left.slice().buffer), Buffer.from(expected.left.buffer))).toBe(0);
    expect(Buffer.compare(Buffer.from(reused.right.slice().buffer), Buffer.from(expected.right.buffer))).toBe(0);
    expect(rms(expected.left, 3.5 * SAMPLE_RATE, 4 * SAMPLE_RATE)).toBeLessThan(0.05);
  });

  it('ducks sidechained tracks right after each kick', () => {
    const plain = fixtureComposition({ seconds: 4, sidechain: false });
    const ducked = fixtureComposition({ seconds: 4, sidechain: true });
    // Pad only, kick muted (its hits still drive the ducking), so the kick's sound does not mask the measurement.
    const padOnly = (c: typeof plain) => ({ ...c, tracks: c.tracks.filter((t) => t.id === 'chords'), drums: { ...c.drums, gainDb: -200 }, mix: { ...c.mix, reverb: 0, delayTime: 0 } });
    const request = (c: typeof plain) => ({ composition: padOnly(c), startSeconds: 0, endSeconds: Infinity, totalSamples: renderLength(c), sampleRate: SAMPLE_RATE, notes: buildNoteTableInline(c, SAMPLE_RATE) });
    const a = renderChunk(request(plain));
    const b = renderChunk(request(ducked));
    const kick = Math.round(2 * SAMPLE_RATE); // a beat in the third bar
    const after = [kick + 200, kick + 2000] as const;
    expect(rms(b.left, ...after)).toBeLessThan(0.7 * rms(a.left, ...after));
  });
});

describe('finishMix', () => {
  /** 27 s of stereo bursts over a quiet bed, in shared memory (the pool works on it in place). */
  function burstyMix(): StereoAudio {
    const n = 27 * SAMPLE_RATE;
    const left = sharedFloat32(n);
    const right = sharedFloat32(n);
    for (let i = 0; i < n; i++) {
      const t = i / SAMPLE_RATE;
      const burst = (t * 2) % 1 < 0.15 ? 0.8 : 0.1;
      left[i] = burst * Math.sin(2 * Math.PI * 220 * t);
      right[i] = burst * Math.sin(2 * Math.PI * 330 * t);
    }
    return { sampleRate: SAMPLE_RATE, left, right };
  }

  it('finishing in parallel segments matches one continuous pass over the song', async () => {
    const composition = { ...fixtureComposition({ seconds: 25 }), mix: { ...fixtureComposition({ seconds: 25 }).mix, lofi: 0, compression: 0.8 } };
    const segmented = burstyMix();
    await finishMix(composition, segmented, pool);

    const continuous = burstyMix();
    const length = continuous.left.length;
    const sums = new Float64Array(1);
    const spectra = new Float64Array(SPECTRA_PER_SEGMENT);
    const noWarmUp = { sampleRate: SAMPLE_RATE, left: new Float32Array(0), right: new Float32Array(0) };
    runFinishJob({ kind: 'finish-measure', audio: continuous, index: 0, sums, spectra, levels: sectionLevelCurve(composition), warmUp: noWarmUp, from: 0, to: length });
    const inputGain = busInputGain(sums[0], length);
    const settings = finishSettings(composition, SAMPLE_RATE, spectra);
    runFinishJob({ kind: 'finish-apply', audio: continuous, index: 0, inputGain, settings, warmUp: noWarmUp, from: 0, to: length });

    let maxDiff = 0;
    for (let i = 0; i < length; i++) maxDiff = Math.max(maxDiff, Math.abs(continuous.left[i] - segmented.left[i]), Math.abs(continuous.right[i] - segmented.right[i]));
    expect(maxDiff).toBeLessThan(1e-4);
    // And the bus did compress: the bursts stand out from the bed by less than the input's 8x.
    const at = (seconds: number): number => Math.round(seconds * SAMPLE_RATE);
    expect(rms(segmented.left, at(12.02), at(12.07)) / rms(segmented.left, at(12.2), at(12.45))).toBeLessThan(6);
  });

  /** Long-term mid/side spectra whose octave bands fall `midDbPerOctave` (mid), the side `sideDb` under the mid. */
  function spectra(midDbPerOctave: number, sideDb: number): Float64Array {
    const out = new Float64Array(SPECTRA_PER_SEGMENT);
    for (let k = 1; k < SPECTRUM_BINS; k++) {
      // Each octave holds twice the bins of the one below: 3 dB more per octave at a flat bin level.
      out[k] = 10 ** ((-(midDbPerOctave + 3) * Math.log2(k)) / 10);
      out[SPECTRUM_BINS + k] = out[k] * 10 ** (sideDb / 10);
    }
    return out;
  }

  it('opens the top of a dark mix with the high shelf and trims a bright one', () => {
    const fixture = fixtureComposition({ seconds: 5 });
    const composition = { ...fixture, mix: { ...fixture.mix, brightness: 0.5, lofi: 0 } };
    expect(finishSettings(composition, SAMPLE_RATE, spectra(5, -10)).tone.highDb).toBeGreaterThan(4);
    expect(finishSettings(composition, SAMPLE_RATE, spectra(0.5, -10)).tone.highDb).toBeLessThan(0);
  });

  it('widens a narrow mix and narrows a wide one by the side level alone', () => {
    const composition = fixtureComposition({ seconds: 5 });
    // Side 20 dB under the mid: correlation 0.98; side 3 dB under: 0.33.
    expect(finishSettings(composition, SAMPLE_RATE, spectra(3, -20)).sideGain).toBeGreaterThan(2);
    expect(finishSettings(composition, SAMPLE_RATE, spectra(3, -3)).sideGain).toBeLessThan(1);
    expect(finishSettings(composition, SAMPLE_RATE, spectra(3, -8)).sideGain).toBeCloseTo(1, 0);
  });
});
