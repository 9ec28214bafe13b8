/**
 * A playlist's cover: a 2x2 collage of its first four songs' covers, the one cover when it has
 * fewer, or a generated tile (colour from the name) when none of its songs has a cover.
 */
import { ListMusic } from 'lucide-react';
import './PlaylistCover.css';

/** A stable hue per name, so a playlist keeps its generated colour. */
function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

export function PlaylistCover({ name, coverUrls, size }: { name: string; coverUrls: readonly string[]; size: number }) {
  const style = { width: size, height: size };
  if (coverUrls.length >= 4) {
    return (
      <div className="playlist-cover playlist-cover--collage" style={style} data-testid="playlist-cover" aria-hidden>
        {coverUrls.slice(0, 4).map((url) => (
          <img key={url} src={url} alt="" loading="lazy" />
        ))}
      </div>
    );
  }
  if (coverUrls.length > 0) {
    return (
      <div className="playlist-cover" style={style} data-testid="playlist-cover" aria-hidden>
        <img src={coverUrls[0]} alt="" loading="lazy" />
      </div>
    );
  }
  const hue = hueOf(name);
  return (
    <div
      className="playlist-cover playlist-cover--generated"
      style={{ ...style, background: `linear-gradient(135deg, hsl(${hue} 70% 45%), hsl(${(hue + 60) % 360} 70% 25%))` }}
      data-testid="playlist-cover"
      aria-hidden
    >
      <ListMusic size={Math.round(size * 0.4)} />
    </div>
  );
}
