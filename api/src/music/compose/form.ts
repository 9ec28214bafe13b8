/**
 * Song form: the sequence of sections fitted to the requested duration in whole bars, with the
 * energy each section carries. Lyrics use the same form to decide how many lines each stanza has.
 */
import { type FormTemplate, genreById, type GenreProfile, moodById } from '../plan/catalog.js';
import { Random } from '../random.js';
import type { SectionKind, SongPlan } from '../types.js';

export interface FormSection {
  kind: SectionKind;
  label: string;
  startBar: number;
  bars: number;
  /** 0..1 */
  energy: number;
}

export type FormInput = Pick<SongPlan, 'genre' | 'mood' | 'bpm' | 'durationSeconds' | 'density' | 'seed'>;

interface Slot {
  kind: SectionKind;
  bars: number;
  /** Removed first when the song is short: higher goes first; 0 = never removed. */
  dropRank: number;
}

const slot = (kind: SectionKind, bars: number, dropRank: number): Slot => ({ kind, bars, dropRank });

/** Each form's variants; the seed picks one, so seeds change the song's shape and not only its notes. */
const TEMPLATES: Record<FormTemplate, Slot[][]> = {
  song: [
    [slot('intro', 4, 0), slot('verse', 8, 0), slot('pre-chorus', 4, 3), slot('chorus', 8, 0), slot('verse', 8, 2), slot('pre-chorus', 4, 4), slot('chorus', 8, 1), slot('bridge', 8, 5), slot('chorus', 8, 6), slot('outro', 4, 0)],
    [slot('intro', 4, 0), slot('verse', 8, 0), slot('chorus', 8, 0), slot('verse', 8, 2), slot('pre-chorus', 4, 4), slot('chorus', 8, 1), slot('bridge', 4, 5), slot('chorus', 8, 3), slot('outro', 4, 0)],
    [slot('intro', 4, 0), slot('verse', 8, 0), slot('pre-chorus', 4, 3), slot('chorus', 8, 0), slot('verse', 8, 2), slot('chorus', 8, 1), slot('solo', 8, 5), slot('bridge', 4, 6), slot('chorus', 8, 4), slot('outro', 4, 0)],
  ],
  // Short dance songs lose their second verse and builds first: a breakdown before the last drop stays.
  dance: [
    [slot('intro', 8, 0), slot('verse', 8, 0), slot('chorus', 8, 3), slot('drop', 16, 2), slot('breakdown', 8, 1), slot('verse', 8, 5), slot('chorus', 8, 4), slot('drop', 16, 0), slot('outro', 8, 0)],
    [slot('intro', 8, 0), slot('verse', 8, 0), slot('chorus', 8, 3), slot('drop', 16, 2), slot('breakdown', 8, 1), slot('chorus', 8, 4), slot('drop', 16, 0), slot('outro', 8, 0)],
    [slot('intro', 8, 0), slot('verse', 16, 0), slot('chorus', 8, 3), slot('drop', 16, 2), slot('breakdown', 8, 1), slot('chorus', 4, 4), slot('drop', 16, 0), slot('outro', 8, 0)],
  ],
  loop: [
    [slot('intro', 4, 0), slot('verse', 8, 0), slot('chorus', 8, 0), slot('verse', 8, 2), slot('chorus', 8, 1), slot('solo', 8, 4), slot('chorus', 8, 3), slot('outro', 4, 0)],
    [slot('intro', 4, 0), slot('verse', 8, 0), slot('chorus', 8, 0), slot('solo', 8, 3), slot('verse', 8, 2), slot('chorus', 8, 1), slot('outro', 4, 0)],
  ],
  through: [
    [slot('intro', 4, 0), slot('verse', 8, 0), slot('chorus', 8, 0), slot('bridge', 8, 3), slot('verse', 8, 2), slot('chorus', 8, 1), slot('outro', 4, 0)],
    [slot('intro', 4, 0), slot('verse', 8, 0), slot('chorus', 8, 0), slot('verse', 8, 2), slot('bridge', 8, 3), slot('chorus', 8, 1), slot('outro', 4, 0)],
  ],
};

/** Sections inserted before the outro, in turn, when a long song needs more material. */
const EXTENSIONS: Record<FormTemplate, Slot[]> = {
  song: [
    { kind: 'solo', bars: 8, dropRank: 0 },
    { kind: 'chorus', bars: 8, dropRank: 0 },
  ],
  dance: [
    { kind: 'breakdown', bars: 8, dropRank: 0 },
    { kind: 'drop', bars: 16, dropRank: 0 },
  ],
  loop: [
    { kind: 'solo', bars: 8, dropRank: 0 },
    { kind: 'chorus', bars: 8, dropRank: 0 },
  ],
  through: [
    { kind: 'bridge', bars: 8, dropRank: 0 },
    { kind: 'chorus', bars: 8, dropRank: 0 },
  ],
};

