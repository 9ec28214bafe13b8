/**
 * compose(): plan + lyrics -> Composition (every note and drum hit, in seconds, swing applied).
 * Pure and seeded: the same plan and lyrics give the same composition.
 */
import { genreById, type GenreProfile, moodById } from '../plan/catalog.js';
import { ARRANGEMENT_ROLES } from '../plan/instruments.js';
import { Random } from '../random.js';
import type {
  ChordEvent,
  Composition,
  InstrumentId,
  LyricSheet,
  LyricStanza,
  MixSettings,
  NoteEvent,
  Section,
  SongPlan,
  TimedLyricLine,
  Track,
  TrackRole,
} from '../types.js';
import { bassLine } from './bass.js';
import { drumHits } from './drums.js';
import { buildForm, type FormSection, sectionDrive } from './form.js';
import { type ChordSlot, planHarmony } from './harmony.js';
import { type BeatNote, instrumentalSection, type LeadPhrase, type MelodyContext, sungSection } from './melody.js';
import { bubblePart, isStrummed, strumPart } from './comping.js';
import { arpPart, chordPart, counterPart, intensityFor, padPart } from './parts.js';
import { nearestPitch, scalePitchClasses, tonicPitchClass } from './theory.js';
import { TimeGrid } from './timing.js';
import { assignStanzas } from './vocals.js';
import { arrangeVocals } from '../vocals/arrange.js';
import { arrangeBacking } from '../vocals/backing.js';

interface TrackStyle {
  gainDb: number;
  pan: number;
  reverbSend: number;
  delaySend: number;
  ducked: boolean;
}

const TRACK_STYLES: Record<TrackRole, TrackStyle> = {
  lead: { gainDb: 0, pan: 0, reverbSend: 0.25, delaySend: 0.15, ducked: false },
  chords: { gainDb: -5, pan: -0.4, reverbSend: 0.2, delaySend: 0, ducked: true },
  bass: { gainDb: -3, pan: 0, reverbSend: 0, delaySend: 0, ducked: true },
  pad: { gainDb: -10, pan: 0.3, reverbSend: 0.5, delaySend: 0, ducked: true },
  arp: { gainDb: -9, pan: 0.55, reverbSend: 0.35, delaySend: 0.3, ducked: true },
  counter: { gainDb: -8, pan: -0.55, reverbSend: 0.35, delaySend: 0.1, ducked: false },
};

/** Reggae's organ bubble: under the skank, across from it, felt more than heard. */
const BUBBLE_STYLE: TrackStyle = { gainDb: -8, pan: 0.35, reverbSend: 0.15, delaySend: 0, ducked: true };

/** Sections where an instrumental lead would crowd the arrangement. */
const NO_INSTRUMENTAL_LEAD = new Set(['intro', 'outro', 'breakdown']);

/**
 * Metric accent: notes on the beat sound fullest, off-beat 8ths and 16ths lighter. Natural
 * phrasing, and it keeps the beat (not its subdivision) the strongest pulse in the mix.
 */
function metricAccent(beat: number): number {
  const phase = beat - Math.floor(beat + 1e-9);
  if (phase < 1e-6 || phase > 1 - 1e-6) return 1;
  return Math.abs(phase - 0.5) < 1e-6 ? 0.78 : 0.66;
}

function instrumentFor(plan: SongPlan, genre: GenreProfile, role: TrackRole): InstrumentId {
  return plan.instruments[ARRANGEMENT_ROLES.indexOf(role)] ?? genre.palette[role][0];
}

function mixSettings(plan: SongPlan, genre: GenreProfile, grid: TimeGrid): MixSettings {
  const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
  return {
    // Calm songs sit further back in a wetter room; driving ones are drier and closer.
    reverb: clamp(genre.mix.reverb + (0.5 - plan.density) * 0.3 + 0.6 * plan.colour.space),
    brightness: clamp(plan.brightness),
    sidechain: genre.mix.sidechain,
    // Energetic mixes are glued tighter (denser at the same loudness), calm ones keep their dynamics.
    compression: clamp(genre.mix.compression + (plan.density - 0.5) * 0.3),
    // Spacious imagery (ocean, sky, cathedral) gives even dry genres a dotted-8th echo.
    delayTime: (genre.mix.delayBeats || (plan.colour.space >= 0.2 ? 0.75 : 0)) * grid.beatSeconds,
    lofi: clamp(genre.mix.lofi + (plan.moods.includes('nostalgic') ? 0.15 : 0) + 0.8 * plan.colour.texture),
  };
}

/** Drums step forward in dense, driving songs and back in sparse, calm ones (+-3 dB). */
function drumGainDb(genre: GenreProfile, density: number): number {
  return Math.round((genre.drums.gainDb + (density - 0.55) * 6) * 10) / 10;
}

/** Lead phrases for a section, reusing an earlier identical section's melody (choruses repeat). */
class LeadWriter {
  private readonly cache = new Map<string, { startBeat: number; phrases: LeadPhrase[] }>();

