/**
 * Phoneme timing on the melody, the way singers place words: the vowel of each syllable starts
 * exactly on its note (that is where the listener hears the beat), the consonants before it are
 * sung ahead of the note, and the consonants after it close the note just before the next
 * syllable's consonants. Consonants keep their natural lengths where the notes leave room and are
 * shortened together where they do not, so a vowel always keeps most of its note.
 */
import type { NoteEvent, SungNote, TimedPhone } from '../types.js';
import { phonemeOf } from './phonemes.js';
import type { PhoneSyllable } from './syllables.js';

/** Longest lead-in sung before a phrase's first note (seconds). */
const PHRASE_LEAD_IN = 0.25;
/** Share of the time between two vowel onsets that the consonants between them may take. */
const CONSONANT_SHARE = 0.4;
/** Share of a phrase's last note its final consonants may take. */
const LAST_CODA_SHARE = 0.35;
/** A vowel that was merged into a coda (a word sung on fewer notes than it has vowels) is this long. */
const MERGED_VOWEL_SECONDS = 0.08;

const consonantSeconds = (phone: string): number => phonemeOf(phone).seconds || MERGED_VOWEL_SECONDS;
const total = (phones: string[]): number => phones.reduce((sum, phone) => sum + consonantSeconds(phone), 0);

/** Lays `phones` end to end from `start`, their natural lengths scaled by `scale`. */
function layOut(phones: string[], start: number, scale: number): TimedPhone[] {
  let at = start;
  return phones.map((phone) => {
    const end = at + consonantSeconds(phone) * scale;
    const timed = { phone, start: at, end };
    at = end;
    return timed;
  });
}

/**
 * The phrase's notes with their syllables' phonemes timed; `notes` and `syllables` pair up in
 * order (the melody has one note per syllable). Times are seconds from the song's start.
 */
export function timePhrase(notes: NoteEvent[], syllables: PhoneSyllable[]): SungNote[] {
  const count = Math.min(notes.length, syllables.length);
  // How much each boundary's consonants are shortened: boundary k sits before note k (k = count: after the last).
  const scales: number[] = [];
  for (let k = 0; k <= count; k++) {
    const before = k > 0 ? total(syllables[k - 1].coda) : 0;
    const after = k < count ? total(syllables[k].onset) : 0;
    let room: number;
    if (k === 0) room = PHRASE_LEAD_IN;
    else if (k === count) room = notes[k - 1].duration * LAST_CODA_SHARE;
    else room = Math.min(notes[k].start - notes[k - 1].start, notes[k - 1].duration) * CONSONANT_SHARE;
    const scale = before + after > room ? room / (before + after) : 1;
    scales.push(scale);
  }
  const sung: SungNote[] = [];
  for (let i = 0; i < count; i++) {
    const note = notes[i];
    const syllable = syllables[i];
    const onsetLength = total(syllable.onset) * scales[i];
    const codaLength = total(syllable.coda) * scales[i + 1];
    // The note ends where it was written to end, or earlier where the next syllable's consonants start.
    const nextOnset = i + 1 < count ? notes[i + 1].start - total(syllables[i + 1].onset) * scales[i + 1] : Infinity;
    const end = Math.min(note.start + note.duration, nextOnset);
    const vowelEnd = end - codaLength;
    const phones: TimedPhone[] = [
      ...layOut(syllable.onset, note.start - onsetLength, scales[i]),
      { phone: syllable.vowel, start: note.start, end: vowelEnd },
      ...layOut(syllable.coda, vowelEnd, scales[i + 1]),
    ];
    sung.push({ ...note, syllable: note.syllable ?? '', phones });
  }
  return sung;
}
