/** The voice behind every InstrumentId, and how each sits in the mix. */
import type { InstrumentId } from '../types.js';
import { bass808, organ, piano, subBass } from './additive.js';
import { bell, epiano } from './fm.js';
import { acousticGuitar, distortedGuitar, electricGuitar, fingerBass, harp, uprightBass } from './karplus.js';
import { brass, choir, clavinet, flute, saxophone, strings, supersaw, synthBass, synthLead, synthPad, synthPluck } from './subtractive.js';
import { steelGuitar } from './steel-guitar.js';
import type { Voice } from './voice.js';

export interface InstrumentDefinition {
  voice: Voice;
  /** Level trim so instruments at gainDb 0 sit at comparable loudness. */
  trimDb: number;
  /** Stereo chorus depth 0..1 applied on the track. */
  chorus: number;
}

export const INSTRUMENTS: Record<InstrumentId, InstrumentDefinition> = {
  piano: { voice: piano, trimDb: -2, chorus: 0 },
  epiano: { voice: epiano, trimDb: -4, chorus: 0.5 },
  organ: { voice: organ, trimDb: -4, chorus: 0.3 },
  clavinet: { voice: clavinet, trimDb: -5, chorus: 0 },
  'acoustic-guitar': { voice: acousticGuitar, trimDb: 0, chorus: 0 },
  'steel-guitar': { voice: steelGuitar, trimDb: -1, chorus: 0 },
  'electric-guitar': { voice: electricGuitar, trimDb: -1, chorus: 0.4 },
  'distorted-guitar': { voice: distortedGuitar, trimDb: -6, chorus: 0 },
  harp: { voice: harp, trimDb: 0, chorus: 0 },
  strings: { voice: strings, trimDb: -6, chorus: 0.3 },
  brass: { voice: brass, trimDb: -5, chorus: 0 },
  saxophone: { voice: saxophone, trimDb: -3, chorus: 0 },
  flute: { voice: flute, trimDb: -2, chorus: 0 },
  bell: { voice: bell, trimDb: -6, chorus: 0 },
  'synth-lead': { voice: synthLead, trimDb: -6, chorus: 0.2 },
  'synth-pad': { voice: synthPad, trimDb: -8, chorus: 0.6 },
  'synth-pluck': { voice: synthPluck, trimDb: -5, chorus: 0.3 },
  supersaw: { voice: supersaw, trimDb: -9, chorus: 0.4 },
  choir: { voice: choir, trimDb: -4, chorus: 0.4 },
  'finger-bass': { voice: fingerBass, trimDb: 0, chorus: 0 },
  'synth-bass': { voice: synthBass, trimDb: -5, chorus: 0 },
  'sub-bass': { voice: subBass, trimDb: -3, chorus: 0 },
  'bass-808': { voice: bass808, trimDb: -3, chorus: 0 },
  'upright-bass': { voice: uprightBass, trimDb: 0, chorus: 0 },
};