  constructor(
    private readonly context: MelodyContext,
    private readonly density: number,
  ) {}

  write(section: FormSection, slots: ChordSlot[], stanza: LyricStanza | null, songHasLyrics: boolean): LeadPhrase[] {
    if (!stanza && NO_INSTRUMENTAL_LEAD.has(section.kind)) return [];
    if (!stanza && songHasLyrics && section.kind === 'verse') return [];
    const key = `${section.kind}|${section.bars}|${stanza ? stanza.label : 'instrumental'}`;
    const startBeat = section.startBar * this.context.beatsPerBar;
    const cached = this.cache.get(key);
    if (cached) {
      const shift = startBeat - cached.startBeat;
      return cached.phrases.map((phrase) => ({ ...phrase, notes: phrase.notes.map((note) => ({ ...note, beat: note.beat + shift })) }));
    }
    const phrases = stanza
      ? sungSection(section, stanza.lines, slots, this.context)
      : instrumentalSection(section, slots, this.context, this.density);
    this.cache.set(key, { startBeat, phrases });
    return phrases;
  }
}

/** What a song's music grows from: its form, and per section its harmony and lead phrases (sung lines carry their text). */
export interface Score {
  form: FormSection[];
  harmony: ChordSlot[][];
  lead: LeadPhrase[][];
}

/** The form (the plan's own unless given: an extension's continuation), its harmony and the lead line. */
export function writeScore(plan: SongPlan, lyrics: LyricSheet | null, form: FormSection[] = buildForm(plan)): Score {
  const genre = genreById(plan.genre);
  const rng = new Random(plan.seed).fork('compose');
  const harmony = planHarmony(form, genre, plan.key, rng.fork('harmony'), moodById(plan.mood).harmonicPace);
  const stanzas = assignStanzas(form, lyrics);
  const tonic = tonicPitchClass(plan.key);
  const centre = nearestPitch(tonic, 67);
  const writer = new LeadWriter(
    {
      scale: scalePitchClasses(plan.key),
      tonic,
      centre,
      low: centre - 5,
      high: centre + 10,
      beatsPerBar: genre.beatsPerBar,
      instrumentalGrid: genre.form === 'through' ? 1 : 0.5,
      rng: rng.fork('melody'),
    },
    plan.density,
  );
  const lead = form.map((section, index) => writer.write(section, harmony[index], stanzas[index], lyrics !== null));
  return { form, harmony, lead };
}

export function compose(plan: SongPlan, lyrics: LyricSheet | null): Composition {
  return arrange(plan, writeScore(plan, lyrics));
}

/**
 * The band around a score, in the plan's genre, tempo and mood: chords, bass, pads, arpeggios,
 * counter-lines and drums, the sung lines as the vocal part. A cover arranges its source's score.
 */
