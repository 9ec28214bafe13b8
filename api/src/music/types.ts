/**
 * The music engine's contract. Everything here is plain data (JSON-serialisable except audio
 * buffers), so every pipeline step's output can be stored and a failed generation resumed from
 * the step that failed.
 *
 * Pipeline: plan -> lyrics -> compose -> render -> master -> encode (+ analyse) -> art.
 */

/** What the user asked for. */
export interface SongRequest {
  prompt: string;
  title?: string | null;
  genres: string[];
  moods: string[];
  /** The user's own lyrics, used as given. Takes precedence over generateLyrics. */
  lyrics?: string | null;
  generateLyrics: boolean;
  generateAlbumArt: boolean;
  /** 30..480, default 180. */
  durationSeconds: number;
  /** Same request + seed => byte-identical output. Chosen by the caller when absent. */
  seed?: number | null;
  /** Generate the song as this AI Artist: its voice, palette, tempo range, and genres and moods when the request names none. */
  artist?: ArtistStyle | null;
  /** No vocals and no lyrics (the prompt's "no vocals" or "instrumental" does the same). */
  instrumental?: boolean | null;
  /** What the song must leave out, as words: "drums, distortion" (the prompt's "no drums" counts too). */
  exclude?: string | null;
  /** Made from another song of the engine (its stored request): continued, covered or given new words (derive/). */
  source?: SongSource | null;
}

/**
 * The song a request derives from. `extend`: the source up to `fromSeconds` (null: its end, before
 * its outro) and a continuation of `durationSeconds` (the request's own length); `cover`: the
 * source's melody and words in the request's genres and moods; `relyric`: the source's band and
 * melody, the request's `lyrics` sung on it.
 */
export type SongSource =
  | { kind: 'extend'; request: SongRequest; fromSeconds: number | null }
  | { kind: 'cover'; request: SongRequest }
  | { kind: 'relyric'; request: SongRequest };

/** How a derived song is built from its source's request (the plan keeps it, so compose can rebuild the source). */
export type SongDerivation =
  | {
      kind: 'extend';
      source: SongRequest;
      /** Bars of the source kept (whole bars, before its outro at most). */
      keptBars: number;
      /** Bars the continuation adds after them. */
      addedBars: number;
      /** Seed of the continuation's own written words (the music keeps the source's seed and motifs); null: it sings the source's words again. */
      lyricsSeed: number | null;
    }
  | { kind: 'cover'; source: SongRequest }
  /** The source's composition with its lead vocal singing the plan's userLyrics on the source's sung notes. */
  | { kind: 'relyric'; source: SongRequest };

/** How an AI Artist's voice sounds on top of its voice type. */
export interface VoiceTimbre {
  /** -1 (darker, longer tract) .. 1 (brighter, shorter tract). */
  brightness: number;
  /** 0 (pressed, clear) .. 1 (airy). */
  breathiness: number;
  /** 0 (straight tone) .. 1 (wide vibrato). */
  vibrato: number;
}

/** An AI Artist's sound as the engine reads it (api/src/artists keeps the persona). */
export interface ArtistStyle {
  name: string;
  /** Canonical genre and mood ids, used when the request names none. */
  genres: string[];
  moods: string[];
  voice: VoiceType;
  timbre: VoiceTimbre;
  /** Instruments the artist plays: each takes its most idiomatic role unless the prompt names one for it. */
  instruments: InstrumentId[];
  /** BPM range the artist's songs keep to (an explicit "90 bpm" in the prompt still wins). */
  tempoMin: number;
  tempoMax: number;
}

/** What a request can leave out: a part of the band, the voice, distortion, or one instrument. */
export type Exclusion = 'vocals' | 'drums' | 'bass' | 'distortion' | InstrumentId;

export type Mode = 'major' | 'minor' | 'dorian' | 'mixolydian' | 'phrygian' | 'lydian';

export interface Key {
  /** Pitch class name with sharps: C, C#, D, ... B. */
  tonic: string;
  mode: Mode;
}

