/**
 * The playback engine: the one module that owns the audio. It drives the two-deck AudioGraph,
 * keeps the player state in an external store (React reads it with useSyncExternalStore), talks
 * to the server only through the injected QueueBackend, and reports errors as notices (SPEC 8
 * titles) instead of showing UI.
 *
 * Standard mode plays the current song on the active deck and preloads the next song on the idle
 * deck, so advancing is a deck swap. Mixer mode uses the same decks for automatic crossfades
 * (crossfadeScheduler.ts, transitionPlan.ts, crossfadeRamp.ts) and silence elimination.
 *
 * Generation streams: a song still being generated plays from its stream
 * (GET /api/generations/:id/stream) as the encoder writes it. It is not in the server's queue yet,
 * so queue pushes leave it playing; it never crossfades or gets analysed. When the stored file is
 * there, the idle deck starts it at the stream's position under a short equal-power fade and the
 * decks swap (no gap, no restart); then playSong makes it the server's current song.
 */
import { AudioGraph, type Deck } from './audioGraph';
import { scheduleCrossfadeRamp, rampProgress, type ScheduledRamp } from './crossfadeRamp';
import { MIXER_POLL_MS, shouldStartCrossfade } from './crossfadeScheduler';
import { ExternalStore, type ReadableStore } from './externalStore';
import { DEFAULT_MIXER_SETTINGS, type MixerSettings } from './mixerSettings';
import {
  NoticeChannel,
  NotSignedInError,
  consoleLogger,
  isAutoplayBlocked,
  type NoticeListener,
  type PlayerErrorTitle,
  type PlayerLogger,
} from './notices';
import { audibleEnd, leadingSilenceSkip } from './silenceDetection';
import { SilenceSource, browserAudioDecoder, type AudioDecoder } from './silenceSource';
import { throttle, type Throttled } from './throttle';
import { loudnessTrimGain, planTransition, type TransitionPlan } from './transitionPlan';
import type { GenerationStreamRequest, PlayableSong, QueueBackend, QueueSnapshot, VoiceLink, VoiceLinkSource } from './types';

/** How often a finishing crossfade checks whether the audio clock has reached the ramp's end. */
const AUDIO_CLOCK_POLL_MS = 50;

/** The fade from a generation's stream to its stored file: short, equal power (tightness 2). */
export const STREAM_SWITCH_FADE_SECONDS = 0.25;
const STREAM_SWITCH_TIGHTNESS = 2;
/** How long the stored file may take to become playable before the switch gives up. */
export const STREAM_SWITCH_LOAD_TIMEOUT_MS = 15_000;
/** The stored file started this far from the stream is moved to the stream's time before the fade. */
export const STREAM_SWITCH_MAX_DRIFT_SECONDS = 0.05;

/** Where a generation request's audio is heard while it is encoded. */
export const generationStreamUrl = (requestId: string): string => `/api/generations/${encodeURIComponent(requestId)}/stream`;

export const DEFAULT_VOLUME = 0.8;
export const TIME_UPDATE_INTERVAL_MS = 250;
export const FORCE_QUEUE_REFRESH_EVENT = 'force-queue-refresh';
/** Slider steps of the player bar (SPEC 9). */
export const SEEK_STEP_SECONDS = 1;
export const VOLUME_STEP = 0.01;

export type PlayerMode = 'standard' | 'mixer';

export interface CrossfadeStatus {
  fromSongId: string;
  toSongId: string;
  /** 0..1, updated on the mixer poll. */
  progress: number;
}

export type RepeatMode = 'none' | 'one' | 'all';

/** The music's level under the DJ voice, and how fast it ducks and comes back (seconds). */
export const VOICE_DUCK_GAIN = 0.3;
export const VOICE_DUCK_SECONDS = 0.4;
export const VOICE_RELEASE_SECONDS = 0.8;

/** A DJ voice link being spoken over the outgoing song's outro. */
export interface VoiceStatus {
  fromSongId: string;
  toSongId: string;
  text: string;
}

/** The current song is a generation's stream: it is still being made. */
export interface GenerationStreamStatus {
  requestId: string;
  /** Seconds of audio that have arrived; seeking stays within them. */
  availableSeconds: number;
  /** The stream is over and the stored song not there yet. */
  ended: boolean;
}

export interface PlayerState {
  mode: PlayerMode;
  /** True while mixer mode is being entered or left ('Switching...'). */
  switchingMode: boolean;
  currentSong: PlayableSong | null;
  upcomingQueue: readonly PlayableSong[];
  playHistory: readonly PlayableSong[];
  radioGenre: string | null;
  isPlaying: boolean;
  isLoading: boolean;
  /** Error text of the last failure (SPEC 8 title), cleared when playback starts. */
  error: string | null;
  currentTime: number;
  duration: number;
  /** 0..1; 0 is muted. */
  volume: number;
  /** A queue request (next, previous, auto-advance, ...) is on its way to the server. */
  requestInFlight: boolean;
  crossfade: CrossfadeStatus | null;
  /** The DJ voice speaking now (mixer mode with a DJ set and the voice on). */
  voice: VoiceStatus | null;
  generationStream: GenerationStreamStatus | null;
}

