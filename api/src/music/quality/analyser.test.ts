import { createMp3Encoder } from 'wasm-media-encoders';
import { describe, expect, it } from 'vitest';
import { analyseSignal, measureDensity } from './analyser.js';
import { detectKey, relativeKey } from './key.js';
import { countNonFinite, findSilences } from './levels.js';
import { integratedLoudness, truePeak } from './loudness.js';
import { decodeMp3 } from './mp3-decode.js';
import { detectTempo } from './tempo.js';
import {
  type DrumPattern,
  TEST_SAMPLE_RATE,
  chordProgression,
  clickTrack,
  concat,
  detunedPad,
  drumLoop,
  mixSignals,
  sawtooth,
  silence,
  sine,
  stereo,
} from './test-signals.js';

const FOUR_ON_FLOOR: DrumPattern = { kick: [0, 4, 8, 12], snare: [4, 12], hatEvery: 2 };
const BACKBEAT: DrumPattern = { kick: [0, 8, 10], snare: [4, 12], hatEvery: 2 };

describe('tempo detection', () => {
  it.each([72, 97, 123.5, 150])('finds a %s BPM click track within 0.5 BPM', (bpm) => {
    expect(Math.abs(detectTempo(clickTrack(bpm, 20), TEST_SAMPLE_RATE).bpm - bpm)).toBeLessThan(0.5);
  });

  it('reads very fast pulses at the octave nearest 110 BPM (documented octave choice)', () => {
    // A 174 BPM click is equally periodic at 87 BPM; the detector prefers the level nearer 110.
    expect(Math.abs(detectTempo(clickTrack(174, 20), TEST_SAMPLE_RATE).bpm - 87)).toBeLessThan(0.5);
    const twoStep = detectTempo(drumLoop(170, 20, { kick: [0, 10], snare: [4, 12], hatEvery: 2 }), TEST_SAMPLE_RATE);
    expect(Math.abs(twoStep.bpm - 85)).toBeLessThan(0.5);
  });

  it.each([
    [85, BACKBEAT],
    [128, FOUR_ON_FLOOR],
    [140, BACKBEAT],
    [92, { ...BACKBEAT, hatEvery: 1 }],
    [100, BACKBEAT],
    [64, FOUR_ON_FLOOR],
  ] as [number, DrumPattern][])('finds %s BPM in a drum pattern (no octave error)', (bpm, pattern) => {
    const estimate = detectTempo(drumLoop(bpm, 20, pattern), TEST_SAMPLE_RATE);
    expect(Math.abs(estimate.bpm - bpm)).toBeLessThan(0.5);
  });

  it('places the beat grid on the hits', () => {
    const offset = 0.3;
    const signal = concat(silence(offset), drumLoop(120, 20, FOUR_ON_FLOOR));
    const estimate = detectTempo(signal, TEST_SAMPLE_RATE);
    const beat = 0.5;
    const phaseError = Math.abs(((estimate.beatOffsetSeconds - offset) % beat + beat * 1.5) % beat - beat / 2);
    expect(phaseError).toBeLessThan(0.02);
  });
});

// MIDI chords: C4 = 60.
const triad = (root: number, minor = false) => [root, root + (minor ? 3 : 4), root + 7];

describe('key detection', () => {
  it('finds G major from I-vi-IV-V', () => {
    const key = detectKey(chordProgression([triad(67), triad(64, true), triad(60), triad(62)], 1, 4), TEST_SAMPLE_RATE);
    expect(`${key.tonic} ${key.mode}`).toBe('G major');
  });

  it('finds D minor from i-iv-V-i with a harmonic-minor dominant', () => {
    const key = detectKey(chordProgression([triad(62, true), triad(67, true), triad(69), triad(62, true)], 1, 4), TEST_SAMPLE_RATE);
    expect(`${key.tonic} ${key.mode}`).toBe('D minor');
  });

  it('finds E major and F# minor over a drum loop', () => {
    const drums = drumLoop(110, 16, BACKBEAT);
    const major = mixSignals(chordProgression([triad(64), triad(69), triad(71), triad(64)], 1, 4), drums);
    const minor = mixSignals(chordProgression([triad(66, true), triad(62), triad(61), triad(66, true)], 1, 4), drums);
    const [majorKey, minorKey] = [detectKey(major, TEST_SAMPLE_RATE), detectKey(minor, TEST_SAMPLE_RATE)];
    expect(`${majorKey.tonic} ${majorKey.mode}`).toBe('E major');
    expect(`${minorKey.tonic} ${minorKey.mode}`).toBe('F# minor');
  });

  it('names relative keys', () => {
    expect(relativeKey('A', 'minor')).toEqual({ tonic: 'C', mode: 'major' });
    expect(relativeKey('D#', 'major')).toEqual({ tonic: 'C', mode: 'minor' });
  });
});

