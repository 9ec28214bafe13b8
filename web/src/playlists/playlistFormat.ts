/** '1 song', '12 songs'. */
export function songCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'song' : 'songs'}`;
}

/** A playlist's length as Spotify writes it: '1 hr 5 min', '12 min 30 sec', '45 sec'. */
export function totalDurationLabel(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  if (hours > 0) return `${hours} hr ${minutes} min`;
  if (minutes > 0) return secs > 0 ? `${minutes} min ${secs} sec` : `${minutes} min`;
  return `${secs} sec`;
}

/** The name offered for a new playlist: 'My Playlist #n', one past the highest such number in use. */
export function nextPlaylistName(existing: readonly string[]): string {
  const used = existing.map((name) => /^My Playlist #(\d+)$/.exec(name)?.[1]).filter(Boolean).map(Number);
  return `My Playlist #${Math.max(existing.length, ...used) + 1}`;
}

/** The share link of a playlist (its page's address). */
export function playlistShareUrl(origin: string, playlistId: string): string {
  return `${origin}/playlists/${encodeURIComponent(playlistId)}`;
}