/**
 * What to do with playback when a queue snapshot arrives:
 * - play: start playing the current song (resume it if it is the one already loaded);
 * - advance: play the current song if it is a different one (end of track);
 * - keep: a different song plays if something was playing; otherwise nothing changes;
 * - stay: load without playing.
 */
export type QueueIntent = 'play' | 'advance' | 'keep' | 'stay';

export interface PlayerEngineOptions {
  backend: QueueBackend;
  graph: AudioGraph;
  /** Decodes a song's audio for silence analysis when it has no stored analysis. */
  decodeAudio?: AudioDecoder;
  /** The DJ's spoken links between songs (asked only while the queue is a DJ set). */
  voiceLinks?: VoiceLinkSource;
  logger?: PlayerLogger;
}

interface CrossfadeRun {
  outgoing: Deck;
  incoming: Deck;
  ramp: ScheduledRamp | null;
  cancelled: boolean;
  abortWait: (() => void) | null;
}

class CrossfadeCancelled extends Error {
  constructor() {
    super('Crossfade cancelled');
  }
}

const MEDIA_EVENTS = ['timeupdate', 'progress', 'durationchange', 'loadedmetadata', 'playing', 'pause', 'waiting', 'canplay', 'ended', 'error'] as const;

/** The end of what has arrived of an element's audio. */
function arrivedUntil(element: { buffered: { length: number; end(index: number): number } }): number {
  const ranges = element.buffered;
  return ranges.length > 0 ? ranges.end(ranges.length - 1) : 0;
}

function initialState(): PlayerState {
  return {
    mode: 'standard',
    switchingMode: false,
    currentSong: null,
    upcomingQueue: [],
    playHistory: [],
    radioGenre: null,
    isPlaying: false,
    isLoading: false,
    error: null,
    currentTime: 0,
    duration: 0,
    volume: DEFAULT_VOLUME,
    requestInFlight: false,
    crossfade: null,
    voice: null,
    generationStream: null,
  };
}

/** The link for one transition: asked once, spoken once. */
interface VoicePair {
  from: string;
  to: string;
  /** undefined while asked; null when there is none (voice off). */
  link: VoiceLink | null | undefined;
  spoken: boolean;
}

export class PlayerEngine implements ReadableStore<PlayerState> {
  private readonly store = new ExternalStore<PlayerState>(initialState());
  private readonly notices = new NoticeChannel();
  private readonly backend: QueueBackend;
  private readonly graph: AudioGraph;
  private readonly logger: PlayerLogger;
  private readonly silence: SilenceSource;
  private readonly publishTime: Throttled;
  private readonly detachers = new Set<() => void>();
  private activeIndex = 0;
  private settings: MixerSettings = DEFAULT_MIXER_SETTINGS;
  private repeatMode: RepeatMode = 'none';
  private volumeBeforeMute: number | null = null;
  private mixerPoll: ReturnType<typeof setInterval> | null = null;
  private crossfadeRun: CrossfadeRun | null = null;
  private queueVersion = Number.NEGATIVE_INFINITY;
  private readonly voiceLinks: VoiceLinkSource | null;
  private djActive = false;
  private voicePair: VoicePair | null = null;

  constructor(options: PlayerEngineOptions) {
    this.backend = options.backend;
    this.graph = options.graph;
    this.logger = options.logger ?? consoleLogger;
    this.voiceLinks = options.voiceLinks ?? null;
    this.silence = new SilenceSource(options.decodeAudio ?? browserAudioDecoder(this.graph.context), (songId, error) =>
      this.logger.warn(`Silence analysis failed for song ${songId}`, error),
    );
    this.publishTime = throttle(() => this.syncTime(), TIME_UPDATE_INTERVAL_MS);
    this.graph.setMasterVolume(DEFAULT_VOLUME);
    for (const deck of this.graph.decks) this.listenToDeck(deck);
  }

  readonly getSnapshot = (): PlayerState => this.store.getSnapshot();
  readonly subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  onNotice(listener: NoticeListener): () => void {
    return this.notices.subscribe(listener);
  }

  private get state(): PlayerState {
    return this.store.getSnapshot();
  }

  private get active(): Deck {
    return this.graph.decks[this.activeIndex];
  }

  private get idle(): Deck {
    return this.graph.decks[1 - this.activeIndex];
  }

  // ---- queue ---------------------------------------------------------------------------------

  /**
   * Takes a queue snapshot (query answer, mutation answer or `queueChanged` push). A snapshot whose
   * version is older than one already applied is ignored (a late push must not undo a newer answer).
   * `restart`: the current song begins again even if it is the one loaded (a radio of one song).
   */
  async applyQueue(
    queue: QueueSnapshot,
    intent: QueueIntent = 'keep',
    errorTitle: PlayerErrorTitle = 'Failed to play song',
    restart = false,
  ): Promise<void> {
    if (typeof queue.version === 'number') {
      if (queue.version < this.queueVersion) return;
      this.queueVersion = queue.version;
    }
    this.store.update({
      upcomingQueue: queue.upcomingQueue,
      playHistory: queue.playHistory,
      radioGenre: queue.radioGenre ?? null,
    });
    this.djActive = queue.djActive ?? false;
    const song = queue.currentSong;
    // A song being generated is not in the server's queue: only the listener's own choice replaces it.
    if (this.state.currentSong?.generationId && intent === 'keep') {
      this.preloadNext();
      return;
    }
    if (!song) {
      this.cancelCrossfade();
      if (this.active.song) this.active.unload();
      this.store.update({ currentSong: null, isPlaying: false, isLoading: false, error: null, currentTime: 0, duration: 0, generationStream: null });
    } else if (this.state.currentSong?.id === song.id && !restart) {
      if (this.active.song?.id === song.id) this.active.song = song;
      this.store.update({ currentSong: song });
      if (intent === 'play' && this.active.element.paused) await this.startPlayback(errorTitle);
    } else {
      const play = intent === 'play' || intent === 'advance' || (intent === 'keep' && this.state.isPlaying);
      await this.startSong(song, play, errorTitle);
    }
    this.preloadNext();
  }

