/**
 * What the vocal tract does over a phrase, one value per control block: formant frequencies
 * moving between the phonemes' targets (the transitions carry most of a consonant's
 * identity), and the levels of the three sound sources: voicing, aspiration and frication.
 * Stops are a closure, a burst and (unvoiced) an aspirated release; affricates a closure then
 * frication; nasals a damped murmur.
 */
import type { SungNote, TimedPhone } from '../types.js';
import { basePhone, phonemeOf, type Phoneme } from './phonemes.js';
import type { ContourGrid } from './pitch-contour.js';
import type { VoiceProfile } from './voices.js';

export interface Articulation {
  f1: Float32Array;
  f2: Float32Array;
  f3: Float32Array;
  /** Voicing, aspiration and frication levels (0..1). */
  voicing: Float32Array;
  aspiration: Float32Array;
  frication: Float32Array;
  /** Frication noise band centre and width (Hz). */
  noiseHz: Float32Array;
  noiseBandwidth: Float32Array;
  /** 1 while a nasal sounds (widens F2/F3 into a murmur). */
  nasal: Float32Array;
}

/** Formant transitions span this long, centred on each phoneme boundary (seconds). */
const TRANSITION_SECONDS = 0.05;
/** Level changes are smoothed with this time constant (seconds) to avoid clicks. */
const LEVEL_SMOOTHING = 0.003;

type Formants = [number, number, number];

interface PhoneTrack extends TimedPhone {
  phoneme: Phoneme;
  /** Note loudness of the syllable, 0..1. */
  level: number;
}

/** Formants of a phone at a relative position 0..1 through it (diphthongs move in their second half). */
function formantsAt(track: PhoneTrack[], j: number, position: number): Formants {
  const { phoneme } = track[j];
  // /h/ is the next vowel whispered: it takes that vowel's shape.
  if (basePhone(track[j].phone) === 'HH' && j + 1 < track.length) return formantsAt(track, j + 1, 0);
  if (!phoneme.glideTo) return phoneme.formants;
  const u = Math.min(1, Math.max(0, (position - 0.45) / 0.55));
  const w = u * u * (3 - 2 * u);
  return [0, 1, 2].map((k) => phoneme.formants[k] + (phoneme.glideTo![k] - phoneme.formants[k]) * w) as Formants;
}

/** Source levels of a phone at relative position 0..1 through it: [voicing, aspiration, frication]. */
function levelsAt(phoneme: Phoneme, position: number, voice: VoiceProfile): [number, number, number] {
  const noise = phoneme.noise?.level ?? 0;
  switch (phoneme.manner) {
    case 'vowel':
      return [1, voice.breathiness, 0];
    case 'liquid':
    case 'glide':
      return [0.8, voice.breathiness, 0];
    case 'nasal':
      return [0.6, 0, 0];
    case 'fricative':
      return [phoneme.voiced ? 0.45 : 0, 0, noise];
    case 'aspirate':
      return [0, noise, 0];
    case 'affricate':
      if (position < 0.4) return [phoneme.voiced ? 0.12 : 0, 0, 0];
      return [phoneme.voiced ? 0.4 : 0, 0, noise];
    case 'stop':
      // Closure (a faint voice bar if voiced), burst, then an aspirated release if unvoiced.
      if (position < 0.6) return [phoneme.voiced ? 0.12 : 0, 0, 0];
      if (position < 0.78) return [phoneme.voiced ? 0.3 : 0, 0, noise];
      return phoneme.voiced ? [0.6, 0, 0] : [0, 0.45, 0];
  }
}

export function articulate(notes: SungNote[], grid: ContourGrid, voice: VoiceProfile, f0: Float32Array): Articulation {
  const n = grid.blocks;
  const out: Articulation = {
    f1: new Float32Array(n), f2: new Float32Array(n), f3: new Float32Array(n),
    voicing: new Float32Array(n), aspiration: new Float32Array(n), frication: new Float32Array(n),
    noiseHz: new Float32Array(n), noiseBandwidth: new Float32Array(n), nasal: new Float32Array(n),
  };
  const track: PhoneTrack[] = notes.flatMap((note) => note.phones.map((phone) => ({ ...phone, phoneme: phonemeOf(phone.phone), level: 0.55 + 0.45 * note.velocity })));
  if (track.length === 0) return out;
  const formantsNear = (j: number, t: number): Formants => {
    const p = track[j];
    return formantsAt(track, j, (t - p.start) / Math.max(1e-6, p.end - p.start));
  };
  let j = 0;
  let last: Formants = track[0].phoneme.formants;
  for (let b = 0; b < n; b++) {
    const t = grid.origin + (b + 0.5) * grid.blockSeconds;
    while (j + 1 < track.length && t >= track[j + 1].start) j++;
    const p = track[j];
    const inside = t >= p.start && t < p.end;
    let formants = formantsNear(j, t);
    // Blend with the neighbouring phone across a boundary they share (no gap between them).
    const half = TRANSITION_SECONDS / 2;
    if (j > 0 && t - p.start < half && Math.abs(track[j - 1].end - p.start) < 1e-6) {
      const w = 0.5 + (t - p.start) / TRANSITION_SECONDS;
      const before = formantsNear(j - 1, track[j - 1].end - 1e-6);
      formants = formants.map((f, k) => before[k] + (f - before[k]) * w) as Formants;
    } else if (j + 1 < track.length && p.end - t < half && Math.abs(track[j + 1].start - p.end) < 1e-6) {
      const w = 0.5 - (p.end - t) / TRANSITION_SECONDS;
      const after = formantsNear(j + 1, track[j + 1].start);
      formants = formants.map((f, k) => f + (after[k] - f) * w) as Formants;
    }
    if (!inside) formants = last;
    last = formants;
    const [voicing, aspiration, frication] = inside ? levelsAt(p.phoneme, (t - p.start) / (p.end - p.start), voice) : [0, 0, 0];
    const scale = voice.formantScale;
    // A singer opens the jaw on high notes so the first formant stays above the pitch.
    const f1 = Math.max(formants[0] * scale, p.phoneme.manner === 'vowel' ? f0[b] * 1.1 : 0);
    out.f1[b] = f1;
    out.f2[b] = Math.max(f1 + 200, formants[1] * scale);
    out.f3[b] = Math.max(out.f2[b] + 300, formants[2] * scale);
    out.voicing[b] = voicing * p.level;
    out.aspiration[b] = aspiration * p.level;
    out.frication[b] = frication * p.level;
    out.noiseHz[b] = p.phoneme.noise?.hz ?? 4000;
    out.noiseBandwidth[b] = p.phoneme.noise?.bandwidth ?? 3000;
    out.nasal[b] = inside && p.phoneme.manner === 'nasal' ? 1 : 0;
  }
  const a = Math.exp(-grid.blockSeconds / LEVEL_SMOOTHING);
  for (const level of [out.voicing, out.aspiration, out.frication, out.nasal]) {
    let y = 0;
    for (let b = 0; b < n; b++) level[b] = y = level[b] + (y - level[b]) * a;
  }
  return out;
}
