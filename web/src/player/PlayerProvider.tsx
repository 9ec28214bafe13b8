/**
 * Wires the playback engine to the app: Apollo-backed queue and settings, the `queueChanged`
 * subscription, the 'force-queue-refresh' event, error toasts and the radio badge state.
 * Components read the engine through the hooks below; the engine owns the audio.
 */
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { toast } from '../ui/toastStore';
import { createBrowserAudioGraph, type AudioGraph } from './audioGraph';
import {
  createApolloGenerationWatch,
  createApolloMixerSettingsBackend,
  createApolloQueueBackend,
  createApolloVoiceLinkSource,
  toQueueSnapshot,
  withMixAnalyses,
} from './apolloBackends';
import { followGenerationStream, type GenerationWatch } from './generationStreamFollower';
import { MixerController } from './mixerController';
import { MixerSettingsStore, type MixerSettingsBackend, type MixerSettingsState } from './mixerSettingsStore';
import { PlayerEngine, type PlayerState } from './playerEngine';
import { QUEUE_CHANGED_SUBSCRIPTION } from './playerOperations';
import { SUBSCRIPTIONS_RESUMED_EVENT } from '../apollo/transportLink';
import { readPlayback, rememberPlayback, restorePlayback } from './playbackMemory';
import { clearRadioState, readRadioState, saveRadioState, watchRadioState } from './radioState';
import type { GenerationStreamRequest, QueueBackend, QueueSnapshot, VoiceLinkSource } from './types';

export interface PlayerServices {
  engine: PlayerEngine;
  mixerSettings: MixerSettingsStore;
  mixer: MixerController;
  /** Plays a song now (library, radio pages); with isGenreSelection the queue becomes its genre's radio. */
  playSong(songId: string, isGenreSelection?: boolean): Promise<boolean>;
  /** Plays a song being generated from its stream; it goes on as the stored song once that is saved. */
  playGenerationStream(request: GenerationStreamRequest): Promise<void>;
}

export interface PlayerServiceBackends {
  queue: QueueBackend & { playSong(id: string, isGenreSelection?: boolean): Promise<QueueSnapshot> };
  mixerSettings: MixerSettingsBackend;
  voiceLinks?: VoiceLinkSource;
  generations: GenerationWatch;
}

export function createPlayerServices(graph: AudioGraph, backends: PlayerServiceBackends, storage: Storage | null): PlayerServices {
  const engine = new PlayerEngine({ backend: backends.queue, graph, voiceLinks: backends.voiceLinks });
  const mixerSettings = new MixerSettingsStore({ backend: backends.mixerSettings, storage });
  let stopFollowing: (() => void) | null = null;
  return {
    engine,
    mixerSettings,
    mixer: new MixerController(engine, mixerSettings),
    playSong: (songId, isGenreSelection = false) => engine.playQueue(() => backends.queue.playSong(songId, isGenreSelection)),
    playGenerationStream: async (request) => {
      // The engine shows the stream at once; play() then waits for its first audio.
      const playing = engine.playGenerationStream(request);
      if (engine.getSnapshot().generationStream?.requestId === request.requestId) {
        stopFollowing?.();
        stopFollowing = followGenerationStream(engine, backends.generations, request.requestId, (songId) => backends.queue.playSong(songId, false), (message, error) =>
          console.warn(`[player] ${message}`, error),
        );
      }
      await playing;
    },
  };
}

// One engine per Apollo client: StrictMode's double render must not build a second audio graph.
const servicesByClient = new WeakMap<ApolloClient, PlayerServices>();

function servicesFor(client: ApolloClient): PlayerServices {
  let services = servicesByClient.get(client);
  if (!services) {
    services = createPlayerServices(
      createBrowserAudioGraph(),
      {
        queue: createApolloQueueBackend(client),
        mixerSettings: createApolloMixerSettingsBackend(client),
        voiceLinks: createApolloVoiceLinkSource(client),
        generations: createApolloGenerationWatch(client),
      },
      window.localStorage,
    );
    servicesByClient.set(client, services);
  }
  return services;
}