  /** Runs a queue mutation that picks a song (e.g. playSong) and plays its answer. */
  playQueue(request: () => Promise<QueueSnapshot>): Promise<boolean> {
    return this.runQueueRequest(request, 'Failed to play song', 'play', false);
  }

  async refresh(): Promise<void> {
    try {
      await this.applyQueue(await this.backend.refresh(), 'keep');
    } catch (error) {
      // SPEC 8: a refresh refused for want of a session is only logged as "not logged in".
      if (error instanceof NotSignedInError) {
        this.logger.info('Queue refresh skipped: not logged in');
        return;
      }
      this.logger.warn('Queue refresh failed', error);
      this.notices.emit('Failed to refresh queue', error);
    }
  }

  /** Refreshes the queue whenever `target` (normally window) sees `eventName` ('force-queue-refresh' unless given). */
  listenForQueueRefresh(target: EventTarget, eventName: string = FORCE_QUEUE_REFRESH_EVENT): () => void {
    const onRefresh = () => void this.refresh();
    target.addEventListener(eventName, onRefresh);
    const detach = () => {
      target.removeEventListener(eventName, onRefresh);
      this.detachers.delete(detach);
    };
    this.detachers.add(detach);
    return detach;
  }

  next(): Promise<boolean> {
    return this.runQueueRequest(() => this.backend.next(), 'Failed to play next song', 'advance', true);
  }

  previous(): Promise<boolean> {
    return this.runQueueRequest(() => this.backend.previous(), 'Failed to play previous song', 'advance', true);
  }

  /**
   * One queue request at a time. With `pauseFirst` the current song pauses while the request runs;
   * if the request fails or the answer keeps the same song, the song resumes when it was playing
   * (SPEC 8: 'Failed to play next song' with an attempt to resume the current song).
   */
  private async runQueueRequest(
    request: () => Promise<QueueSnapshot>,
    errorTitle: PlayerErrorTitle,
    intent: QueueIntent,
    pauseFirst: boolean,
  ): Promise<boolean> {
    if (this.state.requestInFlight) return false;
    const wasPlaying = this.state.isPlaying;
    const songBefore = this.state.currentSong?.id;
    const versionBefore = this.queueVersion;
    this.store.update({ requestInFlight: true });
    this.cancelCrossfade();
    if (pauseFirst) this.active.element.pause();
    let applied = false;
    try {
      const answer = await request();
      // A newer queue whose current song is the same one again: the server moved on to a repeat.
      const repeated = intent === 'advance' && typeof answer.version === 'number' && answer.version > versionBefore && answer.currentSong?.id === songBefore;
      await this.applyQueue(answer, intent, errorTitle, repeated);
      applied = true;
    } catch (error) {
      this.logger.warn(errorTitle, error);
      this.notices.emit(errorTitle, error);
    }
    const songAfter = this.state.currentSong?.id;
    const interrupted = pauseFirst && wasPlaying && songAfter === songBefore && this.active.element.paused;
    // A queueChanged push can deliver the new song while the request still runs (loaded paused, as
    // the old one was paused for the request); the answer then matches it, so start it here.
    const arrivedPaused = applied && intent !== 'keep' && songAfter !== songBefore && this.active.element.paused;
    if ((interrupted || arrivedPaused) && this.active.song) await this.startPlayback(errorTitle);
    this.store.update({ requestInFlight: false });
    return applied;
  }

  /** End of the current song: ask the server for the next one, unless a request is already running. */
  private async advanceAfterEnd(): Promise<void> {
    const finished = this.state.currentSong;
    if (!finished || this.state.requestInFlight || this.crossfadeRun) return;
    this.store.update({ isPlaying: false });
    await this.runQueueRequest(() => this.backend.autoAdvance(finished.id), 'Failed to play next song', 'advance', false);
  }

  // ---- transport -----------------------------------------------------------------------------

  async togglePlay(): Promise<void> {
    if (this.state.isPlaying) this.pause();
    else await this.play();
  }

  /** Plays the current song; with none but songs queued, moves on to the first of them. */
  async play(): Promise<void> {
    const song = this.state.currentSong;
    if (!song) {
      if (this.state.upcomingQueue.length > 0) await this.next();
      return;
    }
    if (!song.audioUrl) {
      this.reportError('Song has no audio URL');
      return;
    }
    await this.startPlayback('Failed to toggle playback');
  }

