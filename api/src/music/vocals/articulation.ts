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

interface PhoneTrack extends TimedPhone {
  phoneme: Phoneme;
  /** Note loudness of the syllable, 0..1. */
  level: number;
  /** /h/: the next vowel whispered. */
  whispered: boolean;
}

/**
 * Formants of a phone at a relative position 0..1 through it (diphthongs move in their second
 * half), into `out` (written in place: this runs for every control block of every phrase).
 */
function formantsAt(track: PhoneTrack[], j: number, position: number, out: Float64Array): void {
  const { phoneme } = track[j];
  // /h/ is the next vowel whispered: it takes that vowel's shape.
  if (track[j].whispered && j + 1 < track.length) return formantsAt(track, j + 1, 0, out);
  const from = phoneme.formants;
  const to = phoneme.glideTo;
  if (!to) {
    out[0] = from[0];
    out[1] = from[1];
    out[2] = from[2];
    return;
  }
  const u = Math.min(1, Math.max(0, (position - 0.45) / 0.55));
  const w = u * u * (3 - 2 * u);
  for (let k = 0; k < 3; k++) out[k] = from[k] + (to[k] - from[k]) * w;
}

/** Source levels of a phone at relative position 0..1 through it, into `out`: [voicing, aspiration, frication]. */
function levelsAt(phoneme: Phoneme, position: number, voice: VoiceProfile, out: Float64Array): void {
  const noise = phoneme.noise?.level ?? 0;
  const set = (voicing: number, aspiration: number, frication: number): void => {
    out[0] = voicing;
    out[1] = aspiration;
    out[2] = frication;
  };
  switch (phoneme.manner) {
    case 'vowel':
      return set(1, voice.breathiness, 0);
    case 'liquid':
    case 'glide':
      return set(0.8, voice.breathiness, 0);
    case 'nasal':
      return set(0.6, 0, 0);
    case 'fricative':
      return set(phoneme.voiced ? 0.45 : 0, 0, noise);
    case 'aspirate':
      return set(0, noise, 0);
    case 'affricate':
      if (position < 0.4) return set(phoneme.voiced ? 0.12 : 0, 0, 0);
      return set(phoneme.voiced ? 0.4 : 0, 0, noise);
    case 'stop':
      // Closure (a faint voice bar if voiced), burst, then an aspirated release if unvoiced.
      if (position < 0.6) return set(phoneme.voiced ? 0.12 : 0, 0, 0);
      if (position < 0.78) return set(phoneme.voiced ? 0.3 : 0, 0, noise);
      return phoneme.voiced ? set(0.6, 0, 0) : set(0, 0.45, 0);
  }
}

export function articulate(notes: SungNote[], grid: ContourGrid, voice: VoiceProfile, f0: Float32Array): Articulation {
  const n = grid.blocks;
  const out: Articulation = {
    f1: new Float32Array(n), f2: new Float32Array(n), f3: new Float32Array(n),
    voicing: new Float32Array(n), aspiration: new Float32Array(n), frication: new Float32Array(n),
    noiseHz: new Float32Array(n), noiseBandwidth: new Float32Array(n), nasal: new Float32Array(n),
  };
  const track: PhoneTrack[] = notes.flatMap((note) =>
    note.phones.map((phone) => {
      const phoneme = phonemeOf(phone.phone);
      return { ...phone, phoneme, level: 0.55 + 0.45 * note.velocity, whispered: basePhone(phone.phone) === 'HH' };
    }),
  );
  if (track.length === 0) return out;
  // Scratch for the block's formants, a neighbour's and the source levels (no arrays per block).
  const formants = new Float64Array(3);
  const neighbour = new Float64Array(3);
  const levels = new Float64Array(3);
  const formantsNear = (j: number, t: number, into: Float64Array): void => {
    const p = track[j];
    formantsAt(track, j, (t - p.start) / Math.max(1e-6, p.end - p.start), into);
  };
  let j = 0;
  formants.set(track[0].phoneme.formants);
  const scale = voice.formantScale;
  for (let b = 0; b < n; b++) {
    const t = grid.origin + (b + 0.5) * grid.blockSeconds;
    while (j + 1 < track.length && t >= track[j + 1].start) j++;
    const p = track[j];
    const inside = t >= p.start && t < p.end;
    // Outside every phone the tract keeps its last shape.
    if (inside) {
      formantsNear(j, t, formants);
      // Blend with the neighbouring phone across a boundary they share (no gap between them).
      const half = TRANSITION_SECONDS / 2;
      if (j > 0 && t - p.start < half && Math.abs(track[j - 1].end - p.start) < 1e-6) {
        const w = 0.5 + (t - p.start) / TRANSITION_SECONDS;
        formantsNear(j - 1, track[j - 1].end - 1e-6, neighbour);
        for (let k = 0; k < 3; k++) formants[k] = neighbour[k] + (formants[k] - neighbour[k]) * w;
      } else if (j + 1 < track.length && p.end - t < half && Math.abs(track[j + 1].start - p.end) < 1e-6) {
        const w = 0.5 - (p.end - t) / TRANSITION_SECONDS;
        formantsNear(j + 1, track[j + 1].start, neighbour);
        for (let k = 0; k < 3; k++) formants[k] = formants[k] + (neighbour[k] - formants[k]) * w;
      }
      levelsAt(p.phoneme, (t - p.start) / (p.end - p.start), voice, levels);
      out.voicing[b] = levels[0] * p.level;
      out.aspiration[b] = levels[1] * p.level;
      out.frication[b] = levels[2] * p.level;
    }
    // A singer opens the jaw on high notes so the first formant stays above the pitch.
    const f1 = Math.max(formants[0] * scale, p.phoneme.manner === 'vowel' ? f0[b] * 1.1 : 0);
    out.f1[b] = f1;
    out.f2[b] = Math.max(f1 + 200, formants[1] * scale);
    out.f3[b] = Math.max(out.f2[b] + 300, formants[2] * scale);
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