const PlayerContext = createContext<PlayerServices | null>(null);

/**
 * Keeps the local radio state (badge, 1 hour expiry) in step with the queue's radio genre. Started
 * once the server's queue is in: a state left from before (the radio ended on another device) is
 * dropped then, while one that still matches keeps its startedAt.
 */
function mirrorRadioGenre(engine: PlayerEngine, storage: Storage): () => void {
  let last: string | null | undefined;
  const sync = () => {
    const genre = engine.getSnapshot().radioGenre;
    if (genre === last) return;
    last = genre;
    if (!genre) clearRadioState(storage);
    else if (readRadioState(storage)?.genre !== genre) saveRadioState(storage, genre);
  };
  sync();
  return engine.subscribe(sync);
}

function followQueueChanges(client: ApolloClient, engine: PlayerEngine): () => void {
  const subscription = client.subscribe({ query: QUEUE_CHANGED_SUBSCRIPTION }).subscribe({
    next: ({ data }) => {
      if (data) void withMixAnalyses(client, toQueueSnapshot(data.queueChanged)).then((queue) => engine.applyQueue(queue, 'keep'));
    },
    error: (error: unknown) => console.warn('[player] queueChanged subscription ended', error),
  });
  return () => subscription.unsubscribe();
}

interface PlayerProviderProps {
  children: ReactNode;
  /** Prebuilt services (tests); by default one engine per Apollo client on the browser's audio. */
  services?: PlayerServices;
}

export function PlayerProvider({ children, services: given }: PlayerProviderProps) {
  const client = useApolloClient();
  const services = given ?? servicesFor(client);

  useEffect(() => {
    const { engine, mixerSettings, mixer } = services;
    const stops = [
      engine.onNotice((notice) => toast({ title: notice.title, description: notice.description, variant: 'destructive' })),
      engine.listenForQueueRefresh(window),
      // Changes made while the socket was down (another device, a server restart) never came as pushes.
      engine.listenForQueueRefresh(window, SUBSCRIPTIONS_RESUMED_EVENT),
      followQueueChanges(client, engine),
      mixerSettings.start(),
      mixer.start(),
    ];
    // Read before anything is written: the first snapshots (no song, then position 0) must not replace it.
    const remembered = readPlayback(window.localStorage);
    let active = true;
    void engine
      .refresh()
      .then(() => {
        if (active) stops.push(mirrorRadioGenre(engine, window.localStorage));
        return active ? restorePlayback(engine, remembered) : false;
      })
      .then(() => {
        if (active) stops.push(rememberPlayback(engine, window.localStorage, window));
      });
    return () => {
      active = false;
      for (const stop of stops) stop();
      engine.pause();
    };
  }, [client, services]);

  return <PlayerContext.Provider value={services}>{children}</PlayerContext.Provider>;
}

export function usePlayerServices(): PlayerServices {
  const services = useContext(PlayerContext);
  if (!services) throw new Error('usePlayerServices must be used inside <PlayerProvider>');
  return services;
}

export function usePlayerState(): PlayerState {
  const { engine } = usePlayerServices();
  return useSyncExternalStore(engine.subscribe, engine.getSnapshot);
}

export function useMixerSettingsState(): MixerSettingsState {
  const { mixerSettings } = usePlayerServices();
  return useSyncExternalStore(mixerSettings.subscribe, mixerSettings.getSnapshot);
}

const subscribeRadio = (onChange: () => void) => watchRadioState(window.localStorage, onChange);
const currentRadioGenre = () => readRadioState(window.localStorage)?.genre ?? null;

/** The genre of a live radio (stored locally, expires after 1 hour, checked every second), or null. */
export function useRadioGenre(): string | null {
  return useSyncExternalStore(subscribeRadio, currentRadioGenre);
}