  pause(): void {
    this.cancelCrossfade();
    this.stopVoice();
    try {
      this.active.element.pause();
    } catch (error) {
      this.reportError('Failed to toggle playback', error);
    }
  }

  /** Seeks the current song; only finite, non-negative times, capped at the duration. */
  seek(seconds: number): boolean {
    const deck = this.active;
    if (!Number.isFinite(seconds) || seconds < 0 || !deck.song) return false;
    this.cancelCrossfade();
    const limit = deck.song.generationId ? arrivedUntil(deck.element) : this.durationOf(deck);
    const target = Math.min(seconds, limit);
    deck.element.currentTime = target;
    this.publishTime.cancel();
    this.store.update({ currentTime: target });
    return true;
  }

  /**
   * Continues `songId` at `seconds` after a reload, when it is still the current song; with `play`
   * it starts (an autoplay block leaves it paused until the user presses play).
   */
  async resumeAt(songId: string, seconds: number, play: boolean): Promise<boolean> {
    if (this.state.currentSong?.id !== songId || !this.seek(seconds)) return false;
    if (play) await this.startPlayback('Failed to play song');
    return true;
  }

  /** Volume clamped to 0..1; non-numbers are ignored. */
  setVolume(volume: number): void {
    if (!Number.isFinite(volume)) return;
    const clamped = Math.min(1, Math.max(0, volume));
    this.graph.setMasterVolume(clamped);
    this.store.update({ volume: clamped });
  }

  /** Mute remembers the volume before muting; unmute restores it (0.8 when it was 0). */
  toggleMute(): void {
    if (this.state.volume > 0) {
      this.volumeBeforeMute = this.state.volume;
      this.setVolume(0);
    } else {
      const restore = this.volumeBeforeMute && this.volumeBeforeMute > 0 ? this.volumeBeforeMute : DEFAULT_VOLUME;
      this.volumeBeforeMute = null;
      this.setVolume(restore);
    }
  }

  /**
   * The saved repeat mode (/settings). The server queue applies it when a song ends; the engine needs
   * it to know which song follows: with repeat one the same song again, so that is what it preloads
   * and crossfades into.
   */
  setRepeatMode(mode: RepeatMode): void {
    this.repeatMode = mode;
    this.preloadNext();
  }

  /** The song that plays when the current one ends. */
  private followingSong(): PlayableSong | undefined {
    return this.repeatMode === 'one' ? (this.state.currentSong ?? undefined) : this.state.upcomingQueue[0];
  }

  // ---- generation streams --------------------------------------------------------------------

  /** Plays a song being generated from its stream, now (the listener asked for it). */
  async playGenerationStream(request: GenerationStreamRequest): Promise<void> {
    const current = this.state.currentSong;
    if (current?.generationId === request.requestId) {
      if (this.active.element.paused) await this.startPlayback('Failed to play song');
      return;
    }
    const song: PlayableSong = {
      id: `generation:${request.requestId}`,
      title: request.title,
      duration: request.durationSeconds,
      genre: request.genre,
      mood: request.mood,
      audioUrl: generationStreamUrl(request.requestId),
      generationId: request.requestId,
    };
    await this.startSong(song, true, 'Failed to play song');
  }

  /**
   * The generation is stored as `song`: the player goes on with its file from the same moment, then
   * `makeCurrent` (playSong) makes it the server's current song, so it is a library song like any
   * other. Playing: the stored file starts on the idle deck at the stream's position and takes over
   * under a short fade. Paused, or the stream already over: the file replaces the stream in place.
   * Does nothing when that stream is no longer the current song.
   */
  async finishGenerationStream(requestId: string, song: PlayableSong, makeCurrent: () => Promise<QueueSnapshot>): Promise<void> {
    const deck = this.active;
    const stream = this.state.generationStream;
    if (!song.audioUrl || !stream || stream.requestId !== requestId || deck.song?.generationId !== requestId) return;
    const ended = stream.ended;
    const stored = { ...song, generationId: undefined };
    const switched = !ended && !deck.element.paused && (await this.fadeToStoredFile(deck, stored, song.audioUrl));
    // Another song was chosen meanwhile.
    if (this.state.generationStream?.requestId !== requestId) return;
    if (!switched) await this.replaceInPlace(this.active, stored, song.audioUrl);
    const incoming = this.active;
    this.store.update({
      currentSong: stored,
      generationStream: null,
      currentTime: incoming.element.currentTime,
      duration: this.durationOf(incoming),
    });
    const applied = await this.runQueueRequest(makeCurrent, 'Failed to play song', 'keep', false);
    if (applied && ended) await this.advanceAfterEnd();
  }

  /** The generation failed or was cancelled while its stream was the current song: back to the server's queue. */
  async abandonGenerationStream(requestId: string): Promise<void> {
    if (this.state.generationStream?.requestId !== requestId) return;
    this.cancelCrossfade();
    this.active.unload();
    this.store.update({ currentSong: null, generationStream: null, isPlaying: false, isLoading: false, currentTime: 0, duration: 0 });
    await this.refresh();
  }

