/**
 * Mastering: make-up gain to the loudness target, then the true-peak limiter. Limiting lowers
 * loudness a little, so the make-up gain is corrected and the limiter's gain recomputed until the
 * estimate is within tolerance. The passes over the audio run on the engine's workers, in fixed
 * segments (audio-jobs.ts): one measures K-weighted power and sample peaks per block, one the true
 * peaks of the blocks that can reach the ceiling, one applies the gain in place. In between, this
 * thread only works on block-resolution numbers (a few hundred thousand per song): candidate gains
 * are evaluated on the measured power, and the reported loudness and true peak come from the same
 * model (the tests check them against full measurements of the output).
 */
import type { MasteredAudio, MasteringOptions, StereoAudio } from '../types.js';
import { enginePool, type EnginePool } from '../render/worker-pool.js';
import { isSharedAudio, runOnSegments, sharedCopy, sharedFloat32, sharedFloat64, songSegments } from './audio-jobs.js';
import { DEFAULT_LIMITER, limitedTruePeakDbtp, limiterBlockSize, limiterKnots, meanGainSquares } from './limiter.js';
import { blockMeanSquares, gatedLoudness, powerBlockSize, type BlockPower } from './loudness.js';

export const TARGET_LUFS = -14;
const TOLERANCE_LU = 0.2;
const MAX_PASSES = 6;
/** True peaks are measured down to this far below what the first gain needs limited, for the later, higher gains. */
const TRUE_PEAK_MARGIN_DB = 1.5;

const fromDb = (db: number): number => Math.pow(10, db / 20);

export interface MasterOptions extends MasteringOptions {
  pool?: EnginePool;
}

export async function masterAudio(input: StereoAudio, options: MasterOptions = {}): Promise<MasteredAudio> {
  const pool = options.pool ?? enginePool();
  const target = options.targetLufs ?? TARGET_LUFS;
  const audio = options.inPlace && isSharedAudio(input) ? input : sharedCopy(input);
  // Only waited for (whoever writes reports a failure); handled at once, so a failure is never unhandled.
  const changeable = audio === input ? options.changesAfter?.catch(() => undefined) : undefined;
  const { sampleRate } = audio;
  const length = audio.left.length;
  const powerBlock = powerBlockSize(sampleRate);
  const blockSize = limiterBlockSize(powerBlock);
  const segments = songSegments(length, sampleRate, [powerBlock, blockSize]);
  const blocks = Math.ceil(length / blockSize);

  const power = sharedFloat64(Math.ceil(length / powerBlock));
  const samplePeaks = sharedFloat32(blocks);
  await runOnSegments(pool, segments, (s) => ({ kind: 'measure-audio', audio, ...s, powerBlockSize: powerBlock, power, peakBlockSize: blockSize, peaks: samplePeaks }));
  const blockPower: BlockPower = { blockSize: powerBlock, sampleRate, length, power };

  const truePeaks = sharedFloat32(blocks);
  // Measured down to the loudest sample at least, so the song's true peak itself is always known.
  let loudestSample = 0;
  for (const peak of samplePeaks) if (peak > loudestSample) loudestSample = peak;
  const measureTruePeaks = (floor: number): Promise<void> =>
    runOnSegments(pool, segments, (s) => ({ kind: 'block-true-peaks', audio, ...s, blockSize, samplePeaks, floor: Math.min(floor, loudestSample), truePeaks }));

  const inputLufs = gatedLoudness(blockMeanSquares(blockPower));
  if (!Number.isFinite(inputLufs)) {
    // Silence stays silence; nothing to normalise.
    await measureTruePeaks(loudestSample);
    return { audio, integratedLufs: inputLufs, truePeakDbtp: limitedTruePeakDbtp(truePeaks, 1, null), gainDb: 0 };
  }

  const ceiling = fromDb(DEFAULT_LIMITER.ceilingDb);
  /** The largest gain for which truePeaks holds every block the limiter could need. */
  let measuredUpToDb = -Infinity;
  const knotBuffer = sharedFloat32(blocks + 1);
  const knotsFor = async (db: number): Promise<Float32Array | null> => {
    if (db > measuredUpToDb) {
      measuredUpToDb = db + TRUE_PEAK_MARGIN_DB;
      await measureTruePeaks(ceiling / fromDb(measuredUpToDb));
    }
    return limiterKnots(truePeaks, fromDb(db), DEFAULT_LIMITER, blockSize, sampleRate, knotBuffer);
  };
  const gainSquares = new Float64Array(power.length);
  const loudnessWith = (db: number, knots: Float32Array | null): number =>
    gatedLoudness(blockMeanSquares(blockPower, knots && meanGainSquares(knots, blockSize, powerBlock, gainSquares), fromDb(db)));

  let gainDb = target - inputLufs;
  let knots = await knotsFor(gainDb);
  let lufs = loudnessWith(gainDb, knots);
  let previous: { gainDb: number; lufs: number } | null = null;
  for (let pass = 1; pass < MAX_PASSES && Math.abs(lufs - target) > TOLERANCE_LU; pass++) {
    // Secant step once two points are known (limiting makes loudness rise slower than gain).
    const slope = previous && Math.abs(gainDb - previous.gainDb) > 1e-6 ? (lufs - previous.lufs) / (gainDb - previous.gainDb) : 0.8;
    previous = { gainDb, lufs };
    gainDb += (target - lufs) / Math.min(1, Math.max(0.2, slope));
    knots = await knotsFor(gainDb);
    lufs = loudnessWith(gainDb, knots);
  }
  const makeupGain = fromDb(gainDb);
  await changeable;
  await runOnSegments(pool, segments, (s) => ({ kind: 'apply-gain', audio, ...s, makeupGain, knots, blockSize }));
  // The output's true peak is the input's block peaks times the gain there (it hardly moves within
  // the interpolator's 12 samples); no second oversampling pass needed.
  return { audio, integratedLufs: lufs, truePeakDbtp: limitedTruePeakDbtp(truePeaks, makeupGain, knots), gainDb };
}