/** The engine's understanding of a request; shown to the user before and after generating. */
export interface SongPlan {
  /** Canonical genre id (see GENRES), e.g. 'lo-fi'. */
  genre: string;
  /** All canonical genres recognised (first = primary). */
  genres: string[];
  /** Canonical mood id, e.g. 'chill'. */
  mood: string;
  moods: string[];
  bpm: number;
  key: Key;
  /** Instrument ids chosen for the arrangement (see InstrumentId). */
  instruments: InstrumentId[];
  /** Words and phrases from the prompt that lyrics and title draw on. */
  themes: string[];
  title: string;
  durationSeconds: number;
  seed: number;
  withLyrics: boolean;
  withCoverArt: boolean;
  /** The user's lyrics verbatim when given. */
  userLyrics: string | null;
  /** 0..1 knobs derived from genre + mood + the prompt's imagery. */
  brightness: number;
  density: number;
  /** What the prompt's imagery adds to the sound (plan/imagery.ts). */
  colour: SoundColour;
  /** e.g. "Understood: lo-fi · chill · 78 BPM · F minor · piano, rain" */
  summary: string;
  /** The AI Artist the song is generated as (its name). */
  artist?: string | null;
  /** The singing voice when the request fixes it (an artist's); else the engine picks one by genre and seed. */
  voice?: VoiceType | null;
  timbre?: VoiceTimbre | null;
  /** What the song leaves out ('vocals' for an instrumental). */
  excluded?: Exclusion[];
  /** A song built from another one: extended, covered or given new words. */
  derivation?: SongDerivation | null;
}

export interface SoundColour {
  /** The imagery phrases the prompt used, e.g. ['rain', 'neon']. */
  imagery: string[];
  /** -0.5..0.5 added to reverb and echo. */
  space: number;
  /** 0..0.5 noise texture (tape hiss, crackle) under the mix. */
  texture: number;
}

export type SectionKind = 'intro' | 'verse' | 'pre-chorus' | 'chorus' | 'bridge' | 'breakdown' | 'drop' | 'solo' | 'outro';

export interface Section {
  kind: SectionKind;
  /** e.g. 'Verse 1', 'Chorus 2'. */
  label: string;
  startBar: number;
  bars: number;
  /** Seconds. */
  start: number;
  end: number;
  /** 0..1, drives arrangement density and loudness. */
  energy: number;
}

export type InstrumentId =
  | 'piano'
  | 'epiano'
  | 'organ'
  | 'clavinet'
  | 'acoustic-guitar'
  | 'steel-guitar'
  | 'electric-guitar'
  | 'distorted-guitar'
  | 'harp'
  | 'strings'
  | 'brass'
  | 'saxophone'
  | 'flute'
  | 'bell'
  | 'synth-lead'
  | 'synth-pad'
  | 'synth-pluck'
  | 'supersaw'
  | 'choir'
  | 'finger-bass'
  | 'synth-bass'
  | 'sub-bass'
  | 'bass-808'
  | 'upright-bass';

export type TrackRole = 'lead' | 'chords' | 'pad' | 'bass' | 'arp' | 'counter';

export interface NoteEvent {
  /** Seconds from the start of the song (swing already applied). */
  start: number;
  /** Seconds. */
  duration: number;
  /** MIDI note number. */
  pitch: number;
  /** 0..1 */
  velocity: number;
  /** Index into Composition.lyricLines / syllable text this note carries (lead only). */
  syllable?: string;
}

export interface Track {
  id: string;
  role: TrackRole;
  instrument: InstrumentId;
  notes: NoteEvent[];
  /** Mix level in dB (0 = nominal). */
  gainDb: number;
  /** -1 (left) .. 1 (right). */
  pan: number;
  /** 0..1 */
  reverbSend: number;
  /** 0..1 */
  delaySend: number;
  /** Ducked by the kick (dance genres). */
  sidechain: boolean;
}

/**
 * acoustic: studio kit; brush: jazz brushes and ride; rock: big kit with room; funk: tight, dry,
 * high-tuned; 808: trap and R&B; 909: house and techno; 707: short, bright, grainy 80s machine;
 * electronic: pop and synth genres; break: sampled-break style for drum & bass; reggae: deep round
 * kick, high-tuned ringing snare and a woody cross-stick; country: the studio kit with a brushed snare.
 */
export type DrumKitId = 'acoustic' | 'brush' | 'rock' | 'funk' | '808' | '909' | '707' | 'electronic' | 'break' | 'reggae' | 'country';
export type DrumVoice =
  | 'kick'
  | 'snare'
  | 'clap'
  | 'rim'
  | 'closed-hat'
  | 'open-hat'
  | 'ride'
  | 'crash'
  | 'tom-high'
  | 'tom-mid'
  | 'tom-low'
  | 'shaker'
  | 'cowbell'
  | 'tambourine'
  /** Transition effects, played by the drum track: a noise sweep up into a drop, a reversed cymbal into a chorus, a boom on a drop's downbeat. */
  | 'riser'
  | 'reverse-cymbal'
  | 'impact';