const BASE_ENERGY: Record<SectionKind, number> = {
  intro: 0.3,
  verse: 0.5,
  'pre-chorus': 0.65,
  chorus: 0.85,
  bridge: 0.55,
  breakdown: 0.35,
  drop: 1,
  solo: 0.75,
  outro: 0.3,
};

const KIND_LABELS: Record<SectionKind, string> = {
  intro: 'Intro',
  verse: 'Verse',
  'pre-chorus': 'Pre-Chorus',
  chorus: 'Chorus',
  bridge: 'Bridge',
  breakdown: 'Breakdown',
  drop: 'Drop',
  solo: 'Solo',
  outro: 'Outro',
};

/** Sections whose length must stay even, so lyric lines (two bars each) fit. */
const PHRASED = new Set<SectionKind>(['verse', 'pre-chorus', 'chorus', 'bridge', 'drop']);

/**
 * How hard a section drives: its energy scaled by the song's density (0..~1.2). Density weighs
 * heavily so the mood, not only the section, decides the arrangement: a peaceful chorus
 * (density ~0.3) stays below the busy thresholds (0.5) that an energetic verse reaches.
 */
export function sectionDrive(section: Pick<FormSection, 'energy'>, density: number): number {
  return section.energy * (0.25 + density);
}

export function barSeconds(bpm: number, beatsPerBar: number): number {
  return (beatsPerBar * 60) / bpm;
}

export function totalBarsFor(plan: FormInput, genre: GenreProfile): number {
  return Math.max(4, Math.round(plan.durationSeconds / barSeconds(plan.bpm, genre.beatsPerBar)));
}

const sum = (slots: Slot[]) => slots.reduce((total, slot) => total + slot.bars, 0);

function shrink(slots: Slot[], target: number): Slot[] {
  let result = slots.slice();
  while (sum(result) > target) {
    const rank = Math.max(...result.map((slot) => slot.dropRank));
    if (rank === 0) break;
    result.splice(result.findIndex((slot) => slot.dropRank === rank), 1);
  }
  // Still too long (very short songs at slow tempos): scale every section down, then hand the
  // bars lost to rounding back to the sung sections first, two at a time.
  if (sum(result) > target) {
    const factor = target / sum(result);
    result = result.map((slot) => {
      const scaled = Math.max(1, Math.floor(slot.bars * factor));
      return { ...slot, bars: PHRASED.has(slot.kind) && scaled > 1 ? scaled - (scaled % 2) : scaled };
    });
    const phrased = result.filter((slot) => PHRASED.has(slot.kind));
    for (let i = 0; target - sum(result) >= 2 && phrased.length; i++) phrased[phrased.length - 1 - (i % phrased.length)].bars += 2;
  }
  return result;
}

function grow(slots: Slot[], target: number, template: FormTemplate): Slot[] {
  let result = slots.slice();
  if (target >= sum(result) * 1.7) {
    result = result.map((slot) => (PHRASED.has(slot.kind) && slot.kind !== 'pre-chorus' ? { ...slot, bars: slot.bars * 2 } : slot));
  }
  const extension = EXTENSIONS[template];
  while (target - sum(result) >= sum(extension)) result.splice(result.length - 1, 0, ...extension);
  return result;
}

/** Makes the bar count exact by lengthening or shortening the intro and outro. */
function settle(slots: Slot[], target: number): Slot[] {
  const result = slots.map((slot) => ({ ...slot }));
  let difference = target - sum(result);
  const intro = result[0];
  const outro = result[result.length - 1];
  if (difference > 0) {
    for (const edge of [intro, outro]) {
      const added = Math.min(difference, Math.max(0, 8 - edge.bars));
      edge.bars += added;
      difference -= added;
    }
    if (difference >= 4 && result.length > 2) {
      result.splice(result.length - 1, 0, { kind: 'solo', bars: difference, dropRank: 0 });
      difference = 0;
    }
    outro.bars += difference;
  } else if (difference < 0) {
    // Trim from the end backwards, never below one bar per section.
    for (let i = result.length - 1; i >= 0 && difference < 0; i--) {
      const removable = result[i].bars - 1;
      const cut = Math.min(removable, -difference);
      result[i].bars -= cut;
      difference += cut;
    }
  }
  return result;
}

function curveFactor(curve: string, position: number): number {
  switch (curve) {
    case 'build':
      return 0.8 + 0.3 * position;
    case 'arc':
      return 0.85 + 0.25 * Math.sin(Math.PI * position);
    case 'wave':
      return 0.9 + 0.12 * Math.sin(4 * Math.PI * position);
    default:
      return 1;
  }
}

