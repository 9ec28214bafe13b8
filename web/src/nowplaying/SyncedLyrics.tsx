import { useEffect, useMemo, useRef } from 'react';
import { currentLineIndex, parseLrc } from './lrc';

interface SyncedLyricsProps {
  lrc: string;
  currentTime: number;
  onSeek(seconds: number): void;
}

/** Lyric lines with the current one highlighted and kept in the middle of the lyrics panel. */
export function SyncedLyrics({ lrc, currentTime, onSeek }: SyncedLyricsProps) {
  const lines = useMemo(() => parseLrc(lrc), [lrc]);
  const current = currentLineIndex(lines, currentTime);
  const panel = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const container = panel.current;
    const line = current >= 0 ? container?.children[current] : undefined;
    if (!container || !(line instanceof HTMLElement)) return;
    // Scroll only the panel, never the page, so reading elsewhere is not interrupted.
    const top = line.offsetTop - container.clientHeight / 2 + line.clientHeight / 2;
    container.scrollTo?.({ top: Math.max(0, top), behavior: 'smooth' });
  }, [current]);

  return (
    <ol ref={panel} className="lyrics" aria-label="Lyrics">
      {lines.map((line, index) => (
        <li key={`${line.time}-${index}`} className="lyrics__line" data-state={index === current ? 'current' : index < current ? 'past' : 'future'} aria-current={index === current ? 'true' : undefined}>
          <button type="button" className="lyrics__seek" onClick={() => onSeek(line.time)} disabled={!line.text}>
            {line.text || '♪'}
          </button>
        </li>
      ))}
    </ol>
  );
}