  /**
   * Starts the stored file on the idle deck where the stream is, then fades over and swaps decks.
   * False when it could not (a seek, a pause or another song cancels it, or the file did not load):
   * the stream deck is still the active one then.
   */
  private async fadeToStoredFile(outgoing: Deck, song: PlayableSong, url: string): Promise<boolean> {
    const incoming = this.idle;
    const run: CrossfadeRun = { outgoing, incoming, ramp: null, cancelled: false, abortWait: null };
    this.crossfadeRun = run;
    try {
      incoming.load(song, url);
      incoming.setFader(0);
      incoming.setTrim(this.trimFor(song));
      await this.crossfadeEvent(run, incoming, 'canplay', STREAM_SWITCH_LOAD_TIMEOUT_MS);
      incoming.element.currentTime = outgoing.element.currentTime;
      await incoming.element.play();
      if (run.cancelled) {
        incoming.element.pause();
        throw new CrossfadeCancelled();
      }
      // The seek and the start took a moment in which the stream played on.
      if (Math.abs(outgoing.element.currentTime - incoming.element.currentTime) > STREAM_SWITCH_MAX_DRIFT_SECONDS) {
        incoming.element.currentTime = outgoing.element.currentTime;
      }
      run.ramp = scheduleCrossfadeRamp(outgoing.fader.gain, incoming.fader.gain, this.graph.context.currentTime, STREAM_SWITCH_FADE_SECONDS, STREAM_SWITCH_TIGHTNESS);
      await this.crossfadeWait(run, STREAM_SWITCH_FADE_SECONDS * 1000);
      await this.waitForAudioClock(run, run.ramp.endTime, STREAM_SWITCH_FADE_SECONDS * 1000);
    } catch (error) {
      if (!run.cancelled) {
        this.logger.warn('The stored song could not take over from its stream', error);
        this.cancelCrossfade();
      }
      return false;
    }
    this.crossfadeRun = null;
    this.activeIndex = this.graph.decks.indexOf(incoming);
    outgoing.unload();
    outgoing.setFader(1);
    incoming.setFader(1);
    return true;
  }

  /** The stored file on the same deck at the same moment, playing on if the stream was. */
  private async replaceInPlace(deck: Deck, song: PlayableSong, url: string): Promise<void> {
    const at = deck.element.currentTime;
    const wasPlaying = !deck.element.paused;
    deck.load(song, url);
    deck.element.currentTime = at;
    if (wasPlaying) await this.startPlayback('Failed to play song');
  }

  /** Resolves on the deck element's next `type` event; rejects on its error, a cancel or the timeout. */
  private crossfadeEvent(run: CrossfadeRun, deck: Deck, type: string, timeoutMs: number): Promise<void> {
    if (run.cancelled) return Promise.reject(new CrossfadeCancelled());
    const element = deck.element;
    return new Promise((resolve, reject) => {
      const settle = (error: Error | null) => {
        clearTimeout(timer);
        element.removeEventListener(type, onEvent);
        element.removeEventListener('error', onError);
        run.abortWait = null;
        if (error) reject(error);
        else resolve();
      };
      const onEvent = () => settle(null);
      const onError = () => settle(new Error(`${deck.song?.audioUrl ?? 'The audio'} could not be loaded`));
      const timer = setTimeout(() => settle(new Error(`No ${type} within ${timeoutMs} ms`)), timeoutMs);
      element.addEventListener(type, onEvent);
      element.addEventListener('error', onError);
      run.abortWait = () => settle(new CrossfadeCancelled());
    });
  }

  // ---- mixer mode ----------------------------------------------------------------------------

  /** Mixer settings in effect (crossfade, tightness, silence elimination, beat matching). */
  setMixerSettings(settings: MixerSettings): void {
    this.settings = settings;
    const song = this.active.song;
    if (song && !this.crossfadeRun) this.active.setTrim(this.trimFor(song));
    if (song) this.prepareSilence(song);
    this.preloadNext();
  }

  /**
   * Enabling pauses the standard player and hands the queue to the mixer; disabling pauses the
   * mixer and hands the current song back. Either way the song continues from the same position
   * when it was playing. Restoring mixer mode at app start leaves playback paused.
   */
  async setMixerMode(enabled: boolean): Promise<void> {
    const mode: PlayerMode = enabled ? 'mixer' : 'standard';
    if (this.state.mode === mode || this.state.switchingMode) return;
    const wasPlaying = this.state.isPlaying;
    this.store.update({ switchingMode: true });
    try {
      this.cancelCrossfade();
      this.active.element.pause();
      this.store.update({ mode, isPlaying: false });
      if (enabled) this.mixerPoll ??= setInterval(() => this.mixerTick(), MIXER_POLL_MS);
      else this.stopMixerPoll();
      const song = this.active.song;
      if (song) {
        this.active.setTrim(this.trimFor(song));
        this.prepareSilence(song);
      }
      this.preloadNext();
      if (wasPlaying && song) await this.startPlayback('Failed to play song');
    } finally {
      this.store.update({ switchingMode: false });
    }
  }

  private stopMixerPoll(): void {
    if (this.mixerPoll !== null) clearInterval(this.mixerPoll);
    this.mixerPoll = null;
  }

