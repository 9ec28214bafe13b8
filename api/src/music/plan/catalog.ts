/**
 * The genres and moods the engine understands, with the musical profile of each.
 */
import type { DrumKitId, InstrumentId, Mode, TrackRole } from '../types.js';
import type { GrooveId } from './grooves.js';

export type BassStyle =
  | 'sustain'
  | 'root'
  | 'root-fifth'
  | 'eighths'
  | 'walking'
  | 'offbeat'
  | 'glide-808'
  | 'funk'
  | 'reggae'
  | 'rolling';

/** How the chords track plays its voicings (an acoustic guitar strums 'strum' and 'block': compose/comping.ts). */
export type CompStyle = 'block' | 'stabs' | 'strum' | 'arpeggio' | 'jazz-comp' | 'pulse' | 'skank' | 'power';

/** Chord colours a genre uses on top of plain triads. */
export type ChordColour = 'triad' | 'sixth' | 'seventh' | 'ninth' | 'sus' | 'power' | 'dominant';

/** Section-order template; compose/form.ts turns it into bars. */
export type FormTemplate = 'song' | 'dance' | 'loop' | 'through';

export interface ProgressionPool {
  /** Scale-degree progressions (1..7) for major-family modes. */
  major: number[][];
  /** Scale-degree progressions for minor-family modes. */
  minor: number[][];
}

export interface GenreProfile {
  id: string;
  label: string;
  synonyms: string[];
  tempo: { min: number; max: number; typical: number };
  /** 0 straight .. 1/3: swung off-beats at a triplet's 2:1 (a shuffle). */
  swing: number;
  /** Which off-beats swing: 8th notes (jazz, blues) or 16th notes (hip-hop, lo-fi). */
  swingUnit: 8 | 16;
  beatsPerBar: number;
  /** alternative: a second kit and its grooves, which a third of the seeds play (compose/index.ts). */
  drums: { kit: DrumKitId; grooves: GrooveId[]; gainDb: number; alternative?: { kit: DrumKitId; grooves: GrooveId[] } };
  bass: BassStyle;
  comp: CompStyle;
  /** Reggae's organ bubble, a second comping part beside the chords track (compose/comping.ts). */
  organBubble?: boolean;
  harmony: {
    colours: ChordColour[];
    progressions: ProgressionPool;
    /** Harmonic rhythm: bars each chord lasts. */
    barsPerChord: number;
    /** Minor keys borrow the harmonic-minor major V for stronger cadences. */
    majorDominant: boolean;
  };
  /** Instruments per role, most typical first. A role with one instrument is the genre's signature: every seed plays it. */
  palette: Record<TrackRole, InstrumentId[]>;
  form: FormTemplate;
  mix: { reverb: number; compression: number; sidechain: boolean; lofi: number; delayBeats: number };
  /** Probability of a major key when the moods do not lean either way. */
  majorBias: number;
  /** Base arrangement density 0..1. */
  density: number;
  brightness: number;
  /** Moods this genre usually carries (used when the prompt names none). */
  moods: string[];
}

export type EnergyCurve = 'flat' | 'build' | 'arc' | 'wave';

export interface MoodProfile {
  id: string;
  label: string;
  synonyms: string[];
  /** 0 = always minor (the genre cannot override it) .. 1 = always major. */
  majorWeight: number;
  /** Church modes that colour this mood instead of plain major or minor, now and then (see chooseKey). */
  modalColours: Mode[];
  /** BPM added to the genre's typical tempo. */
  tempoShift: number;
  brightness: number;
  density: number;
  /** How section energy develops over the song. */
  curve: EnergyCurve;
  /** Multiplier on the genre's bars per chord: 2 changes chords half as often (calm moods). */
  harmonicPace: number;
  /** Genres that suit this mood when the prompt names none. */
  genres: string[];
}

const POP_PROGRESSIONS: ProgressionPool = {
  major: [
    [1, 5, 6, 4],
    [1, 6, 4, 5],
    [1, 4, 6, 5],
    [1, 4, 1, 5],
    [6, 4, 1, 5],
  ],
  minor: [
    [1, 6, 3, 7],
    [1, 7, 6, 7],
    [1, 4, 6, 5],
    [1, 6, 7, 1],
    [6, 7, 1, 1],
  ],
};

const ROCK_PROGRESSIONS: ProgressionPool = {
  major: [
    [1, 4, 5, 4],
    [1, 5, 4, 4],
    [1, 4, 1, 5],
    [1, 4, 6, 5],
  ],
  minor: [
    [1, 7, 6, 7],
    [1, 6, 7, 1],
    [1, 3, 7, 1],
    [1, 4, 1, 7],
  ],
};

