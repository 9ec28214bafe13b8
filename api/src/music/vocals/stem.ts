/**
 * The dry vocal stem: the lead voice alone, before the vocal chain, over the whole song. What
 * the pitch and intelligibility measurements listen to.
 */
import type { Composition } from '../types.js';
import { phraseSeed } from './phrase-sounds.js';
import { sing } from './singer.js';

export function renderDryVocals(c: Composition, sampleRate: number, length = Math.ceil((c.durationSeconds + 2) * sampleRate)): Float32Array {
  const stem = new Float32Array(length);
  for (const phrase of c.vocals?.phrases ?? []) {
    const { voice, timbre } = c.vocals!;
    const audio = sing(phrase.notes, voice, phraseSeed(phrase, voice, timbre), sampleRate, { timbre });
    const at = Math.round(audio.start * sampleRate);
    for (let i = Math.max(0, -at); i < audio.samples.length && at + i < length; i++) stem[at + i] += audio.samples[i];
  }
  return stem;
}