describe('loudness (BS.1770-4)', () => {
  it.each([44100, 48000])('a stereo 1 kHz sine at -23 dBFS measures -23 LUFS (EBU Tech 3341 case 1) at %s Hz', (rate) => {
    const tone = sine(1000, 10 ** (-23 / 20), 20, rate);
    expect(integratedLoudness([tone, tone], rate)).toBeCloseTo(-23, 1);
  });

  it('a 0 dBFS 1 kHz sine in one channel measures -3.01 LUFS', () => {
    const tone = sine(1000, 1, 10);
    expect(integratedLoudness([tone, silence(10)], TEST_SAMPLE_RATE)).toBeCloseTo(-3.01, 1);
  });

  it('gates silence and passages more than 10 LU below the programme', () => {
    const loud = sine(1000, 10 ** (-20 / 20), 10);
    const quiet = sine(1000, 10 ** (-40 / 20), 10);
    const withSilence = concat(loud, silence(10));
    const withQuiet = concat(loud, quiet);
    // Blocks straddling the step pass the gates and pull the result down by a few hundredths.
    expect(Math.abs(integratedLoudness([withSilence, withSilence], TEST_SAMPLE_RATE) + 20)).toBeLessThan(0.1);
    expect(Math.abs(integratedLoudness([withQuiet, withQuiet], TEST_SAMPLE_RATE) + 20)).toBeLessThan(0.1);
  });

  it('weights low frequencies down (K-weighting): 40 Hz reads quieter than 1 kHz at the same level', () => {
    const low = sine(40, 0.1, 10);
    const mid = sine(1000, 0.1, 10);
    expect(integratedLoudness([mid, mid], TEST_SAMPLE_RATE) - integratedLoudness([low, low], TEST_SAMPLE_RATE)).toBeGreaterThan(1.5);
  });
});

describe('true peak', () => {
  it('finds the inter-sample peak of a quarter-sample-rate sine sampled off its crests', () => {
    // Samples land at 45 degrees: sample peak is -3 dB below the true peak of 0.5 (-6.02 dBTP).
    const tone = sine(TEST_SAMPLE_RATE / 4, 0.5, 1, TEST_SAMPLE_RATE, Math.PI / 4);
    const samplePeak = 20 * Math.log10(Math.max(...tone.map(Math.abs)));
    expect(samplePeak).toBeCloseTo(-9.03, 1);
    expect(Math.abs(truePeak([tone]) - -6.02)).toBeLessThan(0.3);
  });

  it('equals the sample peak for a slow sine', () => {
    expect(truePeak([sine(100, 0.25, 1)])).toBeCloseTo(20 * Math.log10(0.25), 1);
  });
});

