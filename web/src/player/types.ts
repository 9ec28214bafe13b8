/**
 * Shapes the playback engine works with. They mirror the GraphQL contract (`Song`, `SongAnalysis`,
 * `Queue`) but only the fields playback needs, so a later layer can pass codegen results straight in.
 */

export interface SilenceRange {
  /** Seconds from the start of the song. */
  start: number;
  end: number;
}

export interface SongAnalysis {
  durationSeconds: number;
  bpm: number;
  beatOffsetSeconds: number;
  integratedLufs: number;
  introEndSeconds: number;
  outroStartSeconds: number;
  silenceRanges: readonly SilenceRange[];
}

export interface PlayableSong {
  id: string;
  title: string;
  artist?: string | null;
  audioUrl?: string | null;
  coverUrl?: string | null;
  thumbnailUrl?: string | null;
  mood?: string | null;
  genre?: string | null;
  /** Seconds, when the server knows it; the audio element's duration wins once metadata loads. */
  duration?: number | null;
  analysis?: SongAnalysis | null;
}

export interface QueueSnapshot {
  currentSong: PlayableSong | null;
  upcomingQueue: readonly PlayableSong[];
  playHistory: readonly PlayableSong[];
  radioGenre?: string | null;
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

export const EMPTY_QUEUE: QueueSnapshot = Object.freeze({
  currentSong: null,
  upcomingQueue: Object.freeze([]) as readonly PlayableSong[],
  playHistory: Object.freeze([]) as readonly PlayableSong[],
  radioGenre: null,
});
