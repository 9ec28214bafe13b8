/** Stereo-linked feed-forward bus compressor (peak detector, soft knee), in place. */
import { dbToGain, gainToDb } from '../synth/dsp.js';

export interface CompressorSettings {
  thresholdDb: number;
  ratio: number;
  attack: number;
  release: number;
  kneeDb: number;
  makeupDb: number;
}

export function compressStereo(left: Float32Array, right: Float32Array, s: CompressorSettings, sampleRate: number): void {
  const att = Math.exp(-1 / (s.attack * sampleRate));
  const rel = Math.exp(-1 / (s.release * sampleRate));
  const makeup = dbToGain(s.makeupDb);
  const slope = 1 - 1 / s.ratio;
  const halfKnee = s.kneeDb / 2;
  let env = 0;
  let gain = makeup;
  for (let i = 0; i < left.length; i++) {
    const peak = Math.max(Math.abs(left[i]), Math.abs(right[i]));
    env = peak > env ? att * env + (1 - att) * peak : rel * env + (1 - rel) * peak;
    // Gain computer runs every 8 samples: the envelope moves slowly and log10 is the costly part.
    if ((i & 7) === 0) {
      const over = gainToDb(env) - s.thresholdDb;
      let reduction = 0;
      if (over >= halfKnee) reduction = over * slope;
      else if (over > -halfKnee) reduction = (slope * (over + halfKnee) * (over + halfKnee)) / (2 * s.kneeDb);
      gain = dbToGain(s.makeupDb - reduction);
    }
    left[i] *= gain;
    right[i] *= gain;
  }
}