describe('silence, NaN and density', () => {
  it('finds a 2 s gap and ignores a 0.6 s gap and quiet-but-audible noise', () => {
    const tone = sine(440, 0.3, 3);
    const signal = concat(tone, silence(2), tone, silence(0.6), tone, sine(440, 10 ** (-45 / 20), 2));
    const gaps = findSilences([signal], TEST_SAMPLE_RATE);
    expect(gaps).toHaveLength(1);
    expect(gaps[0].start).toBeCloseTo(3, 1);
    expect(gaps[0].end).toBeCloseTo(5, 1);
  });

  it('counts non-finite samples and still measures the rest', () => {
    const tone = sine(440, 0.3, 5);
    tone[100] = Number.NaN;
    tone[200] = Number.POSITIVE_INFINITY;
    expect(countNonFinite([tone])).toBe(2);
    const report = analyseSignal(stereo(tone));
    expect(report.nonFiniteSamples).toBe(4);
    expect(Number.isFinite(report.integratedLufs)).toBe(true);
  });

  it('rates a busy pattern denser than a sparse one regardless of level', () => {
    const busy = stereo(drumLoop(120, 12, { kick: [0, 4, 8, 12], snare: [4, 12], hatEvery: 1 }).map((s) => s * 0.1));
    const sparse = stereo(drumLoop(120, 12, { kick: [0], snare: [8] }));
    const a = measureDensity(busy, 0, 12);
    const b = measureDensity(sparse, 0, 12);
    expect(a.onsetRate).toBeGreaterThan(b.onsetRate * 2);
    expect(a.spectralFlux).toBeGreaterThan(b.spectralFlux);
  });

  it('does not read a steady low note as spectral activity', () => {
    // A 55 Hz period (18 ms) nearly fills the 23 ms analysis frame: the SuperFlux reference read
    // its frame-to-frame ripple as 0.8, twice a 16th-note drum loop.
    const bassNote = measureDensity(stereo(sawtooth(55, 0.3, 8)), 0, 8);
    const drums = measureDensity(stereo(drumLoop(120, 8, { kick: [0], snare: [8] })), 0, 8);
    expect(bassNote.onsetRate).toBe(0);
    expect(bassNote.spectralFlux).toBeLessThan(drums.spectralFlux / 4);
  });

  it('does not count the beating of a sustained detuned pad as onsets', () => {
    // One chord every 2 s; the SuperFlux reference alone counted its shimmer as 8-9 onsets/s.
    const pad = detunedPad([triad(57, true), triad(53), triad(48), triad(55)], 2, 2);
    expect(measureDensity(stereo(pad), 0, 16).onsetRate).toBeLessThan(1);
  });

  it('hears the drums over a sustained pad: a busy loop denser than a sparse one', () => {
    const pad = detunedPad([triad(57, true), triad(53), triad(48), triad(55)], 2, 2);
    const seconds = pad.length / TEST_SAMPLE_RATE;
    // 1 hit/s against 4 distinct onsets/s (kick on every beat, snare on 2 and 4, 8th-note hats).
    const sparse = measureDensity(stereo(mixSignals(pad, drumLoop(120, seconds, { kick: [0], snare: [8] }).map((s) => s * 0.5))), 0, seconds);
    const busy = measureDensity(stereo(mixSignals(pad, drumLoop(120, seconds, { kick: [0, 4, 8, 12], snare: [4, 12], hatEvery: 2 }).map((s) => s * 0.5))), 0, seconds);
    expect(sparse.onsetRate).toBeGreaterThan(0.8);
    expect(sparse.onsetRate).toBeLessThan(1.5);
    expect(busy.onsetRate).toBeGreaterThan(sparse.onsetRate * 2);
    expect(busy.spectralFlux).toBeGreaterThan(sparse.spectralFlux);
  });
});

describe('analyseSignal', () => {
  it('reports tempo, key and loudness of a synthetic song', () => {
    const chords = chordProgression([triad(69, true), triad(65), triad(60), triad(67)], 60 / 100 * 4, 3);
    const song = mixSignals(chords, drumLoop(100, chords.length / TEST_SAMPLE_RATE, BACKBEAT).map((s) => s * 0.5));
    const report = analyseSignal(stereo(song));
    expect(Math.abs(report.tempo.bpm - 100)).toBeLessThan(0.5);
    expect(['A minor', 'C major']).toContain(`${report.key.tonic} ${report.key.mode}`);
    expect(report.durationSeconds).toBeCloseTo(28.8, 1);
    expect(report.silences).toEqual([]);
    expect(report.truePeakDbtp).toBeLessThan(6);
  });
});

describe('decodeMp3', () => {
  it('decodes an MP3 back to PCM of the same length and level', async () => {
    const tone = sine(440, 0.5, 3);
    const encoder = await createMp3Encoder();
    encoder.configure({ sampleRate: TEST_SAMPLE_RATE, channels: 2, bitrate: 192 });
    const body = encoder.encode([tone, tone]);
    const tail = encoder.finalize();
    const mp3 = new Uint8Array(body.length + tail.length);
    mp3.set(body);
    mp3.set(tail, body.length);
    const decoded = await decodeMp3(mp3);
    expect(decoded.errors).toBe(0);
    expect(decoded.sampleRate).toBe(TEST_SAMPLE_RATE);
    expect(decoded.channels).toHaveLength(2);
    // LAME adds encoder delay and padding: at most a few frames of 1152 samples.
    expect(Math.abs(decoded.channels[0].length - tone.length)).toBeLessThan(1152 * 3);
    expect(integratedLoudness(decoded.channels, decoded.sampleRate)).toBeCloseTo(integratedLoudness([tone, tone], TEST_SAMPLE_RATE), 0);
  });
});