const DANCE_PROGRESSIONS: ProgressionPool = {
  major: [
    [1, 5, 6, 4],
    [4, 5, 1, 1],
    [1, 4, 6, 4],
    [6, 4, 1, 5],
  ],
  minor: [
    [1, 6, 3, 7],
    [1, 6, 4, 5],
    [1, 4, 6, 7],
    [1, 1, 6, 7],
  ],
};

const JAZZ_PROGRESSIONS: ProgressionPool = {
  major: [
    [2, 5, 1, 1],
    [1, 6, 2, 5],
    [1, 1, 2, 5],
    [1, 4, 2, 5],
  ],
  minor: [
    [2, 5, 1, 1],
    [1, 4, 2, 5],
    [1, 6, 2, 5],
    [1, 4, 7, 3],
  ],
};

const SOUL_PROGRESSIONS: ProgressionPool = {
  major: [
    [1, 3, 4, 5],
    [2, 5, 1, 6],
    [4, 5, 1, 1],
    [1, 6, 2, 5],
  ],
  minor: [
    [1, 4, 7, 3],
    [1, 6, 4, 5],
    [4, 5, 1, 1],
    [1, 7, 6, 5],
  ],
};

const BLUES_PROGRESSIONS: ProgressionPool = {
  major: [
    [1, 1, 1, 1, 4, 4, 1, 1, 5, 4, 1, 5],
    [1, 4, 1, 1, 4, 4, 1, 1, 5, 4, 1, 5],
  ],
  minor: [
    [1, 1, 1, 1, 4, 4, 1, 1, 6, 5, 1, 5],
    [1, 4, 1, 1, 4, 4, 1, 1, 6, 5, 1, 1],
  ],
};

const MODAL_PROGRESSIONS: ProgressionPool = {
  major: [
    [1, 4, 1, 5],
    [1, 2, 4, 1],
    [1, 6, 4, 1],
  ],
  minor: [
    [1, 4, 1, 4],
    [1, 7, 1, 7],
    [1, 6, 4, 1],
  ],
};

const CLASSICAL_PROGRESSIONS: ProgressionPool = {
  major: [
    [1, 4, 5, 1],
    [1, 6, 4, 1],
    [1, 5, 6, 3, 4, 1, 4, 1],
    [1, 4, 2, 5],
  ],
  minor: [
    [1, 4, 5, 1],
    [1, 6, 4, 5],
    [1, 7, 6, 5],
    [1, 4, 7, 3, 6, 2, 5, 1],
  ],
};

const BAND_PALETTE: Record<TrackRole, InstrumentId[]> = {
  lead: ['synth-lead', 'electric-guitar'],
  chords: ['piano', 'electric-guitar'],
  bass: ['finger-bass'],
  pad: ['strings', 'synth-pad'],
  arp: ['synth-pluck', 'bell'],
  counter: ['strings', 'brass'],
};

const CLUB_PALETTE: Record<TrackRole, InstrumentId[]> = {
  lead: ['synth-lead', 'synth-pluck'],
  chords: ['supersaw'],
  bass: ['synth-bass'],
  pad: ['synth-pad', 'strings'],
  arp: ['synth-pluck', 'bell'],
  counter: ['synth-lead', 'choir'],
};