export function arrange(plan: SongPlan, score: Score): Composition {
  const { form, harmony } = score;
  const genre = genreById(plan.genre);
  const rng = new Random(plan.seed).fork('compose');
  const grid = new TimeGrid(plan.bpm, genre.beatsPerBar, genre.swing, genre.swingUnit);
  const beatsPerBar = genre.beatsPerBar;
  const last = form[form.length - 1];
  // An extension's continuation starts where the kept part of its source ends, not at bar 0.
  const totalBars = last.startBar + last.bars;
  const songBeats = totalBars * beatsPerBar;
  const durationSeconds = grid.seconds(songBeats);

  const parts: Record<TrackRole, BeatNote[]> = { lead: [], chords: [], bass: [], pad: [], arp: [], counter: [] };
  const sungPhrases: { phrase: LeadPhrase; section: FormSection }[] = [];
  const bubble: BeatNote[] = [];
  // Hard-swung 8ths (blues' shuffle, jazz) turn the busy parts' 16ths into triplets.
  const tripletFeel = genre.swingUnit === 8 && genre.swing >= 0.25;
  const strummed = isStrummed(instrumentFor(plan, genre, 'chords'), genre.comp);
  form.forEach((section, index) => {
    const slots = harmony[index];
    const drive = sectionDrive(section, plan.density);
    const intensity = intensityFor(drive);
    const phrases = score.lead[index];
    for (const phrase of phrases) {
      // Sung lines belong to the voice; the lead instrument plays only the instrumental phrases.
      if (phrase.text !== undefined) sungPhrases.push({ phrase, section });
      else parts.lead.push(...phrase.notes);
    }
    parts.chords.push(...(strummed ? strumPart(slots, intensity, beatsPerBar, section.energy) : chordPart(slots, genre.comp, intensity, beatsPerBar, section.energy)));
    if (genre.organBubble) bubble.push(...bubblePart(slots, intensity, beatsPerBar, section.energy));
    const bassPlays = drive >= 0.25 || (section.kind !== 'intro' && section.kind !== 'outro');
    // Above ~150 BPM a 16th-note bass blurs into a buzz: fast genres drive with their busy line.
    const bassIntensity = intensity === 'driving' && plan.bpm > 150 ? 'busy' : intensity;
    if (bassPlays) parts.bass.push(...bassLine(slots, genre.bass, bassIntensity, beatsPerBar, harmony[index + 1]?.[0] ?? null));
    if (plan.density < 0.5 || drive >= 0.6) parts.pad.push(...padPart(slots, section.energy));
    // Through-composed genres (classical, ambient) have few drums: arpeggios carry the pulse.
    const arpPlays = (drive >= 0.55 && plan.density >= 0.4) || (genre.form === 'through' && drive >= 0.25);
    if (arpPlays) parts.arp.push(...arpPart(slots, beatsPerBar, drive >= 0.8, genre.form === 'through', section.energy, tripletFeel));
    if (drive >= 0.7) parts.counter.push(...counterPart(slots, beatsPerBar, section.energy));
  });

  const toEvent = (note: BeatNote, accented: boolean): NoteEvent => {
    const start = grid.seconds(note.beat) + (note.delaySeconds ?? 0);
    const end = Math.min(durationSeconds, grid.seconds(note.beat + note.length));
    const velocity = Math.min(1, note.velocity * (accented ? metricAccent(note.beat) : 1));
    const event: NoteEvent = { start, duration: Math.max(0.01, end - start), pitch: note.pitch, velocity: Math.round(velocity * 1000) / 1000 };
    if (note.syllable !== undefined) event.syllable = note.syllable;
    return event;
  };

  const mix = mixSettings(plan, genre, grid);
  // A genre with a second kit plays it for a third of the seeds, with that kit's grooves.
  const { alternative } = genre.drums;
  const drummer = alternative && rng.fork('kit').chance(1 / 3) ? { ...genre, drums: { ...genre.drums, ...alternative } } : genre;
  const toTrack = (id: string, role: TrackRole, instrument: InstrumentId, notes: BeatNote[], style: TrackStyle): Track => ({
    id,
    role,
    instrument,
    notes: notes
      .filter((note) => note.beat < songBeats)
      .sort((a, b) => a.beat - b.beat || (a.delaySeconds ?? 0) - (b.delaySeconds ?? 0) || a.pitch - b.pitch)
      .map((note) => toEvent(note, role !== 'pad')),
    gainDb: style.gainDb,
    pan: style.pan,
    reverbSend: Math.round(Math.min(1, style.reverbSend * (0.5 + mix.reverb)) * 100) / 100,
    delaySend: mix.delayTime > 0 ? style.delaySend : 0,
    sidechain: mix.sidechain && style.ducked,
  });
  const tracks: Track[] = ARRANGEMENT_ROLES.filter((role) => parts[role].length > 0).map((role) => toTrack(role, role, instrumentFor(plan, genre, role), parts[role], TRACK_STYLES[role]));
  if (bubble.length > 0) tracks.push(toTrack('bubble', 'chords', 'organ', bubble, BUBBLE_STYLE));

  const lyricLines: TimedLyricLine[] = sungPhrases
    .filter(({ phrase }) => phrase.notes.length > 0)
    .map(({ phrase, section }) => {
      const first = phrase.notes[0];
      const last = phrase.notes[phrase.notes.length - 1];
      return {
        start: grid.seconds(first.beat),
        end: Math.min(durationSeconds, grid.seconds(last.beat + last.length)),
        text: phrase.text ?? '',
        section: section.label,
      };
    });

  const lead = arrangeVocals(
    plan,
    sungPhrases.map(({ phrase, section }) => ({
      notes: phrase.notes.filter((note) => note.beat < songBeats).map((note) => toEvent(note, true)),
      text: phrase.text ?? '',
      section: section.label,
      kind: section.kind,
    })),
  );

  const sections: Section[] = form.map((section) => ({
    ...section,
    start: grid.seconds(section.startBar * beatsPerBar),
    end: grid.seconds((section.startBar + section.bars) * beatsPerBar),
  }));

  const chords: ChordEvent[] = harmony.flat().map((slot) => ({
    start: grid.seconds(slot.startBeat),
    end: grid.seconds(slot.endBeat),
    symbol: slot.chord.symbol,
    pitches: slot.voicing,
    root: slot.chord.root,
  }));
  const backing = lead ? arrangeBacking(lead, sections, chords, { bpm: plan.bpm, beatsPerBar }) : [];
  const vocals = lead && backing.length > 0 ? { ...lead, backing } : lead;

  return {
    bpm: plan.bpm,
    beatsPerBar,
    swing: genre.swing,
    key: plan.key,
    durationSeconds,
    totalBars,
    sections,
    chords,
    tracks,
    drums: { kit: drummer.drums.kit, hits: drumHits(form, drummer, plan.density, grid, rng.fork('drums')), gainDb: drumGainDb(genre, plan.density) },
    mix,
    lyricLines,
    vocals,
  };
}
