/**
 * Small fakes of the Web Audio graph and the audio element for engine tests (jsdom implements
 * neither playback nor Web Audio). They record what the engine does and let a test drive media
 * events by hand.
 */
import type { AudioContextLike, AudioElementLike, AudioNodeLike, AudioParamLike, GainNodeLike, TimeRangesLike } from '../audioGraph';
import type { DecodedAudio } from '../silenceDetection';

export class FakeAudioParam implements AudioParamLike {
  value = 1;
  events: Array<{ value: number; time: number }> = [];

  constructor(private readonly context: FakeAudioContext) {}

  setValueAtTime(value: number, startTime: number): void {
    this.events.push({ value, time: startTime });
    if (startTime <= this.context.currentTime) this.value = value;
  }

  cancelScheduledValues(cancelTime: number): void {
    this.events = this.events.filter((event) => event.time < cancelTime);
  }

  /** The value in effect at context time `time` (last event at or before it). */
  valueAt(time: number): number {
    let value = this.value;
    let latest = Number.NEGATIVE_INFINITY;
    for (const event of this.events) {
      if (event.time <= time + 1e-9 && event.time >= latest) {
        latest = event.time;
        value = event.value;
      }
    }
    return value;
  }
}

export class FakeAudioNode implements AudioNodeLike {
  readonly outputs: AudioNodeLike[] = [];
  connect(destination: AudioNodeLike): void {
    this.outputs.push(destination);
  }
  disconnect(): void {
    this.outputs.length = 0;
  }
}

export class FakeGainNode extends FakeAudioNode implements GainNodeLike {
  readonly gain: FakeAudioParam;
  constructor(context: FakeAudioContext) {
    super();
    this.gain = new FakeAudioParam(context);
  }
}

export class FakeAudioContext implements AudioContextLike {
  currentTime = 0;
  state = 'suspended';
  readonly destination = new FakeAudioNode();
  readonly gains: FakeGainNode[] = [];
  readonly sources = new Map<AudioElementLike, FakeAudioNode>();
  decoded: DecodedAudio | null = null;

  createGain(): FakeGainNode {
    const node = new FakeGainNode(this);
    this.gains.push(node);
    return node;
  }

  createMediaElementSource(element: AudioElementLike): FakeAudioNode {
    const node = new FakeAudioNode();
    this.sources.set(element, node);
    return node;
  }

  async resume(): Promise<void> {
    this.state = 'running';
  }

  async decodeAudioData(): Promise<DecodedAudio> {
    if (!this.decoded) throw new Error('Unable to decode audio data');
    return this.decoded;
  }
}

function domException(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}

export class FakeAudioElement extends EventTarget implements AudioElementLike {
  src = '';
  currentTime = 0;
  duration = Number.NaN;
  /** One range from 0 to `bufferedUntil` (none at 0). */
  bufferedUntil = 0;
  paused = true;
  preload = '';
  crossOrigin: string | null = null;
  loads = 0;
  /** Set to make the next play() reject: 'autoplay' (NotAllowedError) or any other error. */
  rejectNextPlay: 'autoplay' | Error | null = null;
  /** Set to hold the next play() until the promise settles (a slow start over the network). */
  holdNextPlay: Promise<void> | null = null;

  async play(): Promise<void> {
    const rejection = this.rejectNextPlay;
    const hold = this.holdNextPlay;
    this.rejectNextPlay = null;
    this.holdNextPlay = null;
    if (hold) await hold;
    if (rejection === 'autoplay') throw domException('NotAllowedError', 'play() failed because the user did not interact');
    if (rejection) throw rejection;
    this.paused = false;
    this.emit('play');
    this.emit('playing');
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.emit('pause');
  }

  get buffered(): TimeRangesLike {
    const until = this.bufferedUntil;
    return { length: until > 0 ? 1 : 0, end: () => until };
  }

  load(): void {
    this.loads += 1;
    this.currentTime = 0;
    this.duration = Number.NaN;
    this.bufferedUntil = 0;
  }

  /** Audio up to `seconds` has arrived. */
  arrive(seconds: number): void {
    this.bufferedUntil = seconds;
    this.emit('progress');
  }

  removeAttribute(name: string): void {
    if (name === 'src') this.src = '';
  }

  emit(type: string): void {
    this.dispatchEvent(new Event(type));
  }

  /** Metadata arrived. */
  setDuration(seconds: number): void {
    this.duration = seconds;
    this.emit('loadedmetadata');
    this.emit('durationchange');
  }

  /** Playback moved to `seconds`. */
  advanceTo(seconds: number): void {
    this.currentTime = seconds;
    this.emit('timeupdate');
  }

  /** Playback reached the end. */
  finish(): void {
    this.currentTime = this.duration;
    this.paused = true;
    this.emit('pause');
    this.emit('ended');
  }
}

export interface FakeAudioRig {
  context: FakeAudioContext;
  elements: FakeAudioElement[];
  createElement: () => FakeAudioElement;
}

export function createFakeAudioRig(): FakeAudioRig {
  const elements: FakeAudioElement[] = [];
  return {
    context: new FakeAudioContext(),
    elements,
    createElement: () => {
      const element = new FakeAudioElement();
      elements.push(element);
      return element;
    },
  };
}
