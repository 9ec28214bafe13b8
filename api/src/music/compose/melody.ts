/**
 * The lead melody: phrases built from a rhythm and a contour motif per section kind, chord tones
 * on strong beats, mostly stepwise motion, phrase endings that resolve. Sung sections carry one
 * note per lyric syllable.
 */
import type { Random } from '../random.js';
import type { LyricLine } from '../types.js';
import { type FormSection, sectionDrive } from './form.js';
import { type ChordSlot, chordAt } from './harmony.js';
import { nearestPitch, scaleStep } from './theory.js';

/** A note in beats from the start of the song. */
export interface BeatNote {
  beat: number;
  length: number;
  pitch: number;
  velocity: number;
  syllable?: string;
  /** Seconds the note sounds after its beat (and ends early by): a strummed string after the one before it. */
  delaySeconds?: number;
}

export interface LeadPhrase {
  notes: BeatNote[];
  /** The lyric line sung on this phrase, if any. */
  text?: string;
}

export interface MelodyContext {
  scale: number[];
  tonic: number;
  /** Pitch the melody gravitates around, and its limits. */
  centre: number;
  low: number;
  high: number;
  beatsPerBar: number;
  /** Coarsest rhythmic grid for instrumental lines, in beats (1 = quarters for slow genres). */
  instrumentalGrid: number;
  rng: Random;
}

type Ending = 'open' | 'home';

/**
 * `count` onsets within a phrase of `spanBeats`, leaving a breath at the end. Strong beats are
 * preferred; the grid is as coarse as the count allows (8ths, then 16ths, then even spacing).
 */
export function phraseRhythm(count: number, spanBeats: number, rng: Random, coarsest = 0.5): { onsets: number[]; lengths: number[] } {
  const breath = spanBeats >= 4 ? 1 : spanBeats / 4;
  const singBeats = spanBeats - breath;
  let onsets: number[];
  let grid: number;
  if (count <= singBeats * 4) {
    grid = count <= singBeats / coarsest ? coarsest : count <= singBeats * 2 ? 0.5 : 0.25;
    const positions: number[] = [];
    for (let beat = grid; beat < singBeats - 1e-9; beat += grid) positions.push(beat);
    const weightOf = (beat: number) => (Number.isInteger(beat) ? (beat % 2 === 0 ? 6 : 4) : Number.isInteger(beat * 2) ? 2 : 1);
    const chosen = [0];
    const available = positions.map((beat) => [beat, weightOf(beat)] as [number, number]);
    while (chosen.length < count) {
      const pick = rng.weighted(available);
      chosen.push(pick);
      available.splice(available.findIndex(([beat]) => beat === pick), 1);
    }
    onsets = chosen.sort((a, b) => a - b);
  } else {
    grid = singBeats / count;
    onsets = Array.from({ length: count }, (_, index) => index * grid);
  }
  const lengths = onsets.map((onset, index) => {
    const next = index + 1 < onsets.length ? onsets[index + 1] : Math.min(singBeats + breath * 0.5, onset + 2);
    return Math.max(grid * 0.9, (next - onset) * 0.92);
  });
  return { onsets, lengths };
}

/** Scale-step motion for a phrase: rising in its first half, falling in its second. */
export function contourMotif(length: number, rng: Random): number[] {
  const steps: number[] = [];
  for (let i = 0; i < length; i++) {
    const rising = i < length / 2;
    const step = rng.weighted<number>([
      [rising ? 1 : -1, 5],
      [rising ? -1 : 1, 2],
      [0, 1],
      [rising ? 2 : -2, 2],
      [rising ? -2 : 2, 0.7],
      [rising ? 3 : -3, 0.5],
    ]);
    steps.push(step);
  }
  return steps;
}

function chordTones(slot: ChordSlot): number[] {
  return slot.chord.intervals.map((interval) => (slot.chord.root + interval) % 12);
}

