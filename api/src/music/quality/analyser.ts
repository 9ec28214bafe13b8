/**
 * The independent audio analyser used by the engine quality tests. It shares no code with the
 * generator (render/, master/, analysis/...): if the engine's own measurements are wrong, these
 * disagree with them.
 */
import { detectKey, type KeyEstimate } from './key.js';
import { integratedLoudness, truePeak } from './loudness.js';
import { countNonFinite, findSilences, rmsDb, type TimeRange } from './levels.js';
import { ATTACK_REFERENCE, meanFlux, onsetEnvelope, onsetRate } from './onsets.js';
import { mixToMono, type PcmSignal } from './spectrum.js';
import { detectTempoFromEnvelope, type TempoEstimate } from './tempo.js';

export interface AudioReport {
  durationSeconds: number;
  nonFiniteSamples: number;
  tempo: TempoEstimate;
  key: KeyEstimate;
  integratedLufs: number;
  truePeakDbtp: number;
  rmsDbfs: number;
  /** Stretches > 1 s below -50 dBFS. */
  silences: TimeRange[];
}

export interface DensityReport {
  /** Attacks per second (new energy above anything in the previous 30 ms, see ATTACK_REFERENCE). */
  onsetRate: number;
  /**
   * Mean spectral flux per frame against the same 30 ms reference, measured on the excerpt
   * normalised to 0 dBFS RMS (level-independent): how much new energy arrives on average.
   */
  spectralFlux: number;
  rmsDbfs: number;
}

/** Non-finite samples are replaced by 0 for the measurements (and counted in the report). */
function sanitised(signal: PcmSignal): PcmSignal {
  return {
    sampleRate: signal.sampleRate,
    channels: signal.channels.map((channel) => channel.map((sample) => (Number.isFinite(sample) ? sample : 0))),
  };
}

export function analyseSignal(signal: PcmSignal): AudioReport {
  const nonFiniteSamples = countNonFinite(signal.channels);
  const clean = nonFiniteSamples > 0 ? sanitised(signal) : signal;
  const mono = mixToMono(clean);
  return {
    durationSeconds: mono.length / clean.sampleRate,
    nonFiniteSamples,
    tempo: detectTempoFromEnvelope(onsetEnvelope(mono, clean.sampleRate)),
    key: detectKey(mono, clean.sampleRate),
    integratedLufs: integratedLoudness(clean.channels, clean.sampleRate),
    truePeakDbtp: truePeak(clean.channels),
    rmsDbfs: rmsDb(clean.channels, clean.sampleRate),
    silences: findSilences(clean.channels, clean.sampleRate),
  };
}

/** Rhythmic density of [start, end) seconds, for comparing arrangements (e.g. chorus vs chorus). */
export function measureDensity(signal: PcmSignal, start: number, end: number): DensityReport {
  const from = Math.max(0, Math.floor(start * signal.sampleRate));
  const to = Math.floor(end * signal.sampleRate);
  const excerpt: PcmSignal = { sampleRate: signal.sampleRate, channels: signal.channels.map((c) => c.subarray(from, Math.min(c.length, to))) };
  const level = rmsDb(excerpt.channels, excerpt.sampleRate);
  const mono = mixToMono(excerpt);
  const gain = Number.isFinite(level) ? 10 ** (-level / 20) : 1;
  const normalised = mono.map((sample) => sample * gain);
  const envelope = onsetEnvelope(normalised, signal.sampleRate, ATTACK_REFERENCE);
  return { onsetRate: onsetRate(envelope), spectralFlux: meanFlux(envelope), rmsDbfs: level };
}
