/**
 * Puts the vocals on top of the band: every distinct phrase is rendered once (on the engine's
 * workers; a returning chorus reuses its sound), the voice's level is set from the band's
 * level where it sings, the band ducks a few dB under the voice (ramping down just before each
 * phrase and back up after it), and the phrases are added, the backing voices' vowels
 * (vocals/backing.ts) well under the lead's level (the band does not duck under them). Runs on the
 * summed band before the mix bus, so the bus compression and mastering see the whole song.
 */
import { scalePitchClasses } from '../compose/theory.js';
import { delaySettings, reverbSettings } from '../render/chunk.js';
import type { EnginePool } from '../render/worker-pool.js';
import { dbToGain } from '../synth/dsp.js';
import { hashSeed } from '../random.js';
import type { BackingPhrase, Composition, StereoAudio, SungPhrase, VocalPart } from '../types.js';
import { backingKey, phraseKey, phraseSeed } from './phrase-sounds.js';
import { LEAD_RMS, renderPhrase, type PhraseAudio, type PhraseRenderJob } from './phrase-render.js';

/** The lead voice's level over the band's, where it sings (before the band ducks). */
const VOICE_OVER_BAND_DB = 1;
/** Each backing voice's level under the lead's (three voices together sit about 9 dB under it). */
const BACKING_DB = -14;
/** A backing voice swells in over this long, and sends this much more to the reverb than the lead. */
const BACKING_SWELL = 0.35;
const BACKING_EXTRA_REVERB = 0.25;
/** The band ducks over this long before a phrase and recovers over this long after it. */
const DUCK_ATTACK = 0.08;
const DUCK_RELEASE = 0.3;
/** Samples per step of the ducking curve (linear in between). */
const DUCK_STEP = 64;

export function phraseJob(c: Composition, vocals: VocalPart, phrase: SungPhrase, sampleRate: number): PhraseRenderJob {
  return {
    lines: [{ notes: phrase.notes, seed: phraseSeed(phrase, vocals.voice, vocals.timbre), pan: 0 }],
    voice: vocals.voice,
    timbre: vocals.timbre ?? null,
    doubled: phrase.doubled,
    swell: 0,
    scale: scalePitchClasses(c.key),
    sampleRate,
    reverb: reverbSettings(c),
    reverbSend: vocals.reverbSend,
    delay: c.mix.delayTime > 0 ? delaySettings(c) : null,
    delaySend: vocals.delaySend,
  };
}

/**
 * A backing chord's voices (phrases starting together), sung as one job: each a take off to its
 * side, swelling in, wetter than the lead, through one reverb send and no delay. One voice's
 * phrase per job gave each its own reverb, tail and stereo buffers (and ran the delay on silence).
 */
function backingJob(c: Composition, vocals: VocalPart, chord: BackingPhrase[], sampleRate: number): PhraseRenderJob {
  return {
    ...phraseJob(c, vocals, chord[0], sampleRate),
    lines: chord.map((phrase) => ({ notes: phrase.notes, seed: hashSeed(backingKey(phrase, vocals.voice, vocals.timbre)), pan: phrase.pan })),
    doubled: false,
    swell: BACKING_SWELL,
    reverbSend: Math.min(1, vocals.reverbSend + BACKING_EXTRA_REVERB),
    delay: null,
  };
}

/** Backing phrases grouped by chord phrase: consecutive phrases (arrangeBacking lists a phrase's voices together) that start together. */
function backingChords(backing: BackingPhrase[]): BackingPhrase[][] {
  const chords: BackingPhrase[][] = [];
  for (const phrase of backing) {
    const chord = chords[chords.length - 1];
    if (chord && chord[0].start === phrase.start) chord.push(phrase);
    else chords.push([phrase]);
  }
  return chords;
}

/** Band gain per DUCK_STEP samples: 1, dipping to `duck` around each phrase. */
function duckingCurve(phrases: SungPhrase[], steps: number, sampleRate: number, duck: number): Float32Array {
  const curve = new Float32Array(steps + 1).fill(1);
  const stepSeconds = DUCK_STEP / sampleRate;
  for (const phrase of phrases) {
    const from = Math.max(0, Math.floor((phrase.start - DUCK_ATTACK) / stepSeconds));
    const to = Math.min(steps, Math.ceil((phrase.end + DUCK_RELEASE) / stepSeconds));
    for (let s = from; s <= to; s++) {
      const t = s * stepSeconds;
      const depth = t < phrase.start ? (t - (phrase.start - DUCK_ATTACK)) / DUCK_ATTACK : t > phrase.end ? 1 - (t - phrase.end) / DUCK_RELEASE : 1;
      const gain = 1 - (1 - duck) * Math.min(1, Math.max(0, depth));
      if (gain < curve[s]) curve[s] = gain;
    }
  }
  return curve;
}

function sumOfSquares(x: Float32Array, from: number, to: number): number {
  let sum = 0;
  for (let i = Math.max(0, from); i < Math.min(x.length, to); i++) sum += x[i] * x[i];
  return sum;
}

