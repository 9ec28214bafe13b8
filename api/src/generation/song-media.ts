import type { MediaStorage } from '../storage/media-storage.js';
import { mediaUrl } from '../storage/media-storage.js';
import type { SongArtifacts } from './pipeline.js';

export interface SongMediaUrls {
  audioUrl: string;
  coverUrl: string | null;
  thumbnailUrl: string | null;
}

/**
 * Stores a finished song's files (served at /media after the access check, docs/storage.md). Names
 * contain the song id, so an object never changes once published and a retry rewrites the same ones.
 */
export async function writeSongMedia(storage: MediaStorage, songId: string, artifacts: Pick<SongArtifacts, 'mp3' | 'cover'>): Promise<SongMediaUrls> {
  const audio = `songs/${songId}.mp3`;
  await storage.write(audio, artifacts.mp3);
  if (!artifacts.cover) return { audioUrl: mediaUrl(audio), coverUrl: null, thumbnailUrl: null };
  const cover = `covers/${songId}.png`;
  const thumbnail = `covers/${songId}-256.png`;
  await Promise.all([storage.write(cover, artifacts.cover.full), storage.write(thumbnail, artifacts.cover.thumbnail)]);
  return { audioUrl: mediaUrl(audio), coverUrl: mediaUrl(cover), thumbnailUrl: mediaUrl(thumbnail) };
}