  /** The 500 ms mixer poll: the DJ voice, crossfade progress, crossfade start, end of audible audio. */
  private mixerTick(): void {
    this.voiceTick();
    const run = this.crossfadeRun;
    if (run) {
      if (run.ramp && this.state.crossfade) {
        this.store.update({ crossfade: { ...this.state.crossfade, progress: rampProgress(run.ramp, this.graph.context.currentTime) } });
      }
      return;
    }
    const deck = this.active;
    const song = deck.song;
    // A stream's end is not known yet, and the server could not follow a fade out of it.
    if (!song || song.generationId) return;
    const isPlaying = !deck.element.paused;
    const busy = this.state.requestInFlight;
    const duration = this.durationOf(deck);
    const currentTime = deck.element.currentTime;
    const end = this.audibleEndOf(song, duration);
    const next = this.followingSong();
    if (next?.audioUrl) {
      const plan = this.planFor(song, duration, end, next);
      const start = shouldStartCrossfade({
        crossfadeEnabled: this.settings.crossfadeEnabled,
        hasNextSong: true,
        inProgress: busy,
        isPlaying,
        durationSeconds: duration,
        currentTime,
        fadeStart: plan.fadeStart,
      });
      if (start) {
        void this.crossfade(plan, song, next, next.audioUrl);
        return;
      }
    }
    // Silence elimination: the audible part is over, move on without waiting for the silence.
    if (isPlaying && !busy && end < duration && currentTime >= end) {
      deck.element.pause();
      void this.advanceAfterEnd();
    }
  }

  /**
   * The DJ voice: the link into the next song is asked once per transition and spoken so that it
   * ends in the middle of the crossfade, over the outgoing song's outro, with the music ducked.
   */
  private voiceTick(): void {
    const deck = this.active;
    const song = deck.song;
    const next = this.followingSong();
    if (!this.voiceLinks || !this.djActive || !song || song.generationId || !next?.audioUrl || this.state.currentSong?.id !== song.id) return;
    let pair = this.voicePair;
    if (!pair || pair.from !== song.id || pair.to !== next.id) {
      const asked: VoicePair = { from: song.id, to: next.id, link: undefined, spoken: false };
      pair = this.voicePair = asked;
      this.voiceLinks.linkFor(song.id, next.id).then(
        (link) => (asked.link = link),
        (error: unknown) => {
          asked.link = null;
          this.logger.warn('The DJ voice link could not be loaded', error);
        },
      );
      return;
    }
    const link = pair.link;
    if (!link || pair.spoken || deck.element.paused) return;
    const duration = this.durationOf(deck);
    const plan = this.planFor(song, duration, this.audibleEndOf(song, duration), next);
    const startAt = Math.max(0, plan.fadeStart + plan.fadeSeconds / 2 - link.durationSeconds);
    const now = deck.element.currentTime;
    if (now < startAt || now >= plan.fadeStart + plan.fadeSeconds) return;
    pair.spoken = true;
    void this.speak(link, pair, song);
  }

  private async speak(link: VoiceLink, pair: VoicePair, over: PlayableSong): Promise<void> {
    const voice = this.graph.voice;
    this.graph.duckMusic(VOICE_DUCK_GAIN, VOICE_DUCK_SECONDS);
    this.store.update({ voice: { fromSongId: pair.from, toSongId: pair.to, text: link.text } });
    try {
      await voice.speak(link.audioUrl, this.trimFor(over));
    } catch (error) {
      this.logger.warn('The DJ voice could not play', error);
    } finally {
      this.graph.duckMusic(1, VOICE_RELEASE_SECONDS);
      if (this.state.voice?.fromSongId === pair.from) this.store.update({ voice: null });
    }
  }

  /** Silences the voice (the user paused or picked another song); the music comes back up. */
  private stopVoice(): void {
    if (this.state.voice) this.graph.voice.stop();
  }

  private planFor(song: PlayableSong, duration: number, end: number, next: PlayableSong): TransitionPlan {
    return planTransition(
      { durationSeconds: duration, audibleEndSeconds: end, analysis: song.analysis },
      { durationSeconds: next.duration, leadingSkipSeconds: this.leadingSkipFor(next), analysis: next.analysis },
      this.settings.crossfadeDuration / 1000,
      this.settings.beatMatchedTransitions,
    );
  }

  /**
   * Fades from the active deck to the next song on the idle deck, then swaps the decks and tells
   * the server to advance. Any failure before the swap puts both decks back as they were.
   */
  private async crossfade(plan: TransitionPlan, from: PlayableSong, to: PlayableSong, toUrl: string): Promise<void> {
    const outgoing = this.active;
    const incoming = this.idle;
    const run: CrossfadeRun = { outgoing, incoming, ramp: null, cancelled: false, abortWait: null };
    this.crossfadeRun = run;
    this.store.update({ crossfade: { fromSongId: from.id, toSongId: to.id, progress: 0 } });
    try {
      if (incoming.song?.id !== to.id) incoming.load(to, toUrl);
      incoming.setFader(0);
      incoming.setTrim(plan.incomingTrim);
      await this.crossfadeWait(run, (plan.fadeStart - outgoing.element.currentTime) * 1000);
      incoming.element.currentTime = plan.incomingStart;
      await incoming.element.play();
      if (run.cancelled) {
        // Cancelled while play() was pending: the pause came too early to stop it.
        incoming.element.pause();
        throw new CrossfadeCancelled();
      }
      const context = this.graph.context;
      run.ramp = scheduleCrossfadeRamp(outgoing.fader.gain, incoming.fader.gain, context.currentTime, plan.fadeSeconds, this.settings.mixTightness);
      await this.crossfadeWait(run, plan.fadeSeconds * 1000);
      await this.waitForAudioClock(run, run.ramp.endTime, plan.fadeSeconds * 1000);
    } catch (error) {
      // A cancelled run was already put back by cancelCrossfade (its play() may reject with AbortError).
      if (!run.cancelled) {
        this.logger.warn('Crossfade failed', error);
        this.cancelCrossfade();
      }
      return;
    }
    this.finishCrossfade(run, from, to);
    const applied = await this.runQueueRequest(() => this.backend.autoAdvance(from.id), 'Failed to play next song', 'keep', false);
    if (!applied) void this.refresh();
  }

