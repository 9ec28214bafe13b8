/**
 * The Web Audio graph the player owns: two decks, each
 *   HTMLAudioElement -> MediaElementAudioSourceNode -> fader GainNode -> trim GainNode
 * feeding one master GainNode -> destination.
 * The fader carries crossfade gains, the trim carries loudness levelling, the master the volume.
 *
 * The interfaces below are the parts of the DOM / Web Audio types the engine uses, so tests can
 * pass small fakes; the real browser objects satisfy them.
 */
import type { DecodedAudio } from './silenceDetection';
import type { PlayableSong } from './types';

export interface AudioElementLike {
  src: string;
  currentTime: number;
  readonly duration: number;
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

export class Deck {
  song: PlayableSong | null = null;
  readonly fader: GainNodeLike;
  readonly trim: GainNodeLike;

  constructor(
    private readonly context: AudioContextLike,
    readonly element: AudioElementLike,
    output: AudioNodeLike,
  ) {
    // Media from another origin is only audible through Web Audio when fetched with CORS.
    element.crossOrigin = 'anonymous';
    element.preload = 'auto';
    this.fader = context.createGain();
    this.trim = context.createGain();
    context.createMediaElementSource(element).connect(this.fader);
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

export class AudioGraph {
  readonly decks: readonly [Deck, Deck];
  private readonly master: GainNodeLike;

  constructor(
    readonly context: AudioContextLike,
    createElement: () => AudioElementLike,
  ) {
    this.master = context.createGain();
    this.master.connect(context.destination);
    this.decks = [new Deck(context, createElement(), this.master), new Deck(context, createElement(), this.master)];
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
