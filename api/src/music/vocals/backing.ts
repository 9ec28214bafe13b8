/**
 * Backing "ooh"s and "aah"s for the sections of a sung song that carry no lead lyrics (intro,
 * instrumental breaks and solos, outro): up to three voices on the chord tones the chords track
 * plays (root, third, fifth first), in a close voicing in the lead voice's register, long notes
 * changing with the chords, phrases of up to PHRASE_BARS with a breath between, each voice panned
 * its own way. Under sung choruses, two of them hum "ooh" on the upper tones, panned wide. The
 * lead's singer sings them on a single vowel each; vocals/mix.ts makes them swell in, wetter than
 * the lead and well under its level. Pure: the same composition gives the same phrases.
 */
import type { BackingPhrase, ChordEvent, Section, SungNote, VocalPart } from '../types.js';
import { VOICE_TRANSPOSE } from './arrange.js';

/** Pan of each backing voice, lowest first. */
const PANS = [-0.7, 0.7, 0.2];
/** Chord tones by preference, in semitones above the root: root, third, fifth, then the rest. */
const TONE_PREFERENCE = [0, 4, 3, 7, 5, 2, 6, 8, 10, 11, 9, 1];
/** The voicing sits in the octave from this pitch (A3; A2 for a low voice). */
const VOICING_FLOOR = 57;
/** A backing phrase lasts at most this many bars; the last note of each leaves this many beats for a breath. */
const PHRASE_BARS = 4;
const BREATH_BEATS = 0.5;
/** Sections at least this energetic open to "aah"; calmer ones hum "ooh". */
const AAH_ENERGY = 0.6;
const OOH = { phone: 'UW1', syllable: 'ooh' };
const AAH = { phone: 'AA1', syllable: 'aah' };
/**
 * Under a sung chorus two voices hum the voicing's upper tones, panned wider than the lead's
 * double and harmony (phrase-render.ts: -0.7 and +0.7), so they widen the chorus rather than
 * crowd the lead in the centre.
 */
const CHORUS_VOICES = [
  { voice: 1, pan: -0.9 },
  { voice: 2, pan: 0.9 },
] as const;
const VELOCITY = 0.5;

/** The chord's backing pitches, low to high: up to three tones, each in the octave above `floor`; a two-tone chord doubles its lowest an octave up. */
export function backingVoicing(chord: Pick<ChordEvent, 'root' | 'pitches'>, floor: number): number[] {
  const classes = new Set(chord.pitches.map((pitch) => (((pitch - chord.root) % 12) + 12) % 12));
  const tones = TONE_PREFERENCE.filter((interval) => classes.has(interval)).slice(0, PANS.length);
  const pitches = tones.map((interval) => floor + ((((chord.root + interval - floor) % 12) + 12) % 12)).sort((a, b) => a - b);
  for (let i = 0; pitches.length > 0 && pitches.length < PANS.length; i++) pitches.push(pitches[i] + 12);
  return pitches;
}

/** Consecutive chords of a section grouped into phrases of at most PHRASE_BARS. */
function phraseGroups(chords: ChordEvent[], barSeconds: number): ChordEvent[][] {
  const groups: ChordEvent[][] = [];
  for (const chord of chords) {
    const group = groups[groups.length - 1];
    if (group && chord.end - group[0].start <= PHRASE_BARS * barSeconds + 1e-6) group.push(chord);
    else groups.push([chord]);
  }
  return groups;
}

export function arrangeBacking(
  vocals: Pick<VocalPart, 'voice' | 'phrases'>,
  sections: Section[],
  chords: ChordEvent[],
  timing: { bpm: number; beatsPerBar: number },
): BackingPhrase[] {
  if (vocals.phrases.length === 0) return [];
  const sung = new Set(vocals.phrases.map((phrase) => phrase.section));
  const beatSeconds = 60 / timing.bpm;
  const floor = VOICING_FLOOR + VOICE_TRANSPOSE[vocals.voice];
  return sections.flatMap((section) => {
    const sectionChords = chords.filter((chord) => chord.start >= section.start - 1e-6 && chord.start < section.end - 1e-6);
    // Under a sung chorus: harmony "ooh"s from the upper voices, wide, under the lead (mix.ts).
    if (sung.has(section.label)) return section.kind === 'chorus' ? sectionBacking(section, sectionChords, CHORUS_VOICES, OOH, floor, timing, beatSeconds) : [];
    const vowel = section.energy >= AAH_ENERGY ? AAH : OOH;
    return sectionBacking(section, sectionChords, PANS.map((pan, voice) => ({ voice, pan })), vowel, floor, timing, beatSeconds);
  });
}

/** Each voice's phrases over a section's chords: one vowel, a long note per chord (held through a change that keeps its tone). */
function sectionBacking(
  section: Section,
  sectionChords: ChordEvent[],
  voices: readonly { voice: number; pan: number }[],
  vowel: { phone: string; syllable: string },
  floor: number,
  timing: { beatsPerBar: number },
  beatSeconds: number,
): BackingPhrase[] {
  return phraseGroups(sectionChords, timing.beatsPerBar * beatSeconds).flatMap((group) => {
    const voicings = group.map((chord) => backingVoicing(chord, floor));
    const end = Math.min(section.end, group[group.length - 1].end) - BREATH_BEATS * beatSeconds;
    return voices
      .map(({ voice, pan }): BackingPhrase | null => {
        const notes: SungNote[] = [];
        group.forEach((chord, index) => {
          const pitch = voicings[index][voice];
          if (pitch === undefined) return;
          const previous = notes[notes.length - 1];
          // A voice whose tone stays through a chord change holds it.
          if (previous && previous.pitch === pitch && Math.abs(previous.start + previous.duration - chord.start) < 1e-6) {
            previous.duration = chord.end - previous.start;
            return;
          }
          notes.push({ start: chord.start, duration: chord.end - chord.start, pitch, velocity: VELOCITY, syllable: vowel.syllable, phones: [] });
        });
        if (notes.length === 0) return null;
        const last = notes[notes.length - 1];
        last.duration = Math.max(last.duration / 2, end - last.start);
        for (const note of notes) note.phones = [{ phone: vowel.phone, start: note.start, end: note.start + note.duration }];
        return { start: notes[0].start, end: last.start + last.duration, text: vowel.syllable, section: section.label, doubled: false, notes, pan };
      })
      .filter((phrase): phrase is BackingPhrase => phrase !== null);
  });
}