export interface DrumHit {
  /** Seconds. */
  time: number;
  voice: DrumVoice;
  /** 0..1 */
  velocity: number;
}

export interface ChordEvent {
  start: number;
  end: number;
  /** e.g. 'Am7' */
  symbol: string;
  /** MIDI pitches of the voicing. */
  pitches: number[];
  /** Pitch class 0..11 of the root. */
  root: number;
}

export interface TimedLyricLine {
  /** Seconds. */
  start: number;
  end: number;
  text: string;
  /** Section label this line belongs to. */
  section: string;
}

export interface MixSettings {
  /** 0..1 global reverb amount. */
  reverb: number;
  /** 0..1 tone brightness (filter cut-offs). */
  brightness: number;
  /** Kick-driven ducking of tracks with sidechain=true. */
  sidechain: boolean;
  /** 0..1 bus compression amount. */
  compression: number;
  /** Tempo-synced delay time in seconds (0 = none). */
  delayTime: number;
  /** 0..1 tape/lo-fi colouring (noise, wow, low-pass). */
  lofi: number;
}

/** Timbre of the singing voice: a low (baritone) or high (alto/tenor) vocal tract. */
export type VoiceType = 'low' | 'high';

/** One phoneme of a sung syllable, in seconds from the start of the song. */
export interface TimedPhone {
  /** ARPAbet with stress digit on vowels, e.g. 'AY1', 'N'. */
  phone: string;
  start: number;
  end: number;
}

/** A melody note with the syllable it carries and that syllable's phonemes, timed so the vowel starts on the note. */
export interface SungNote extends NoteEvent {
  syllable: string;
  phones: TimedPhone[];
}

/** One lyric line as sung: its notes, breath before it. */
export interface SungPhrase {
  /** First consonant's start to the last phoneme's end (seconds). */
  start: number;
  end: number;
  text: string;
  /** Section label, e.g. 'Chorus 2'. */
  section: string;
  /** Sung with a double and a harmony a third above (choruses). */
  doubled: boolean;
  notes: SungNote[];
}

/**
 * One backing singer's vowels ("ooh", "aah") over part of a section without lead lyrics: long
 * notes on chord tones, one vowel phone per note.
 */
export interface BackingPhrase extends SungPhrase {
  /** -1 (left) .. 1 (right). */
  pan: number;
}

export interface VocalPart {
  voice: VoiceType;
  /** An AI Artist's timbre; absent: the voice type's own sound. */
  timbre?: VoiceTimbre | null;
  /** Mix level of the lead voice in dB. */
  gainDb: number;
  /** 0..1 */
  reverbSend: number;
  /** 0..1 */
  delaySend: number;
  /** How far the band ducks while the voice sings (dB, positive). */
  duckDb: number;
  phrases: SungPhrase[];
  /** Backing vowels in the sections the lead does not sing (absent: none). */
  backing?: BackingPhrase[];
}

export interface Composition {
  bpm: number;
  beatsPerBar: number;
  /** 0 (straight) .. 0.33 (hard swing) applied to off-beat 8ths/16ths. */
  swing: number;
  key: Key;
  /** Seconds, whole bars; render length (plus a short tail for reverb to ring out). */
  durationSeconds: number;
  totalBars: number;
  sections: Section[];
  chords: ChordEvent[];
  tracks: Track[];
  /**
   * `sidechainKicks`: kick times that drive the sidechain when the hits are not the song's own
   * (a stem without the drums still ducks where the song's kick plays: music/stems/).
   */
  drums: { kit: DrumKitId; hits: DrumHit[]; gainDb: number; sidechainKicks?: number[] };
  mix: MixSettings;
  lyricLines: TimedLyricLine[];
  /** The sung lead (absent or null for instrumentals). */
  vocals?: VocalPart | null;
}

export interface LyricLine {
  text: string;
  /** Syllables in order, e.g. ['mid', 'night', 'rain']. */
  syllables: string[];
  /** Rhyme group letter within its stanza, e.g. 'A'. */
  rhyme: string;
}

export interface LyricStanza {
  kind: 'verse' | 'chorus' | 'pre-chorus' | 'bridge' | 'intro' | 'outro';
  label: string;
  lines: LyricLine[];
}

