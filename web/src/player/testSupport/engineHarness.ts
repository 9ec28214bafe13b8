/**
 * Builds a PlayerEngine on the fake audio rig with a scripted QueueBackend, for engine tests.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { AudioGraph } from '../audioGraph';
import type { PlayerErrorNotice, PlayerLogger } from '../notices';
import { PlayerEngine } from '../playerEngine';
import type { PlayableSong, QueueBackend, QueueSnapshot, SongAnalysis, VoiceLinkSource } from '../types';
import { createFakeAudioRig, type FakeAudioElement, type FakeAudioParam, type FakeAudioRig } from './fakeAudio';

export function song(id: string, overrides: Partial<PlayableSong> = {}): PlayableSong {
  return { id, title: `Song ${id}`, audioUrl: `/media/${id}.mp3`, duration: 180, ...overrides };
}

export function analysis(overrides: Partial<SongAnalysis> = {}): SongAnalysis {
  return {
    durationSeconds: 180,
    bpm: 120,
    beatOffsetSeconds: 0,
    integratedLufs: -14,
    introEndSeconds: 0,
    outroStartSeconds: 180,
    silenceRanges: [],
    ...overrides,
  };
}

export function queue(current: PlayableSong | null, upcoming: PlayableSong[] = [], history: PlayableSong[] = []): QueueSnapshot {
  return { currentSong: current, upcomingQueue: upcoming, playHistory: history, radioGenre: null };
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export interface EngineHarness {
  engine: PlayerEngine;
  graph: AudioGraph;
  rig: FakeAudioRig;
  backend: { [K in keyof QueueBackend]: ReturnType<typeof vi.fn<QueueBackend[K]>> };
  notices: PlayerErrorNotice[];
  logger: PlayerLogger;
  element(index: number): FakeAudioElement;
  fader(index: number): FakeAudioParam;
  trim(index: number): FakeAudioParam;
}

/** `voiceLinks`: the DJ voice's links (engine tests of the voice). */
export function createEngineHarness({ voiceLinks }: { voiceLinks?: VoiceLinkSource } = {}): EngineHarness {
  const rig = createFakeAudioRig();
  const graph = new AudioGraph(rig.context, rig.createElement);
  const backend = {
    autoAdvance: vi.fn<QueueBackend['autoAdvance']>(),
    next: vi.fn<QueueBackend['next']>(),
    previous: vi.fn<QueueBackend['previous']>(),
    refresh: vi.fn<QueueBackend['refresh']>(),
  };
  const logger: PlayerLogger = { warn: vi.fn(), info: vi.fn() };
  const engine = new PlayerEngine({
    backend,
    graph,
    logger,
    voiceLinks,
    decodeAudio: (url) => rig.context.decodeAudioData().catch(() => Promise.reject(new Error(`Cannot decode ${url}`))),
  });
  const notices: PlayerErrorNotice[] = [];
  engine.onNotice((notice) => notices.push(notice));
  return {
    engine,
    graph,
    rig,
    backend,
    notices,
    logger,
    element: (index) => rig.elements[index],
    fader: (index) => graph.decks[index].fader.gain as FakeAudioParam,
    trim: (index) => graph.decks[index].trim.gain as FakeAudioParam,
  };
}

/**
 * A new harness on fake timers for each test of the file, handed to `bind`; after the test the one
 * `current` answers (a test may replace it) is disposed.
 */
export function harnessPerTest(bind: (harness: EngineHarness) => void, current: () => EngineHarness): void {
  beforeEach(() => {
    vi.useFakeTimers();
    bind(createEngineHarness());
  });
  afterEach(() => {
    current().engine.dispose();
    vi.useRealTimers();
  });
}
