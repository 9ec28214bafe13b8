/**
 * The Web Audio graph the player owns: two decks, each
 *   HTMLAudioElement -> MediaElementAudioSourceNode -> fader GainNode -> trim GainNode
 * feeding a music bus GainNode -> master GainNode -> destination, and (created on first use) the DJ
 * voice: HTMLAudioElement -> source -> trim GainNode -> master.
 * The fader carries crossfade gains, the trim carries loudness levelling, the music bus the ducking
 * under the DJ voice, the master the volume.
 *
 * The interfaces below are the parts of the DOM / Web Audio types the engine uses, so tests can
 * pass small fakes; the real browser objects satisfy them.
 */
import type { DecodedAudio } from './silenceDetection';
import type { PlayableSong } from './types';

/** The part of TimeRanges the engine reads. */
export interface TimeRangesLike {
  readonly length: number;
  end(index: number): number;
}

export interface AudioElementLike {
  src: string;
  currentTime: number;
  readonly duration: number;
  /** What has arrived: a song still being generated can be sought only within it. */
  readonly buffered: TimeRangesLike;
  readonly paused: boolean;
  preload: string;
  crossOrigin: string | null;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

export interface AudioParamLike {
  value: number;
  setValueAtTime(value: number, startTime: number): unknown;
  cancelScheduledValues(cancelTime: number): unknown;
}

export interface AudioNodeLike {
  connect(destination: AudioNodeLike): unknown;
  disconnect(): void;
}

export interface GainNodeLike extends AudioNodeLike {
  readonly gain: AudioParamLike;
}

export interface AudioContextLike {
  readonly currentTime: number;
  readonly state: string;
  readonly destination: AudioNodeLike;
  createGain(): GainNodeLike;
  createMediaElementSource(element: AudioElementLike): AudioNodeLike;
  resume(): Promise<void>;
  decodeAudioData(data: ArrayBuffer): Promise<DecodedAudio>;
}

/** Sets a gain now, dropping anything scheduled on it (e.g. an abandoned crossfade ramp). */
export function setGainNow(context: AudioContextLike, param: AudioParamLike, value: number): void {
  param.cancelScheduledValues(context.currentTime);
  param.setValueAtTime(value, context.currentTime);
  param.value = value;
}

/** An audio element's sound as a graph node, fed into `first`. */
function connectElement(context: AudioContextLike, element: AudioElementLike, first: AudioNodeLike): void {
  // Media from another origin is only audible through Web Audio when fetched with CORS.
  element.crossOrigin = 'anonymous';
  element.preload = 'auto';
  context.createMediaElementSource(element).connect(first);
}

export class Deck {
  song: PlayableSong | null = null;
  readonly fader: GainNodeLike;
  readonly trim: GainNodeLike;

  constructor(
    private readonly context: AudioContextLike,
    readonly element: AudioElementLike,
    output: AudioNodeLike,
  ) {
    this.fader = context.createGain();
    this.trim = context.createGain();
    connectElement(context, element, this.fader);
    this.fader.connect(this.trim);
    this.trim.connect(output);
  }

  /** Points the element at the song's audio (the caller has checked audioUrl) and starts buffering. */
  load(song: PlayableSong, url: string): void {
    this.song = song;
    this.element.src = url;
    this.element.load();
  }

  /** Stops and forgets the song, releasing the network connection. */
  unload(): void {
    this.element.pause();
    this.song = null;
    this.element.removeAttribute('src');
    this.element.load();
  }

  setFader(value: number): void {
    setGainNow(this.context, this.fader.gain, value);
  }

  setTrim(value: number): void {
    setGainNow(this.context, this.trim.gain, value);
  }
}

/** The DJ voice's own element, levelled like the song it speaks over. */
export class VoiceChannel {
  readonly trim: GainNodeLike;

  constructor(
    private readonly context: AudioContextLike,
    readonly element: AudioElementLike,
    output: AudioNodeLike,
  ) {
    this.trim = context.createGain();
    connectElement(context, element, this.trim);
    this.trim.connect(output);
  }

  /** Plays a link from the start; resolves when it has ended (or was stopped). */
  async speak(url: string, trim: number): Promise<void> {
    setGainNow(this.context, this.trim.gain, trim);
    this.element.src = url;
    this.element.currentTime = 0;
    const ended = new Promise<void>((resolve) => {
      const done = () => {
        this.element.removeEventListener('ended', done);
        this.element.removeEventListener('pause', done);
        this.element.removeEventListener('error', done);
        resolve();
      };
      this.element.addEventListener('ended', done);
      this.element.addEventListener('pause', done);
      this.element.addEventListener('error', done);
    });
    await this.element.play();
    await ended;
  }

  stop(): void {
    if (!this.element.paused) this.element.pause();
  }
}

/** Steps of a ducking ramp (the AudioParam subset here has no linear ramps). */
const DUCK_STEPS = 12;

export class AudioGraph {
  readonly decks: readonly [Deck, Deck];
  private readonly master: GainNodeLike;
  private readonly music: GainNodeLike;
  private voiceChannel: VoiceChannel | null = null;

  constructor(
    readonly context: AudioContextLike,
    private readonly createElement: () => AudioElementLike,
  ) {
    this.master = context.createGain();
    this.master.connect(context.destination);
    this.music = context.createGain();
    this.music.connect(this.master);
    this.decks = [new Deck(context, createElement(), this.music), new Deck(context, createElement(), this.music)];
  }

  /** The DJ voice channel (its element is made on first use: most listeners never hear the voice). */
  get voice(): VoiceChannel {
    this.voiceChannel ??= new VoiceChannel(this.context, this.createElement(), this.master);
    return this.voiceChannel;
  }

  /** Ramps the music (both decks) to `gain` over `seconds` on the audio clock: ducking under the voice and back. */
  duckMusic(gain: number, seconds: number): void {
    const param = this.music.gain;
    const now = this.context.currentTime;
    const from = param.value;
    param.cancelScheduledValues(now);
    param.setValueAtTime(from, now);
    for (let step = 1; step <= DUCK_STEPS; step += 1) param.setValueAtTime(from + ((gain - from) * step) / DUCK_STEPS, now + (seconds * step) / DUCK_STEPS);
  }

  /** Resumes a context suspended by the browser's autoplay policy; harmless when running. */
  async resume(): Promise<void> {
    if (this.context.state !== 'running') await this.context.resume();
  }

  setMasterVolume(volume: number): void {
    setGainNow(this.context, this.master.gain, volume);
  }
}

export function createBrowserAudioGraph(): AudioGraph {
  return new AudioGraph(new AudioContext(), () => new Audio());
}