  /**
   * The ramp runs on the audio clock, which falls behind wall time when the machine is starved of
   * CPU: swap the decks only once the fade has played out, waiting at most `graceMs` longer.
   */
  private async waitForAudioClock(run: CrossfadeRun, endTime: number, graceMs: number): Promise<void> {
    const context = this.graph.context;
    const deadline = Date.now() + graceMs;
    while (context.currentTime < endTime && Date.now() < deadline) {
      await this.crossfadeWait(run, Math.min(deadline - Date.now(), AUDIO_CLOCK_POLL_MS));
    }
  }

  private crossfadeWait(run: CrossfadeRun, ms: number): Promise<void> {
    if (run.cancelled) return Promise.reject(new CrossfadeCancelled());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        run.abortWait = null;
        resolve();
      }, Math.max(0, ms));
      run.abortWait = () => {
        clearTimeout(timer);
        reject(new CrossfadeCancelled());
      };
    });
  }

  /** The incoming deck becomes the active one; the queue moves on locally until the server answers. */
  private finishCrossfade(run: CrossfadeRun, from: PlayableSong, to: PlayableSong): void {
    this.crossfadeRun = null;
    this.activeIndex = this.graph.decks.indexOf(run.incoming);
    run.outgoing.element.pause();
    run.outgoing.setFader(1);
    run.incoming.setFader(1);
    const upcoming = this.state.upcomingQueue;
    this.store.update({
      crossfade: null,
      currentSong: to,
      upcomingQueue: upcoming[0]?.id === to.id ? upcoming.slice(1) : upcoming,
      playHistory: [from, ...this.state.playHistory],
      isPlaying: !run.incoming.element.paused,
      isLoading: false,
      error: null,
      currentTime: run.incoming.element.currentTime,
      duration: this.durationOf(run.incoming),
    });
    this.prepareSilence(to);
  }

  /** Abandons a running crossfade: the outgoing song carries on alone at full level. */
  private cancelCrossfade(): void {
    const run = this.crossfadeRun;
    if (!run) return;
    this.crossfadeRun = null;
    run.cancelled = true;
    run.abortWait?.();
    run.outgoing.setFader(1);
    run.incoming.element.pause();
    run.incoming.element.currentTime = 0;
    run.incoming.setFader(1);
    this.store.update({ crossfade: null });
  }

  // ---- decks ---------------------------------------------------------------------------------

  private async startSong(song: PlayableSong, play: boolean, errorTitle: PlayerErrorTitle): Promise<void> {
    this.cancelCrossfade();
    this.stopVoice();
    const previous = this.active;
    if (!song.audioUrl) {
      previous.element.pause();
      this.store.update({ currentSong: song, isPlaying: false, isLoading: false, currentTime: 0, duration: song.duration ?? 0, generationStream: null });
      // Shown in the bar at once; toasted only when someone actually tries to play it.
      if (play) this.reportError('Song has no audio URL');
      else this.store.update({ error: 'Song has no audio URL' });
      return;
    }
    if (this.idle.song?.id === song.id) {
      this.activeIndex = 1 - this.activeIndex;
      previous.element.pause();
    } else {
      previous.load(song, song.audioUrl);
    }
    const deck = this.active;
    deck.setFader(1);
    deck.setTrim(this.trimFor(song));
    deck.element.currentTime = this.leadingSkipFor(song);
    this.publishTime.cancel();
    this.store.update({
      currentSong: song,
      error: null,
      isPlaying: false,
      isLoading: play,
      currentTime: deck.element.currentTime,
      duration: this.durationOf(deck),
      generationStream: song.generationId ? { requestId: song.generationId, availableSeconds: 0, ended: false } : null,
    });
    this.prepareSilence(song);
    if (play) await this.startPlayback(errorTitle);
  }

  /**
   * Plays the active deck. A browser autoplay block leaves the player paused without an error;
   * any other failure is reported under `errorTitle`.
   */
  private async startPlayback(errorTitle: PlayerErrorTitle): Promise<void> {
    const deck = this.active;
    if (!deck.song) return;
    // Not awaited: resume() stays pending until the page has a user gesture, play() decides.
    this.graph.resume().catch((error: unknown) => this.logger.warn('Audio context did not resume', error));
    this.store.update({ isLoading: true, error: null });
    try {
      await deck.element.play();
      if (deck === this.active) this.store.update({ isPlaying: true, isLoading: false });
    } catch (error) {
      if (deck !== this.active) return;
      this.store.update({ isPlaying: false, isLoading: false });
      if (isAutoplayBlocked(error)) {
        this.logger.info('Autoplay was blocked; waiting for the user to press play');
        return;
      }
      this.reportError(errorTitle, error);
    }
  }

  private preloadNext(): void {
    const next = this.followingSong();
    if (this.crossfadeRun || !next?.audioUrl) return;
    const idle = this.idle;
    if (idle.song?.id !== next.id) idle.load(next, next.audioUrl);
    if (this.state.mode === 'mixer' && this.settings.silenceEliminationEnabled) void this.silence.rangesFor(next);
  }

  private listenToDeck(deck: Deck): void {
    const handlers = MEDIA_EVENTS.map((type) => {
      const handler = () => {
        if (deck === this.active) this.onMediaEvent(deck, type);
      };
      deck.element.addEventListener(type, handler);
      return () => deck.element.removeEventListener(type, handler);
    });
    for (const detach of handlers) this.detachers.add(detach);
  }

  private onMediaEvent(deck: Deck, type: (typeof MEDIA_EVENTS)[number]): void {
    switch (type) {
      case 'timeupdate':
        this.publishTime();
        this.noteArrived(deck);
        break;
      case 'progress':
        this.noteArrived(deck);
        break;
      case 'durationchange':
      case 'loadedmetadata':
        this.store.update({ duration: this.durationOf(deck) });
        break;
      case 'playing':
        this.store.update({ isPlaying: true, isLoading: false, error: null });
        break;
      case 'pause':
        if (!this.crossfadeRun) this.store.update({ isPlaying: false, isLoading: false });
        break;
      case 'waiting':
        this.store.update({ isLoading: true });
        break;
      case 'canplay':
        this.store.update({ isLoading: false });
        break;
      case 'ended':
        this.publishTime.cancel();
        this.syncTime();
        // The stream is over before the song was stored: it moves on once it is (finishGenerationStream).
        if (deck.song?.generationId && this.state.generationStream) this.store.update({ isPlaying: false, generationStream: { ...this.state.generationStream, ended: true } });
        else void this.advanceAfterEnd();
        break;
      case 'error':
        if (deck.song) {
          this.store.update({ isPlaying: false, isLoading: false });
          this.reportError('Failed to play song');
        }
        break;
    }
  }

  private noteArrived(deck: Deck): void {
    const stream = this.state.generationStream;
    if (!stream || deck.song?.generationId !== stream.requestId) return;
    const availableSeconds = arrivedUntil(deck.element);
    if (availableSeconds > stream.availableSeconds) this.store.update({ generationStream: { ...stream, availableSeconds } });
  }

  private syncTime(): void {
    const deck = this.active;
    this.store.update({ currentTime: deck.element.currentTime, duration: this.durationOf(deck) });
  }

  private durationOf(deck: Deck): number {
    // A stream's own length is unknown (or a guess from its bytes so far) until it has ended: the plan's it is.
    if (deck.song?.generationId && deck.song.duration) return deck.song.duration;
    const duration = deck.element.duration;
    if (Number.isFinite(duration) && duration > 0) return duration;
    return deck.song?.duration ?? 0;
  }

  private trimFor(song: PlayableSong): number {
    return this.state.mode === 'mixer' && this.settings.beatMatchedTransitions ? loudnessTrimGain(song.analysis) : 1;
  }

  private silenceEliminationOn(): boolean {
    return this.state.mode === 'mixer' && this.settings.silenceEliminationEnabled;
  }

  /** Silence elimination applies to the song: mixer mode with it on, and the song's audio complete. */
  private removesSilenceOf(song: PlayableSong): boolean {
    return this.silenceEliminationOn() && !song.generationId;
  }

  private leadingSkipFor(song: PlayableSong): number {
    return this.removesSilenceOf(song) ? leadingSilenceSkip(this.silence.peek(song) ?? []) : 0;
  }

  private audibleEndOf(song: PlayableSong, duration: number): number {
    return this.removesSilenceOf(song) ? audibleEnd(this.silence.peek(song) ?? [], duration) : duration;
  }

  /** Loads silence ranges for the song and skips its leading silence once they are known. */
  private prepareSilence(song: PlayableSong): void {
    if (!this.removesSilenceOf(song) || this.silence.peek(song)) return;
    void this.silence.rangesFor(song).then((ranges) => {
      const deck = this.active;
      const skip = leadingSilenceSkip(ranges);
      if (deck.song?.id === song.id && !this.crossfadeRun && deck.element.currentTime < skip) deck.element.currentTime = skip;
    });
  }

  private reportError(title: PlayerErrorTitle, cause?: unknown): void {
    this.store.update({ error: title });
    this.notices.emit(title, cause);
  }

  /** Stops everything and releases timers and listeners. */
  dispose(): void {
    this.cancelCrossfade();
    this.stopMixerPoll();
    this.publishTime.cancel();
    for (const detach of [...this.detachers]) detach();
    this.detachers.clear();
    for (const deck of this.graph.decks) deck.element.pause();
  }
}
