/**
 * Shapes the playback engine works with, derived from the codegen types of the player's GraphQL
 * fragments (`PlayerSongFields`, `PlayerAnalysisFields`): only id and title are required, so tests and other callers can
 * pass partial songs, and codegen results pass straight in.
 */
import type { PlayerAnalysisFieldsFragment, PlayerSongFieldsFragment } from '../gql/graphql';

/** What the mixer reads of a song's analysis (PlayerAnalysisFields). */
export type SongAnalysis = PlayerAnalysisFieldsFragment;

/** Seconds from the start of the song. */
export type SilenceRange = SongAnalysis['silenceRanges'][number];

export type PlayableSong = Pick<PlayerSongFieldsFragment, 'id' | 'title'> &
  Partial<Pick<PlayerSongFieldsFragment, 'artist' | 'audioUrl' | 'coverUrl' | 'thumbnailUrl' | 'mood' | 'genre' | 'duration'>> & {
    /** Attached to the current and the next song only (apolloBackends.ts); undefined when not fetched. */
    analysis?: SongAnalysis | null;
    /**
     * Set while the song is still being generated: the id of its generation request, whose stream
     * `audioUrl` is (playerEngine.ts, "generation streams"). Such a song is not in the library yet: no
     * likes, no analysis, not in the server's queue.
     */
    generationId?: string;
  };

/** A song being generated, to be heard from its stream while it is encoded. */
export interface GenerationStreamRequest {
  requestId: string;
  title: string;
  /** The plan's length: the stream's own is unknown until it has ended. */
  durationSeconds: number;
  genre?: string | null;
  mood?: string | null;
}

export interface QueueSnapshot {
  currentSong: PlayableSong | null;
  upcomingQueue: readonly PlayableSong[];
  playHistory: readonly PlayableSong[];
  radioGenre?: string | null;
  /** The DJ plans the upcoming songs (the player then asks for the DJ voice's links). */
  djActive?: boolean | null;
  /** Grows with every change on the server; a snapshot older than one already applied is stale. */
  version?: number | null;
}

/**
 * The queue operations the engine needs from the server. Each answers with the queue after the
 * change; a later layer implements it with the GraphQL mutations (autoAdvance, nextSong,
 * previousSong) and the `queue` query.
 */
export interface QueueBackend {
  autoAdvance(finishedSongId: string): Promise<QueueSnapshot>;
  next(): Promise<QueueSnapshot>;
  previous(): Promise<QueueSnapshot>;
  refresh(): Promise<QueueSnapshot>;
}

/** A spoken DJ link between two songs (server-synthesised MP3, mastered to the outgoing song). */
export interface VoiceLink {
  text: string;
  audioUrl: string;
  durationSeconds: number;
}

export interface VoiceLinkSource {
  /** The link from the current song into the next; null when there is none (voice off). */
  linkFor(fromSongId: string, toSongId: string): Promise<VoiceLink | null>;
}

export const EMPTY_QUEUE: QueueSnapshot = Object.freeze({
  currentSong: null,
  upcomingQueue: Object.freeze([]) as readonly PlayableSong[],
  playHistory: Object.freeze([]) as readonly PlayableSong[],
  radioGenre: null,
});
