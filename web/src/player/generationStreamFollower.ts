/**
 * Follows the generation whose stream the player is playing, until it is stored (the player then
 * goes on with the stored file: PlayerEngine.finishGenerationStream) or fails or is cancelled (back
 * to the server's queue). It asks for the request's outcome when it starts (it may be over
 * already), on each update of that request, and when the stream has ended (an update missed while
 * the socket was down); it stops once the stream is no longer the current song.
 */
import type { PlayerEngine } from './playerEngine';
import type { PlayableSong, QueueSnapshot } from './types';

export interface GenerationOutcome {
  status: string;
  /** The stored song, once completed. */
  song: PlayableSong | null;
}

export interface GenerationWatch {
  outcome(requestId: string): Promise<GenerationOutcome>;
  /** Calls `onUpdate` for each generation update (any request of the user); answers a stop. */
  listen(onUpdate: (requestId: string, status: string) => void): () => void;
}

export const STILL_GENERATING: readonly string[] = ['pending', 'processing', 'generating'];

export function followGenerationStream(
  engine: PlayerEngine,
  watch: GenerationWatch,
  requestId: string,
  makeCurrent: (songId: string) => Promise<QueueSnapshot>,
  warn: (message: string, error: unknown) => void,
): () => void {
  let over = false;
  let endSeen = false;
  const settle = async () => {
    const { status, song } = await watch.outcome(requestId);
    if (over || STILL_GENERATING.includes(status)) return;
    stop();
    if (status === 'completed' && song) await engine.finishGenerationStream(requestId, song, () => makeCurrent(song.id));
    else await engine.abandonGenerationStream(requestId);
  };
  const check = () => {
    if (!over) settle().catch((error: unknown) => warn(`Generation ${requestId} could not be followed`, error));
  };
  const stopListening = watch.listen((id, status) => {
    if (id === requestId && !STILL_GENERATING.includes(status)) check();
  });
  const stopWatching = engine.subscribe(() => {
    const stream = engine.getSnapshot().generationStream;
    if (stream?.requestId !== requestId) stop();
    else if (stream.ended && !endSeen) {
      endSeen = true;
      check();
    }
  });
  function stop() {
    over = true;
    stopListening();
    stopWatching();
  }
  check();
  return stop;
}