/** Lyrics before they are timed to the melody. */
export interface LyricSheet {
  source: 'generated' | 'user';
  /** e.g. 'AABB', 'ABAB' for generated stanzas. */
  rhymeScheme: string;
  stanzas: LyricStanza[];
}

export interface StereoAudio {
  sampleRate: number;
  left: Float32Array;
  right: Float32Array;
}

export interface SilenceRange {
  start: number;
  end: number;
}

/** Stored with the song; the player's DJ features read it. */
export interface SongAnalysis {
  durationSeconds: number;
  bpm: number;
  /** First downbeat, seconds. */
  beatOffsetSeconds: number;
  key: string;
  integratedLufs: number;
  truePeakDbtp: number;
  /** Loudness-ish energy 0..1, one value per second. */
  energyCurve: number[];
  introEndSeconds: number;
  outroStartSeconds: number;
  silenceRanges: SilenceRange[];
  /** ~1000 peak values 0..1 for the waveform display. */
  waveformPeaks: number[];
}

export interface CoverArt {
  /** 1024x1024 PNG. */
  full: Uint8Array;
  /** 256x256 PNG. */
  thumbnail: Uint8Array;
  /** The SVG source (small; for debugging and crisp scaling). */
  svg: string;
}

export interface MasteredAudio {
  audio: StereoAudio;
  integratedLufs: number;
  truePeakDbtp: number;
  gainDb: number;
}

export interface GeneratedSong {
  plan: SongPlan;
  lyrics: LyricSheet | null;
  composition: Composition;
  mp3: Uint8Array;
  analysis: SongAnalysis;
  cover: CoverArt | null;
  /** LRC text ("[mm:ss.xx] line") when the song has lyrics. */
  lrc: string | null;
  /** Seconds spent per stage. */
  timings: Record<string, number>;
}

export type PipelineStage = 'plan' | 'lyrics' | 'compose' | 'render' | 'master' | 'encode' | 'art';

export interface ProgressEvent {
  stage: PipelineStage;
  /** 0..100 overall. */
  percentage: number;
}

export interface MasteringOptions {
  /** Integrated loudness to reach (LUFS); -14 unless an admin re-masters to another (AI enhancement). */
  targetLufs?: number;
  /**
   * Write the result into the input's buffers instead of new ones when they are shared memory
   * (saves a full copy of the song; for callers that do not need the unmastered mix afterwards).
   */
  inPlace?: boolean;
  /**
   * In place, the input's samples are changed only once this has settled: the mix is measured
   * meanwhile (a checkpoint of the unmastered mix being written from the same buffers).
   */
  changesAfter?: Promise<unknown>;
}

/**
 * A source of songs. The local engine is the default; a hosted model can implement the same
 * interface later. Steps are separate so a job runner can persist each step's output and resume.
 */
export interface MusicProvider {
  readonly id: string;
  /** Pure and fast: the plan the UI shows ("Understood: ..."). Throws MusicInputError on bad input. */
  plan(request: SongRequest): SongPlan;
  /** null when the song has no lyrics. */
  writeLyrics(plan: SongPlan): LyricSheet | null;
  compose(plan: SongPlan, lyrics: LyricSheet | null): Composition;
  render(composition: Composition): Promise<StereoAudio>;
  /** Runs on the engine's worker threads; audio outside shared memory is copied once. */
  master(audio: StereoAudio, options?: MasteringOptions): Promise<MasteredAudio>;
  encode(audio: StereoAudio): Promise<Uint8Array>;
  /**
   * Streaming encode: `onChunk` receives consecutive pieces of one playable MP3 as they are encoded;
   * resolves to the VBR header frame that goes in front of them in the stored file.
   */
  encodeStream(audio: StereoAudio, onChunk: (bytes: Uint8Array) => void): Promise<Uint8Array>;
  /** Measures on the engine's worker threads, like master. */
  analyse(mastered: MasteredAudio, composition: Composition): Promise<SongAnalysis>;
  paintCover(plan: SongPlan): Promise<CoverArt>;
  /** Readies what the first song would otherwise wait for or run slower on (off any request's path). */
  warmUp?(): Promise<void>;
  /** All steps in order. */
  generate(request: SongRequest, onProgress?: (event: ProgressEvent) => void): Promise<GeneratedSong>;
}

/** Bad input to the engine (unknown genre, duration out of range...). Message is user-facing. */
export class MusicInputError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'MusicInputError';
  }
}
