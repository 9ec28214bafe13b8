/**
 * Stereo-linked feed-forward bus compressor (peak detector, soft knee). Stateful, so a song can be
 * compressed in segments: a segment's compressor is first warmed up on the audio just before it.
 */
import { dbToGain, gainToDb } from '../synth/dsp.js';

export interface CompressorSettings {
  thresholdDb: number;
  ratio: number;
  attack: number;
  release: number;
  kneeDb: number;
  makeupDb: number;
}

/** The gain computer runs every GAIN_STEP samples (on absolute indices): the envelope moves slowly and log10 is the costly part. */
const GAIN_STEP = 8;

export class BusCompressor {
  private readonly att: number;
  private readonly rel: number;
  private readonly slope: number;
  private env = 0;
  private gain: number;

  constructor(
    private readonly s: CompressorSettings,
    sampleRate: number,
  ) {
    this.att = Math.exp(-1 / (s.attack * sampleRate));
    this.rel = Math.exp(-1 / (s.release * sampleRate));
    this.slope = 1 - 1 / s.ratio;
    this.gain = dbToGain(s.makeupDb);
  }

  /** Runs the envelope over `inputGain * [left, right]` without changing them (warm-up). */
  follow(left: Float32Array, right: Float32Array, inputGain: number): void {
    const { att, rel } = this;
    let env = this.env;
    for (let i = 0; i < left.length; i++) {
      const peak = Math.max(Math.abs(left[i]), Math.abs(right[i])) * inputGain;
      env = peak > env ? att * env + (1 - att) * peak : rel * env + (1 - rel) * peak;
    }
    this.env = env;
  }

  /**
   * Compresses `inputGain * x` over [from, to) in place. `absoluteFrom` is the song index of
   * `from`, so the gain computer's steps fall on the same samples however the song is cut.
   */
  process(left: Float32Array, right: Float32Array, from: number, to: number, inputGain: number, absoluteFrom: number): void {
    const { att, rel } = this;
    let env = this.env;
    let gain = this.gain;
    for (let i = from, at = absoluteFrom; i < to; i++, at++) {
      const l = left[i] * inputGain;
      const r = right[i] * inputGain;
      const peak = Math.max(Math.abs(l), Math.abs(r));
      env = peak > env ? att * env + (1 - att) * peak : rel * env + (1 - rel) * peak;
      if (at % GAIN_STEP === 0) gain = this.gainFor(env);
      left[i] = l * gain;
      right[i] = r * gain;
    }
    this.env = env;
    this.gain = gain;
  }

  private gainFor(env: number): number {
    const { thresholdDb, kneeDb, makeupDb } = this.s;
    const halfKnee = kneeDb / 2;
    const over = gainToDb(env) - thresholdDb;
    let reduction = 0;
    if (over >= halfKnee) reduction = over * this.slope;
    else if (over > -halfKnee) reduction = (this.slope * (over + halfKnee) * (over + halfKnee)) / (2 * kneeDb);
    return dbToGain(makeupDb - reduction);
  }
}