export const GENRES: GenreProfile[] = [
  {
    id: 'pop',
    label: 'Pop',
    synonyms: ['pop', 'pop music', 'catchy', 'mainstream', 'dance pop', 'indie pop', 'k-pop', 'kpop'],
    tempo: { min: 90, max: 130, typical: 112 },
    swing: 0,
    swingUnit: 16,
    beatsPerBar: 4,
    drums: { kit: 'electronic', grooves: ['pop', 'rnb'], gainDb: -3 },
    bass: 'root',
    comp: 'block',
    harmony: { colours: ['triad', 'sus'], progressions: POP_PROGRESSIONS, barsPerChord: 1, majorDominant: false },
    palette: { ...BAND_PALETTE, chords: ['piano', 'synth-pluck'], lead: ['synth-lead', 'piano'] },
    form: 'song',
    mix: { reverb: 0.3, compression: 0.5, sidechain: false, lofi: 0, delayBeats: 0.75 },
    majorBias: 0.7,
    density: 0.6,
    brightness: 0.65,
    moods: ['happy', 'romantic', 'energetic'],
  },
  {
    id: 'rock',
    label: 'Rock',
    synonyms: ['rock', 'rock and roll', 'rock n roll', 'alt rock', 'alternative', 'indie rock', 'punk', 'grunge', 'garage rock'],
    tempo: { min: 100, max: 160, typical: 126 },
    swing: 0,
    swingUnit: 8,
    beatsPerBar: 4,
    drums: { kit: 'rock', grooves: ['rock', 'pop'], gainDb: -2 },
    bass: 'eighths',
    comp: 'power',
    harmony: { colours: ['triad'], progressions: ROCK_PROGRESSIONS, barsPerChord: 1, majorDominant: false },
    palette: {
      lead: ['electric-guitar', 'synth-lead'],
      chords: ['distorted-guitar', 'electric-guitar'],
      bass: ['finger-bass'],
      pad: ['organ', 'strings'],
      arp: ['piano', 'synth-pluck'],
      counter: ['electric-guitar', 'organ'],
    },
    form: 'song',
    mix: { reverb: 0.25, compression: 0.6, sidechain: false, lofi: 0, delayBeats: 0.5 },
    majorBias: 0.55,
    density: 0.75,
    brightness: 0.7,
    moods: ['energetic', 'aggressive', 'epic'],
  },
  {
    id: 'hip-hop',
    label: 'Hip-Hop',
    synonyms: ['hip-hop', 'hip hop', 'hiphop', 'rap', 'boom bap', 'boombap'],
    tempo: { min: 80, max: 100, typical: 90 },
    swing: 0.12,
    swingUnit: 16,
    beatsPerBar: 4,
    drums: { kit: 'acoustic', grooves: ['boomBap'], gainDb: -1 },
    bass: 'root',
    comp: 'block',
    harmony: { colours: ['seventh', 'triad'], progressions: SOUL_PROGRESSIONS, barsPerChord: 1, majorDominant: false },
    palette: {
      lead: ['epiano', 'flute'],
      chords: ['piano', 'epiano'],
      bass: ['finger-bass', 'synth-bass'],
      pad: ['strings', 'synth-pad'],
      arp: ['bell', 'synth-pluck'],
      counter: ['brass', 'strings'],
    },
    form: 'song',
    mix: { reverb: 0.2, compression: 0.6, sidechain: false, lofi: 0.15, delayBeats: 0.5 },
    majorBias: 0.35,
    density: 0.55,
    brightness: 0.5,
    moods: ['nostalgic', 'dark', 'chill'],
  },
  {
    id: 'trap',
    label: 'Trap',
    synonyms: ['trap', 'drill', 'trap beat'],
    tempo: { min: 130, max: 160, typical: 140 },
    swing: 0,
    swingUnit: 16,
    beatsPerBar: 4,
    drums: { kit: '808', grooves: ['trap'], gainDb: -1 },
    bass: 'glide-808',
    comp: 'block',
    harmony: { colours: ['triad'], progressions: DANCE_PROGRESSIONS, barsPerChord: 2, majorDominant: false },
    palette: {
      lead: ['bell', 'synth-lead'],
      chords: ['synth-pad', 'piano'],
      bass: ['bass-808'],
      pad: ['choir', 'synth-pad'],
      arp: ['bell', 'synth-pluck'],
      counter: ['flute', 'strings'],
    },
    form: 'song',
    mix: { reverb: 0.25, compression: 0.7, sidechain: false, lofi: 0, delayBeats: 0.75 },
    majorBias: 0.15,
    density: 0.6,
    brightness: 0.45,
    moods: ['dark', 'aggressive', 'mysterious'],
  },
  {
    id: 'electronic',
    label: 'Electronic',
    synonyms: ['electronic', 'edm', 'electronica', 'electro', 'dance', 'trance', 'dubstep', 'future bass', 'club'],
    tempo: { min: 118, max: 140, typical: 128 },
    swing: 0,
    swingUnit: 16,
    beatsPerBar: 4,
    drums: { kit: 'electronic', grooves: ['fourOnFloor', 'synthwave'], gainDb: -2 },
    bass: 'offbeat',
    comp: 'stabs',
    harmony: { colours: ['triad', 'sus'], progressions: DANCE_PROGRESSIONS, barsPerChord: 1, majorDominant: false },
    palette: CLUB_PALETTE,
    form: 'dance',
    mix: { reverb: 0.35, compression: 0.7, sidechain: true, lofi: 0, delayBeats: 0.75 },
    majorBias: 0.45,
    density: 0.75,
    brightness: 0.75,
    moods: ['energetic', 'epic', 'happy'],
  },
  {
    id: 'house',
    label: 'House',
    synonyms: ['house', 'deep house', 'tech house', 'disco house', 'garage'],
    tempo: { min: 118, max: 128, typical: 124 },
    swing: 0.05,
    swingUnit: 16,
    beatsPerBar: 4,
    drums: { kit: '909', grooves: ['fourOnFloor'], gainDb: -2, alternative: { kit: '707', grooves: ['jack', 'fourOnFloor'] } },
    bass: 'offbeat',
    comp: 'stabs',
    harmony: { colours: ['seventh', 'ninth'], progressions: SOUL_PROGRESSIONS, barsPerChord: 1, majorDominant: false },
    palette: { ...CLUB_PALETTE, chords: ['epiano', 'organ'], lead: ['synth-pluck', 'piano'] },
    form: 'dance',
    mix: { reverb: 0.3, compression: 0.65, sidechain: true, lofi: 0, delayBeats: 0.75 },
    majorBias: 0.5,
    density: 0.7,
    brightness: 0.65,
    moods: ['happy', 'energetic', 'chill'],
  },
  {
    id: 'techno',
    label: 'Techno',
    synonyms: ['techno', 'minimal techno', 'industrial', 'rave'],
    tempo: { min: 124, max: 140, typical: 130 },
    swing: 0,
    swingUnit: 16,
    beatsPerBar: 4,
    drums: { kit: '909', grooves: ['techno', 'fourOnFloor'], gainDb: -1 },
    bass: 'rolling',
    comp: 'stabs',
    harmony: { colours: ['triad', 'sus'], progressions: MODAL_PROGRESSIONS, barsPerChord: 2, majorDominant: false },
    palette: { ...CLUB_PALETTE, chords: ['synth-pluck', 'synth-pad'], lead: ['synth-pluck', 'synth-lead'] },
    form: 'dance',
    mix: { reverb: 0.3, compression: 0.7, sidechain: true, lofi: 0, delayBeats: 0.75 },
    majorBias: 0.2,
    density: 0.7,
    brightness: 0.55,
    moods: ['dark', 'energetic', 'mysterious'],
  },
  {
    id: 'drum-and-bass',
    label: 'Drum & Bass',
    synonyms: ['drum-and-bass', 'drum and bass', 'drum & bass', 'drum n bass', "drum 'n' bass", 'dnb', 'd&b', 'jungle', 'liquid'],
    tempo: { min: 165, max: 178, typical: 174 },
    swing: 0,
    swingUnit: 16,
    beatsPerBar: 4,
    drums: { kit: 'break', grooves: ['breakbeat'], gainDb: -1 },
    bass: 'rolling',
    comp: 'block',
    harmony: { colours: ['seventh', 'ninth'], progressions: DANCE_PROGRESSIONS, barsPerChord: 2, majorDominant: false },
    palette: { ...CLUB_PALETTE, bass: ['sub-bass', 'synth-bass'], chords: ['synth-pad', 'epiano'] },
    form: 'dance',
    mix: { reverb: 0.35, compression: 0.7, sidechain: true, lofi: 0, delayBeats: 0.75 },
    majorBias: 0.3,
    density: 0.8,
    brightness: 0.6,
    moods: ['energetic', 'dark', 'dreamy'],
  },
  {
    id: 'lo-fi',
    label: 'Lo-fi',
    synonyms: ['lo-fi', 'lofi', 'lo fi', 'lofi hip hop', 'lo-fi hip hop', 'chillhop', 'study beats', 'beats to study'],
    tempo: { min: 70, max: 90, typical: 80 },
    swing: 0.18,
    swingUnit: 16,
    beatsPerBar: 4,
    drums: { kit: 'acoustic', grooves: ['lofi', 'rnb'], gainDb: -4 },
    bass: 'root',
    comp: 'block',
    harmony: { colours: ['seventh', 'ninth'], progressions: JAZZ_PROGRESSIONS, barsPerChord: 1, majorDominant: false },
    palette: {
      lead: ['epiano', 'piano'],
      chords: ['epiano', 'piano'],
      bass: ['finger-bass', 'upright-bass'],
      pad: ['synth-pad', 'strings'],
      arp: ['bell', 'harp'],
      counter: ['saxophone', 'flute'],
    },
    form: 'loop',
    mix: { reverb: 0.35, compression: 0.45, sidechain: false, lofi: 0.7, delayBeats: 0.75 },
    majorBias: 0.4,
    density: 0.4,
    brightness: 0.35,
    moods: ['chill', 'nostalgic', 'dreamy'],
  },
  {
    id: 'jazz',
    label: 'Jazz',
    synonyms: ['jazz', 'jazzy', 'swing', 'bebop', 'smooth jazz', 'bossa nova', 'bossa'],
    tempo: { min: 90, max: 180, typical: 120 },
    swing: 0.28,
    swingUnit: 8,
    beatsPerBar: 4,
    drums: { kit: 'brush', grooves: ['jazz'], gainDb: -6 },
    bass: 'walking',
    comp: 'jazz-comp',
    harmony: { colours: ['seventh', 'ninth'], progressions: JAZZ_PROGRESSIONS, barsPerChord: 1, majorDominant: true },
    palette: {
      lead: ['saxophone', 'piano'],
      chords: ['piano'],
      bass: ['upright-bass'],
      pad: ['strings', 'organ'],
      arp: ['piano', 'harp'],
      counter: ['brass', 'flute'],
    },
    form: 'loop',
    mix: { reverb: 0.3, compression: 0.3, sidechain: false, lofi: 0.05, delayBeats: 0 },
    majorBias: 0.55,
    density: 0.55,
    brightness: 0.5,
    moods: ['romantic', 'chill', 'nostalgic'],
  },
  {
    id: 'blues',
    label: 'Blues',
    synonyms: ['blues', 'bluesy', 'delta blues', 'blues rock'],
    tempo: { min: 70, max: 130, typical: 96 },
    swing: 1 / 3,
    swingUnit: 8,
    beatsPerBar: 4,
    drums: { kit: 'acoustic', grooves: ['shuffle'], gainDb: -4 },
    bass: 'walking',
    comp: 'strum',
    harmony: { colours: ['dominant'], progressions: BLUES_PROGRESSIONS, barsPerChord: 1, majorDominant: true },
    palette: {
      lead: ['electric-guitar', 'saxophone'],
      chords: ['electric-guitar', 'piano'],
      bass: ['finger-bass', 'upright-bass'],
      pad: ['organ', 'strings'],
      arp: ['piano', 'electric-guitar'],
      counter: ['brass', 'organ'],
    },
    form: 'loop',
    mix: { reverb: 0.3, compression: 0.4, sidechain: false, lofi: 0.1, delayBeats: 0 },
    majorBias: 0.6,
    density: 0.55,
    brightness: 0.5,
    moods: ['sad', 'nostalgic', 'romantic'],
  },
  {
    id: 'funk',
    label: 'Funk',
    synonyms: ['funk', 'funky', 'disco', 'groove'],
    tempo: { min: 96, max: 120, typical: 108 },
    swing: 0.06,
    swingUnit: 16,
    beatsPerBar: 4,
    drums: { kit: 'funk', grooves: ['funk'], gainDb: -2 },
    bass: 'funk',
    comp: 'skank',
    harmony: { colours: ['seventh', 'ninth'], progressions: MODAL_PROGRESSIONS, barsPerChord: 2, majorDominant: false },
    palette: {
      lead: ['brass', 'synth-lead'],
      chords: ['electric-guitar', 'clavinet'],
      bass: ['finger-bass', 'synth-bass'],
      pad: ['organ', 'strings'],
      arp: ['synth-pluck', 'electric-guitar'],
      counter: ['brass', 'saxophone'],
    },
    form: 'song',
    mix: { reverb: 0.2, compression: 0.55, sidechain: false, lofi: 0, delayBeats: 0 },
    majorBias: 0.5,
    density: 0.75,
    brightness: 0.7,
    moods: ['happy', 'energetic', 'romantic'],
  },
  {
    id: 'r-and-b',
    label: 'R&B',
    synonyms: ['r-and-b', 'r&b', 'rnb', 'r and b', 'rhythm and blues', 'soul', 'neo soul', 'neo-soul', 'motown'],
    tempo: { min: 68, max: 100, typical: 84 },
    swing: 0.1,
    swingUnit: 16,
    beatsPerBar: 4,
    drums: { kit: '808', grooves: ['rnb'], gainDb: -3 },
    bass: 'root',
    comp: 'block',
    harmony: { colours: ['seventh', 'ninth'], progressions: SOUL_PROGRESSIONS, barsPerChord: 1, majorDominant: true },
    palette: {
      lead: ['epiano', 'synth-lead'],
      chords: ['epiano', 'piano'],
      bass: ['synth-bass', 'finger-bass'],
      pad: ['strings', 'synth-pad'],
      arp: ['bell', 'harp'],
      counter: ['strings', 'saxophone'],
    },
    form: 'song',
    mix: { reverb: 0.3, compression: 0.5, sidechain: false, lofi: 0.05, delayBeats: 0.75 },
    majorBias: 0.45,
    density: 0.5,
    brightness: 0.5,
    moods: ['romantic', 'chill', 'sad'],
  },
  {
    id: 'reggae',
    label: 'Reggae',
    synonyms: ['reggae', 'dub', 'ska', 'dancehall', 'roots reggae'],
    tempo: { min: 68, max: 90, typical: 76 },
    swing: 0.12,
    swingUnit: 16,
    beatsPerBar: 4,
    drums: { kit: 'reggae', grooves: ['oneDrop'], gainDb: -3 },
    bass: 'reggae',
    comp: 'skank',
    organBubble: true,
    harmony: { colours: ['triad'], progressions: ROCK_PROGRESSIONS, barsPerChord: 1, majorDominant: false },
    palette: {
      lead: ['organ', 'brass'],
      chords: ['electric-guitar'],
      bass: ['finger-bass'],
      pad: ['organ', 'strings'],
      arp: ['piano', 'synth-pluck'],
      counter: ['brass', 'flute'],
    },
    form: 'song',
    mix: { reverb: 0.35, compression: 0.45, sidechain: false, lofi: 0.05, delayBeats: 0.75 },
    majorBias: 0.65,
    density: 0.5,
    brightness: 0.55,
    moods: ['happy', 'chill', 'peaceful'],
  },
  {
    id: 'country',
    label: 'Country',
    synonyms: ['country', 'folk', 'americana', 'bluegrass', 'western', 'singer-songwriter'],
    tempo: { min: 80, max: 130, typical: 104 },
    swing: 0.04,
    swingUnit: 8,
    beatsPerBar: 4,
    drums: { kit: 'country', grooves: ['train', 'rock'], gainDb: -4 },
    bass: 'root-fifth',
    comp: 'strum',
    harmony: { colours: ['triad', 'sus'], progressions: ROCK_PROGRESSIONS, barsPerChord: 1, majorDominant: false },
    palette: {
      lead: ['acoustic-guitar', 'flute'],
      chords: ['steel-guitar'],
      bass: ['upright-bass', 'finger-bass'],
      pad: ['strings', 'organ'],
      arp: ['harp', 'acoustic-guitar'],
      counter: ['strings', 'electric-guitar'],
    },
    form: 'song',
    mix: { reverb: 0.25, compression: 0.4, sidechain: false, lofi: 0, delayBeats: 0 },
    majorBias: 0.75,
    density: 0.5,
    brightness: 0.6,
    moods: ['nostalgic', 'happy', 'sad'],
  },
  {
    id: 'metal',
    label: 'Metal',
    synonyms: ['metal', 'heavy metal', 'metalcore', 'thrash', 'hard rock', 'doom'],
    tempo: { min: 100, max: 160, typical: 140 },
    swing: 0,
    swingUnit: 8,
    beatsPerBar: 4,
    drums: { kit: 'rock', grooves: ['metal', 'rock'], gainDb: -1 },
    bass: 'eighths',
    comp: 'power',
    harmony: { colours: ['triad'], progressions: ROCK_PROGRESSIONS, barsPerChord: 1, majorDominant: false },
    palette: {
      lead: ['distorted-guitar', 'synth-lead'],
      chords: ['distorted-guitar'],
      bass: ['finger-bass', 'synth-bass'],
      pad: ['choir', 'strings'],
      arp: ['electric-guitar', 'synth-pluck'],
      counter: ['electric-guitar', 'strings'],
    },
    form: 'song',
    mix: { reverb: 0.2, compression: 0.75, sidechain: false, lofi: 0, delayBeats: 0 },
    majorBias: 0.1,
    density: 0.9,
    brightness: 0.7,
    moods: ['aggressive', 'dark', 'epic'],
  },
  {
    id: 'classical',
    label: 'Classical',
    synonyms: ['classical', 'orchestral', 'cinematic', 'film score', 'soundtrack', 'symphonic', 'baroque'],
    tempo: { min: 68, max: 132, typical: 88 },
    swing: 0,
    swingUnit: 8,
    beatsPerBar: 4,
    drums: { kit: 'acoustic', grooves: ['cinematic'], gainDb: -6 },
    bass: 'sustain',
    comp: 'arpeggio',
    harmony: { colours: ['triad'], progressions: CLASSICAL_PROGRESSIONS, barsPerChord: 1, majorDominant: true },
    palette: {
      lead: ['strings', 'flute'],
      chords: ['piano', 'harp'],
      bass: ['upright-bass'],
      pad: ['strings', 'choir'],
      arp: ['harp', 'piano'],
      counter: ['brass', 'flute'],
    },
    form: 'through',
    mix: { reverb: 0.5, compression: 0.2, sidechain: false, lofi: 0, delayBeats: 0 },
    majorBias: 0.5,
    density: 0.45,
    brightness: 0.5,
    moods: ['epic', 'peaceful', 'romantic'],
  },
  {
    id: 'ambient',
    label: 'Ambient',
    synonyms: ['ambient', 'drone', 'meditation', 'new age', 'soundscape', 'atmospheric', 'sleep music'],
    tempo: { min: 70, max: 92, typical: 80 },
    swing: 0,
    swingUnit: 16,
    beatsPerBar: 4,
    drums: { kit: 'electronic', grooves: ['ambient'], gainDb: -8 },
    bass: 'sustain',
    comp: 'block',
    harmony: { colours: ['sus', 'seventh'], progressions: MODAL_PROGRESSIONS, barsPerChord: 2, majorDominant: false },
    palette: {
      lead: ['bell', 'flute'],
      chords: ['synth-pad', 'epiano'],
      bass: ['sub-bass'],
      pad: ['synth-pad', 'choir'],
      arp: ['bell', 'harp'],
      counter: ['strings', 'choir'],
    },
    form: 'through',
    mix: { reverb: 0.7, compression: 0.2, sidechain: false, lofi: 0.1, delayBeats: 0.75 },
    majorBias: 0.6,
    density: 0.25,
    brightness: 0.4,
    moods: ['peaceful', 'dreamy', 'mysterious'],
  },
  {
    id: 'synthwave',
    label: 'Synthwave',
    synonyms: ['synthwave', 'retrowave', 'outrun', 'vaporwave', '80s', 'eighties', 'retro'],
    tempo: { min: 84, max: 118, typical: 100 },
    swing: 0,
    swingUnit: 16,
    beatsPerBar: 4,
    drums: { kit: '707', grooves: ['eighties', 'synthwave'], gainDb: -2 },
    bass: 'eighths',
    comp: 'pulse',
    harmony: { colours: ['triad', 'seventh'], progressions: DANCE_PROGRESSIONS, barsPerChord: 1, majorDominant: false },
    palette: { ...CLUB_PALETTE, chords: ['synth-pad', 'supersaw'], lead: ['synth-lead', 'saxophone'] },
    form: 'song',
    mix: { reverb: 0.45, compression: 0.55, sidechain: false, lofi: 0.1, delayBeats: 0.75 },
    majorBias: 0.35,
    density: 0.65,
    brightness: 0.6,
    moods: ['nostalgic', 'dreamy', 'energetic'],
  },
];