/** A phrase being sung: what it is, the key of its sound (equal keys sound the same) and its level relative to the lead's. */
interface SungEntry {
  phrase: SungPhrase;
  key: string;
  gain: number;
}

/** The song's phrases being sung (on the pool): the lead's, then the backing voices'; each distinct sound once. */
export interface SungPhrases {
  entries: SungEntry[];
  sounds: Map<string, Promise<{ audio: PhraseAudio; phraseStart: number }>>;
}

/** Starts singing every distinct phrase of the song, lead and backing; on the pool, or on the calling thread without one. */
export function singPhrases(c: Composition, vocals: VocalPart, sampleRate: number, pool: EnginePool | null): SungPhrases {
  const sounds = new Map<string, Promise<{ audio: PhraseAudio; phraseStart: number }>>();
  const entries: SungEntry[] = [];
  const start = (phrase: SungPhrase, key: string, gain: number, job: () => PhraseRenderJob): void => {
    entries.push({ phrase, key, gain });
    if (sounds.has(key)) return;
    const audio = pool ? pool.run<PhraseAudio>({ kind: 'sing', job: job() }) : Promise.resolve().then(() => renderPhrase(job()));
    sounds.set(key, audio.then((result) => ({ audio: result, phraseStart: phrase.start })));
  };
  for (const phrase of vocals.phrases) start(phrase, phraseKey(phrase, vocals.voice, vocals.timbre), 1, () => phraseJob(c, vocals, phrase, sampleRate));
  const backingGain = dbToGain(BACKING_DB);
  // A chord's key is its voices' keys: they start together, so equal keys sound the same.
  for (const chord of backingChords(vocals.backing ?? [])) start(chord[0], chord.map((phrase) => backingKey(phrase, vocals.voice, vocals.timbre)).join('+'), backingGain, () => backingJob(c, vocals, chord, sampleRate));
  return { entries, sounds };
}

/** The voice's gain: VOICE_OVER_BAND_DB over the band's level where it sings (its lead take is at LEAD_RMS). */
export function vocalGain(vocals: VocalPart, band: StereoAudio): number {
  const sr = band.sampleRate;
  let sum = 0;
  let samples = 0;
  for (const phrase of vocals.phrases) {
    const from = Math.round(phrase.start * sr);
    const to = Math.round(phrase.end * sr);
    sum += sumOfSquares(band.left, from, to) + sumOfSquares(band.right, from, to);
    samples += 2 * Math.max(0, to - from);
  }
  const bandRms = Math.sqrt(sum / Math.max(1, samples));
  return dbToGain(vocals.gainDb + VOICE_OVER_BAND_DB) * (bandRms > 1e-6 ? bandRms / LEAD_RMS : 1);
}

/** Ducks band audio (the whole band or one of its stems) in place under the voice. */
export function duckUnderVocals(vocals: VocalPart, audio: StereoAudio): void {
  const length = audio.left.length;
  const steps = Math.ceil(length / DUCK_STEP);
  const curve = duckingCurve(vocals.phrases, steps, audio.sampleRate, dbToGain(-vocals.duckDb));
  for (let s = 0; s < steps; s++) {
    const g0 = curve[s];
    const g1 = curve[s + 1];
    if (g0 === 1 && g1 === 1) continue;
    const from = s * DUCK_STEP;
    const to = Math.min(length, from + DUCK_STEP);
    for (let i = from; i < to; i++) {
      const g = g0 + ((g1 - g0) * (i - from)) / DUCK_STEP;
      audio.left[i] *= g;
      audio.right[i] *= g;
    }
  }
}

/**
 * Adds the sung phrases times `gain` into `target`, in phrase order (so the sums do not depend on
 * which worker finished first); each phrase is dropped after its last use, so only a few are held at a time.
 */
export async function addSungPhrases(sung: SungPhrases, target: StereoAudio, voiceGain: number): Promise<void> {
  const { entries, sounds } = sung;
  const sr = target.sampleRate;
  const length = target.left.length;
  const lastUse = new Map(entries.map(({ key }, index) => [key, index]));
  for (const [index, { phrase, key, gain: relative }] of entries.entries()) {
    const { audio, phraseStart } = await sounds.get(key)!;
    if (lastUse.get(key) === index) sounds.delete(key);
    const at = Math.round((audio.start + phrase.start - phraseStart) * sr);
    const n = Math.min(audio.left.length, length - at);
    const gain = voiceGain * relative;
    for (let i = Math.max(0, -at); i < n; i++) {
      target.left[at + i] += audio.left[i] * gain;
      target.right[at + i] += audio.right[i] * gain;
    }
  }
}

/**
 * Adds the song's vocals to the band in `mix` (in place); on the pool, or on the calling thread
 * without one. Returns the voice's gain (0 without vocals).
 */
export async function addVocals(c: Composition, mix: StereoAudio, pool: EnginePool | null): Promise<number> {
  const vocals = c.vocals;
  if (!vocals || vocals.phrases.length === 0) return 0;
  const sung = singPhrases(c, vocals, mix.sampleRate, pool);
  const gain = vocalGain(vocals, mix);
  duckUnderVocals(vocals, mix);
  await addSungPhrases(sung, mix, gain);
  return gain;
}
