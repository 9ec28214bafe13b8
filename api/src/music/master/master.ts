/**
 * Mastering: make-up gain to the loudness target, then the true-peak limiter. Limiting lowers
 * loudness a little, so the make-up gain is corrected and the gain curve recomputed until the
 * estimate is within tolerance. Candidate curves are evaluated on the K-weighted power computed
 * once, and the reported loudness and true peak come from the same model (the tests check them
 * against full measurements of the output).
 */
import type { MasteredAudio, StereoAudio } from '../types.js';
import { applyGain, DEFAULT_LIMITER, limiterGainCurve, truePeakEnvelope } from './limiter.js';
import { blockMeanSquares, gatedLoudness, kWeightedPower } from './loudness.js';
import { truePeakDbtp } from './true-peak.js';

export const TARGET_LUFS = -14;
const TOLERANCE_LU = 0.2;
const MAX_PASSES = 6;
/** The peak envelope is recorded this far below the first pass's limiting threshold, for later passes. */
const ENVELOPE_MARGIN_DB = 1.5;

const fromDb = (db: number): number => Math.pow(10, db / 20);

export interface MasterOptions {
  /**
   * Write the result into the input's buffers instead of new ones (saves a full copy of the
   * song; the pipeline does not need the unmastered mix afterwards).
   */
  inPlace?: boolean;
}

export function masterAudio(a: StereoAudio, options: MasterOptions = {}): MasteredAudio {
  const into = options.inPlace ? a : undefined;
  const power = kWeightedPower(a);
  const input = gatedLoudness(blockMeanSquares(power));
  if (!Number.isFinite(input)) {
    // Silence stays silence; nothing to normalise.
    return { audio: applyGain(a, 1, null, into), integratedLufs: input, truePeakDbtp: truePeakDbtp(a), gainDb: 0 };
  }
  const ceiling = fromDb(DEFAULT_LIMITER.ceilingDb);
  let gainDb = TARGET_LUFS - input;
  let envelopeGainDb = gainDb + ENVELOPE_MARGIN_DB;
  let envelope = truePeakEnvelope(a, ceiling / fromDb(envelopeGainDb));
  const scratch = new Float32Array(a.left.length);
  const curveFor = (db: number): Float32Array | null => {
    if (db > envelopeGainDb) {
      envelopeGainDb = db + ENVELOPE_MARGIN_DB;
      envelope = truePeakEnvelope(a, ceiling / fromDb(envelopeGainDb));
    }
    return limiterGainCurve(envelope, fromDb(db), DEFAULT_LIMITER, a.sampleRate, scratch);
  };
  let curve = curveFor(gainDb);
  let previous: { gainDb: number; lufs: number } | null = null;
  let lufs = TARGET_LUFS;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    lufs = gatedLoudness(blockMeanSquares(power, curve, fromDb(gainDb)));
    if (Math.abs(lufs - TARGET_LUFS) <= TOLERANCE_LU) break;
    // Secant step once two points are known (limiting makes loudness rise slower than gain).
    const slope = previous && Math.abs(gainDb - previous.gainDb) > 1e-6 ? (lufs - previous.lufs) / (gainDb - previous.gainDb) : 0.8;
    previous = { gainDb, lufs };
    gainDb += (TARGET_LUFS - lufs) / Math.min(1, Math.max(0.2, slope));
    curve = curveFor(gainDb);
  }
  const makeup = fromDb(gainDb);
  // The output's true peak is the input's peak envelope times the applied gain (the gain hardly
  // moves within the interpolator's 12 samples); no second oversampling pass needed.
  let peak = 0;
  for (let i = 0; i < envelope.length; i++) {
    const v = envelope[i] * makeup * (curve ? curve[i] : 1);
    if (v > peak) peak = v;
  }
  const out = applyGain(a, makeup, curve, into);
  return { audio: out, integratedLufs: lufs, truePeakDbtp: 20 * Math.log10(Math.max(peak, 1e-12)), gainDb };
}
