import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SongArtifacts } from './pipeline.js';

export interface SongMediaUrls {
  audioUrl: string;
  coverUrl: string | null;
  thumbnailUrl: string | null;
}

/**
 * Writes a finished song's files under MEDIA_DIR (served at /media with Range, ETag and long
 * caching). Names contain the song id, so a file never changes once published.
 */
export async function writeSongMedia(mediaDir: string, songId: string, artifacts: Pick<SongArtifacts, 'mp3' | 'cover'>): Promise<SongMediaUrls> {
  await writeMediaFile(mediaDir, `songs/${songId}.mp3`, artifacts.mp3);
  if (!artifacts.cover) return { audioUrl: `/media/songs/${songId}.mp3`, coverUrl: null, thumbnailUrl: null };
  await writeMediaFile(mediaDir, `covers/${songId}.png`, artifacts.cover.full);
  await writeMediaFile(mediaDir, `covers/${songId}-256.png`, artifacts.cover.thumbnail);
  return { audioUrl: `/media/songs/${songId}.mp3`, coverUrl: `/media/covers/${songId}.png`, thumbnailUrl: `/media/covers/${songId}-256.png` };
}

/** Writes one file under MEDIA_DIR through a temporary name, so a crash never leaves half a file under the real one. */
export async function writeMediaFile(mediaDir: string, relative: string, bytes: Uint8Array): Promise<void> {
  const target = path.join(mediaDir, relative);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(`${target}.partial`, bytes);
  await rename(`${target}.partial`, target);
}
