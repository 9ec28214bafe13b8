/**
 * A steel-string acoustic guitar, the strummed guitar of country and folk. Steel strings are
 * brighter and ring longer than the nylon-string voice (`acousticGuitar`): the string loop loses
 * less of its top per period, and a plectrum excites it with a sharper edge. Around the string, the
 * guitar's body: its air resonance near 100 Hz, the top plate near 200 Hz and a presence band near
 * 3 kHz, and the plectrum's click on the string.
 */
import { declick, NoiseSource, StateVariableFilter } from './dsp.js';
import { pluckVoice } from './karplus.js';
import type { Voice, VoiceParams } from './voice.js';

const steelString = pluckVoice({ brightness: 0.72, sustain: 0.998, release: 0.3, pickTone: 24, maxRing: 6, toneHz: 10000 });

/** Body resonances: [Hz, resonance 0..1, level]. */
const BODY_MODES: Array<[number, number, number]> = [
  [102, 0.9, 0.35],
  [205, 0.85, 0.3],
  [3100, 0.4, 0.25],
];

const PICK_SECONDS = 0.004;

export const steelGuitar: Voice = (p: VoiceParams) => {
  const out = steelString(p);
  const sr = p.sampleRate;
  const modes = BODY_MODES.map(([hz, resonance, level]) => {
    const filter = new StateVariableFilter(sr);
    filter.set(hz, resonance);
    // A band-pass peaks at 1 / (2 - 2 r): scaling by that keeps each mode's level as given.
    return { filter, gain: level * (2 - 2 * resonance) };
  });
  const pick = new StateVariableFilter(sr);
  pick.set(4500, 0.3);
  const noise = new NoiseSource(p.seed + 1);
  const pickN = Math.round(PICK_SECONDS * sr);
  const pickLevel = 0.25 * (0.4 + p.velocity);
  for (let i = 0; i < out.length; i++) {
    const string = out[i];
    let body = 0;
    for (const mode of modes) body += mode.filter.bandpass(string) * mode.gain;
    const click = i < pickN ? pick.highpass(noise.next()) * pickLevel * (1 - i / pickN) : 0;
    out[i] = string + body + click;
  }
  declick(out, sr, 0, 0.005);
  return out;
};