export const MOODS: MoodProfile[] = [
  {
    id: 'happy',
    label: 'Happy',
    synonyms: ['happy', 'joyful', 'cheerful', 'uplifting', 'bright', 'sunny', 'feel good', 'feel-good', 'fun', 'playful', 'positive'],
    majorWeight: 0.9,
    modalColours: ['mixolydian'],
    tempoShift: 6,
    brightness: 0.8,
    density: 0.65,
    curve: 'arc',
    harmonicPace: 1,
    genres: ['pop', 'funk', 'house', 'reggae'],
  },
  {
    id: 'sad',
    label: 'Sad',
    synonyms: ['sad', 'melancholic', 'melancholy', 'heartbroken', 'heartbreak', 'lonely', 'sorrowful', 'blue', 'tearful', 'gloomy'],
    majorWeight: 0,
    modalColours: ['dorian'],
    tempoShift: -10,
    brightness: 0.3,
    density: 0.35,
    curve: 'arc',
    harmonicPace: 1,
    genres: ['r-and-b', 'classical', 'lo-fi', 'country'],
  },
  {
    id: 'energetic',
    label: 'Energetic',
    synonyms: ['energetic', 'upbeat', 'hype', 'high energy', 'high-energy', 'pumping', 'party', 'driving', 'powerful', 'intense', 'workout', 'exciting'],
    majorWeight: 0.6,
    modalColours: [],
    tempoShift: 12,
    brightness: 0.85,
    density: 1,
    curve: 'build',
    harmonicPace: 1,
    genres: ['electronic', 'rock', 'drum-and-bass', 'house'],
  },
  {
    id: 'chill',
    label: 'Chill',
    synonyms: ['chill', 'chillout', 'chill out', 'laid back', 'laid-back', 'relaxed', 'relaxing', 'mellow', 'easy', 'smooth', 'cozy', 'cosy'],
    majorWeight: 0.5,
    modalColours: ['dorian'],
    tempoShift: -6,
    brightness: 0.4,
    density: 0.4,
    curve: 'flat',
    harmonicPace: 1,
    genres: ['lo-fi', 'r-and-b', 'jazz', 'house'],
  },
  {
    id: 'dark',
    label: 'Dark',
    synonyms: ['dark', 'sinister', 'ominous', 'menacing', 'brooding', 'haunting', 'gothic', 'eerie', 'grim'],
    majorWeight: 0,
    modalColours: ['phrygian'],
    tempoShift: -2,
    brightness: 0.25,
    density: 0.6,
    curve: 'build',
    harmonicPace: 1,
    genres: ['trap', 'techno', 'metal'],
  },
  {
    id: 'romantic',
    label: 'Romantic',
    synonyms: ['romantic', 'love', 'love song', 'sensual', 'tender', 'intimate', 'sweet', 'passionate'],
    majorWeight: 0.65,
    modalColours: [],
    tempoShift: -6,
    brightness: 0.55,
    density: 0.45,
    curve: 'arc',
    harmonicPace: 1,
    genres: ['r-and-b', 'jazz', 'pop'],
  },
  {
    id: 'epic',
    label: 'Epic',
    synonyms: ['epic', 'heroic', 'triumphant', 'anthemic', 'anthem', 'grand', 'majestic', 'soaring', 'victorious'],
    majorWeight: 0.45,
    modalColours: [],
    tempoShift: 4,
    brightness: 0.7,
    density: 0.85,
    curve: 'build',
    harmonicPace: 1,
    genres: ['classical', 'electronic', 'rock'],
  },
  {
    id: 'dreamy',
    label: 'Dreamy',
    synonyms: ['dreamy', 'ethereal', 'floating', 'hazy', 'dreamlike', 'shoegaze', 'celestial', 'spacey', 'airy'],
    majorWeight: 0.6,
    modalColours: ['dorian'],
    tempoShift: -8,
    brightness: 0.5,
    density: 0.35,
    curve: 'wave',
    harmonicPace: 2,
    genres: ['ambient', 'synthwave', 'lo-fi'],
  },
  {
    id: 'aggressive',
    label: 'Aggressive',
    synonyms: ['aggressive', 'angry', 'fierce', 'furious', 'hard', 'heavy', 'brutal', 'rage', 'savage'],
    majorWeight: 0,
    modalColours: ['phrygian'],
    tempoShift: 12,
    brightness: 0.75,
    density: 0.95,
    curve: 'build',
    harmonicPace: 1,
    genres: ['metal', 'trap', 'drum-and-bass'],
  },
  {
    id: 'peaceful',
    label: 'Peaceful',
    synonyms: ['peaceful', 'calm', 'serene', 'tranquil', 'gentle', 'soothing', 'quiet', 'soft', 'meditative'],
    majorWeight: 0.75,
    modalColours: [],
    tempoShift: -14,
    brightness: 0.25,
    density: 0,
    curve: 'flat',
    harmonicPace: 2,
    genres: ['ambient', 'classical', 'lo-fi'],
  },
  {
    id: 'nostalgic',
    label: 'Nostalgic',
    synonyms: ['nostalgic', 'nostalgia', 'wistful', 'bittersweet', 'memories', 'vintage', 'throwback', 'reminiscent'],
    majorWeight: 0.45,
    modalColours: ['mixolydian', 'dorian'],
    tempoShift: -4,
    brightness: 0.45,
    density: 0.45,
    curve: 'arc',
    harmonicPace: 1,
    genres: ['synthwave', 'lo-fi', 'country'],
  },
  {
    id: 'mysterious',
    label: 'Mysterious',
    synonyms: ['mysterious', 'mystery', 'mystical', 'enigmatic', 'suspenseful', 'cryptic', 'spooky', 'curious', 'magical'],
    majorWeight: 0,
    modalColours: ['dorian', 'phrygian'],
    tempoShift: -4,
    brightness: 0.35,
    density: 0.4,
    curve: 'wave',
    harmonicPace: 1,
    genres: ['ambient', 'techno', 'classical'],
  },
];