export function buildForm(plan: FormInput): FormSection[] {
  const genre = genreById(plan.genre);
  const mood = moodById(plan.mood);
  const target = totalBarsFor(plan, genre);
  const variants = TEMPLATES[genre.form];
  const template = variants[new Random(plan.seed).fork('form').int(0, variants.length - 1)];
  let slots = sum(template) > target ? shrink(template, target) : grow(template, target, genre.form);
  slots = settle(slots, target);

  const counts = new Map<SectionKind, number>();
  for (const slot of slots) counts.set(slot.kind, (counts.get(slot.kind) ?? 0) + 1);
  const seen = new Map<SectionKind, number>();
  let startBar = 0;
  return slots.map((slot) => {
    const occurrence = (seen.get(slot.kind) ?? 0) + 1;
    seen.set(slot.kind, occurrence);
    const numbered = (counts.get(slot.kind) ?? 0) > 1 && slot.kind !== 'intro' && slot.kind !== 'outro';
    const position = (startBar + slot.bars / 2) / target;
    let energy = BASE_ENERGY[slot.kind] * curveFactor(mood.curve, position);
    if (mood.curve === 'flat') energy = 0.25 + 0.6 * energy;
    energy *= 0.7 + 0.6 * plan.density;
    const section: FormSection = {
      kind: slot.kind,
      label: numbered ? `${KIND_LABELS[slot.kind]} ${occurrence}` : KIND_LABELS[slot.kind],
      startBar,
      bars: slot.bars,
      energy: Math.round(Math.min(1, Math.max(0.05, energy)) * 100) / 100,
    };
    startBar += slot.bars;
    return section;
  });
}

/** What a continuation (Extend) plays after the kept part of a song, in turn, before its outro. */
const CONTINUATIONS: Record<FormTemplate, { sections: Slot[]; outroBars: number }> = {
  song: { sections: [slot('verse', 8, 0), slot('chorus', 8, 0), slot('bridge', 8, 0), slot('chorus', 8, 0)], outroBars: 4 },
  dance: { sections: [slot('breakdown', 8, 0), slot('drop', 16, 0)], outroBars: 8 },
  loop: { sections: [slot('verse', 8, 0), slot('chorus', 8, 0), slot('solo', 8, 0), slot('chorus', 8, 0)], outroBars: 4 },
  through: { sections: [slot('verse', 8, 0), slot('chorus', 8, 0), slot('bridge', 8, 0)], outroBars: 4 },
};

/**
 * The sections an extension adds after `kept` (the source's sections it keeps, ending at a bar
 * line): the genre's continuation in turn (a verse, a returning chorus, a bridge...) and an
 * outro, `addedBars` in all. Labels continue the source's numbering ("Verse 3").
 */
export function continuationForm(plan: FormInput, kept: FormSection[], addedBars: number): FormSection[] {
  const genre = genreById(plan.genre);
  const { sections: cycle, outroBars } = CONTINUATIONS[genre.form];
  const outro = Math.min(outroBars, addedBars);
  const slots: Slot[] = [];
  let left = addedBars - outro;
  for (let i = 0; left > 0; i++) {
    const next = cycle[i % cycle.length];
    // A last stretch too short for a phrase goes to the outro.
    if (left < Math.min(4, next.bars)) break;
    const bars = Math.min(next.bars, left);
    slots.push({ ...next, bars });
    left -= bars;
  }
  slots.push(slot('outro', outro + left, 0));

  const counts = new Map<SectionKind, number>();
  for (const section of kept) counts.set(section.kind, (counts.get(section.kind) ?? 0) + 1);
  const totals = new Map(counts);
  for (const added of slots) totals.set(added.kind, (totals.get(added.kind) ?? 0) + 1);
  let startBar = kept.length ? kept[kept.length - 1].startBar + kept[kept.length - 1].bars : 0;
  return slots.map((added) => {
    const occurrence = (counts.get(added.kind) ?? 0) + 1;
    counts.set(added.kind, occurrence);
    const numbered = (totals.get(added.kind) ?? 0) > 1 && added.kind !== 'intro' && added.kind !== 'outro';
    const section: FormSection = {
      kind: added.kind,
      label: numbered ? `${KIND_LABELS[added.kind]} ${occurrence}` : KIND_LABELS[added.kind],
      startBar,
      bars: added.bars,
      energy: Math.round(Math.min(1, Math.max(0.05, BASE_ENERGY[added.kind] * (0.7 + 0.6 * plan.density))) * 100) / 100,
    };
    startBar += added.bars;
    return section;
  });
}