function nearestChordTone(pitch: number, tones: number[], exclude?: number): number {
  const candidates = tones.filter((tone) => tone !== exclude);
  const usable = candidates.length ? candidates : tones;
  let best = pitch;
  let bestDistance = Infinity;
  for (const tone of usable) {
    const candidate = nearestPitch(tone, pitch);
    const distance = Math.abs(candidate - pitch);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Pitches for onsets: chord tones on strong beats, the contour elsewhere, a resolving last note. */
export function phrasePitches(
  onsets: number[],
  slots: ChordSlot[],
  context: MelodyContext,
  contour: number[],
  ending: Ending,
  lift: number,
): number[] {
  const pitches: number[] = [];
  for (let i = 0; i < onsets.length; i++) {
    const slot = chordAt(slots, onsets[i]);
    const tones = chordTones(slot);
    let pitch: number;
    if (i === 0) {
      pitch = nearestChordTone(context.centre + lift, tones);
    } else {
      const step = contour[(i - 1) % contour.length];
      pitch = scaleStep(pitches[i - 1], step, context.scale);
      if (pitch > context.high || pitch < context.low) pitch = scaleStep(pitches[i - 1], -step || -1, context.scale);
      const inBar = onsets[i] % context.beatsPerBar;
      const strong = Math.abs(inBar - Math.round(inBar)) < 1e-9 && Math.round(inBar) % 2 === 0;
      if (strong && !tones.includes(((pitch % 12) + 12) % 12)) pitch = nearestChordTone(pitch, tones);
    }
    if (i === onsets.length - 1 && onsets.length > 1) {
      pitch = ending === 'home' && tones.includes(context.tonic) ? nearestPitch(context.tonic, pitches[i - 1]) : nearestChordTone(pitch, tones, ending === 'open' ? context.tonic : undefined);
    }
    pitches.push(Math.min(context.high + 2, Math.max(context.low - 2, pitch)));
  }
  return pitches;
}

/** How high a section's melody sits relative to the centre: choruses lift. */
const LIFT: Record<string, number> = { chorus: 4, drop: 5, 'pre-chorus': 2, bridge: 1, solo: 3 };

interface PhraseSpec {
  section: FormSection;
  startBeat: number;
  spanBeats: number;
  count: number;
  /** Index of the phrase in its section: even and odd phrases use two related motifs. */
  index: number;
  ending: Ending;
  /** Carries lyrics (sung lines keep the 8th-note grid whatever the genre). */
  sung: boolean;
}

function buildPhrase(spec: PhraseSpec, slots: ChordSlot[], context: MelodyContext): BeatNote[] {
  const { section, startBeat, spanBeats, count, ending } = spec;
  const motifKey = `${section.kind}:${spec.index % 2}`;
  const coarsest = spec.sung ? 0.5 : context.instrumentalGrid;
  const rhythm = phraseRhythm(count, spanBeats, context.rng.fork(`rhythm:${motifKey}:${count}:${spanBeats}`), coarsest);
  const contour = contourMotif(Math.max(4, count), context.rng.fork(`contour:${motifKey}`));
  const onsets = rhythm.onsets.map((onset) => startBeat + onset);
  // Later phrases restate the motif a step higher (a sequence), so repeats vary.
  const lift = (LIFT[section.kind] ?? 0) + (spec.index % 4 === 2 ? 3 : 0);
  const pitches = phrasePitches(onsets, slots, context, contour, ending, lift);
  return onsets.map((beat, index) => ({
    beat,
    length: rhythm.lengths[index],
    pitch: pitches[index],
    velocity: Math.min(1, 0.62 + 0.2 * section.energy + (Number.isInteger(beat) ? 0.08 : 0)),
  }));
}

/** Sung phrases: one phrase per lyric line, one note per syllable. */
export function sungSection(section: FormSection, lines: LyricLine[], slots: ChordSlot[], context: MelodyContext): LeadPhrase[] {
  const sectionBeats = section.bars * context.beatsPerBar;
  const sung = lines.filter((line) => line.syllables.length > 0);
  if (!sung.length) return [];
  const span = Math.min(16, sectionBeats / sung.length);
  const start = section.startBar * context.beatsPerBar;
  return sung.map((line, index) => {
    const last = index === sung.length - 1;
    const ending: Ending = last || index % 2 === 1 ? 'home' : 'open';
    const notes = buildPhrase({ section, startBeat: start + index * span, spanBeats: span, count: line.syllables.length, index, ending, sung: true }, slots, context);
    notes.forEach((note, syllableIndex) => (note.syllable = line.syllables[syllableIndex]));
    return { notes, text: line.text };
  });
}

/**
 * Instrumental phrases of two bars: A (open) B (home) pairs sharing the motif, denser with drive:
 * a few long notes in calm sections (4 at drive 0.35), running 8ths in driving ones (14).
 */
export function instrumentalSection(section: FormSection, slots: ChordSlot[], context: MelodyContext, density: number): LeadPhrase[] {
  const phraseBeats = Math.min(section.bars, 2) * context.beatsPerBar;
  const count = Math.max(3, Math.min(14, Math.round(14 * sectionDrive(section, density) - 1)));
  const start = section.startBar * context.beatsPerBar;
  const phrases: LeadPhrase[] = [];
  const phraseCount = Math.floor((section.bars * context.beatsPerBar) / phraseBeats);
  for (let index = 0; index < phraseCount; index++) {
    const ending: Ending = index % 2 === 1 || index === phraseCount - 1 ? 'home' : 'open';
    phrases.push({ notes: buildPhrase({ section, startBeat: start + index * phraseBeats, spanBeats: phraseBeats, count, index, ending, sung: false }, slots, context) });
  }
  return phrases;
}