/** Lower-cases and folds separators so "Drum & Bass", "drum-and-bass" and "drum and bass" compare equal. */
export function normaliseName(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[_\s]+/g, ' ')
    .trim();
}

function findByName<T extends { id: string; label: string; synonyms: string[] }>(items: T[], name: string): T | undefined {
  const wanted = normaliseName(name);
  if (!wanted) return undefined;
  return (
    items.find((item) => item.id === wanted || normaliseName(item.label) === wanted) ??
    items.find((item) => item.synonyms.some((synonym) => normaliseName(synonym) === wanted))
  );
}

/** The genre with this id, label or synonym ("lofi", "Drum & Bass", "rap"...). */
export function findGenre(idOrSynonym: string): GenreProfile | undefined {
  return findByName(GENRES, idOrSynonym);
}

/** The mood with this id, label or synonym ("calm" -> peaceful, "chillout" -> chill...). */
export function findMood(idOrSynonym: string): MoodProfile | undefined {
  return findByName(MOODS, idOrSynonym);
}

export function genreById(id: string): GenreProfile {
  const genre = GENRES.find((candidate) => candidate.id === id);
  if (!genre) throw new RangeError(`No genre profile "${id}"`);
  return genre;
}

export function moodById(id: string): MoodProfile {
  const mood = MOODS.find((candidate) => candidate.id === id);
  if (!mood) throw new RangeError(`No mood profile "${id}"`);
  return mood;
}
