/** Two-operator FM voices: a DX-style electric piano and an inharmonic bell. */
import { declick, expDecayCoefficient, sineCycles } from './dsp.js';
import type { Voice, VoiceParams } from './voice.js';

interface FmSpec {
  /** Modulator frequency as a multiple of the carrier. */
  ratio: number;
  /** Modulation index at the attack, scaled by velocity and brightness. */
  index: number;
  /** Seconds for the index to fall to a tenth. */
  indexDecay: number;
  /** Seconds to -60 dB while held. */
  decay: number;
  release: number;
  /** Extra high partial at the attack (ratio, level, seconds to -60 dB; default 0.08 s): an electric piano's tine, a bell's shimmer. */
  tine?: [number, number, number?];
}

function fmVoice(spec: FmSpec): Voice {
  return (p: VoiceParams) => {
    const sr = p.sampleRate;
    const holdN = Math.max(1, Math.round(p.hold * sr));
    const relN = Math.round(spec.release * sr);
    const n = holdN + relN;
    const out = p.allocate(n);
    const cInc = p.freq / sr; // cycles per sample
    const mInc = cInc * spec.ratio;
    const idx0 = spec.index * (0.5 + 0.5 * p.velocity) * (0.6 + 0.8 * p.brightness);
    const idxCoef = Math.exp(Math.log(0.1) / (spec.indexDecay * sr));
    const ampCoef = expDecayCoefficient(spec.decay, sr);
    const relCoef = expDecayCoefficient(spec.release, sr);
    const tine = spec.tine;
    const tInc = tine ? cInc * tine[0] : 0;
    const tineCoef = expDecayCoefficient(tine?.[2] ?? 0.08, sr);
    let idx = idx0;
    let amp = 1;
    let tineAmp = tine ? tine[1] * p.velocity : 0;
    for (let i = 0; i < n; i++) {
      // Index is in radians; the carrier phase is in cycles.
      const mod = (sineCycles(mInc * i) * idx) / (2 * Math.PI);
      let s = sineCycles(cInc * i + mod) * amp;
      if (tineAmp > 1e-4) {
        s += sineCycles(tInc * i) * tineAmp;
        tineAmp *= tineCoef;
      }
      out[i] = s;
      idx *= idxCoef;
      amp *= i < holdN ? ampCoef : relCoef;
    }
    declick(out, sr, 0.001);
    return out;
  };
}

export const epiano = fmVoice({ ratio: 1, index: 1.8, indexDecay: 1, decay: 3.5, release: 0.25, tine: [14, 0.3, 0.2] });
// The bell's shimmer: an inharmonic partial high above the strike that rings for over a second.
export const bell = fmVoice({ ratio: 3.5, index: 1.4, indexDecay: 1.5, decay: 4, release: 1.5, tine: [6.27, 0.4, 1.4] });
