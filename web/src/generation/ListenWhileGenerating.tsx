/**
 * 'Play now' for a song being encoded, or at once with `autoPlay`: the player plays its stream and
 * goes on with the stored song when it is saved. Shown by the Studio and the Generation Queue.
 */
import { useEffect, useRef } from 'react';
import { Headphones } from 'lucide-react';
import { usePlayerServices, usePlayerState } from '../player/PlayerProvider';
import type { GenerationStreamRequest } from '../player/types';
import './ListenWhileGenerating.css';

/** `stream` is undefined until the request's title and length are known (its plan). */
export function ListenWhileGenerating({ requestId, stream, autoPlay = false }: { requestId: string; stream: GenerationStreamRequest | undefined; autoPlay?: boolean }) {
  const { playGenerationStream } = usePlayerServices();
  const { generationStream, isPlaying } = usePlayerState();
  const started = useRef<string | null>(null);
  const listen = () => {
    if (!stream) return;
    started.current = requestId;
    void playGenerationStream(stream);
  };
  useEffect(() => {
    if (autoPlay && stream && started.current !== requestId) listen();
  });
  if (generationStream?.requestId === requestId && isPlaying) {
    return (
      <p className="listen-while-generating__playing">
        <Headphones size={16} aria-hidden /> Playing while it is made
      </p>
    );
  }
  return (
    <div className="listen-while-generating">
      <button type="button" className="button" onClick={listen} disabled={!stream}>
        <Headphones size={16} aria-hidden /> Play now
      </button>
    </div>
  );
}
