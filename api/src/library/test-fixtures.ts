import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { User } from '../users/user.entity.js';
import { Song } from '../songs/song.entity.js';

/** Test data for the playback suites: rows inserted directly, as the brief asks. */
export async function insertUser(em: EntityManager, username: string): Promise<User> {
  const user = em.create(User, { username });
  await em.flush();
  return user;
}

export async function insertSong(
  em: EntityManager,
  fields: { title: string; genre?: string | null; isPublic?: boolean; user?: User | null; id?: string; duration?: number },
): Promise<Song> {
  const id = fields.id ?? randomUUID();
  const song = em.create(Song, {
    id,
    title: fields.title,
    genre: fields.genre ?? null,
    isPublic: fields.isPublic ?? true,
    user: fields.user ?? null,
    duration: fields.duration ?? 180,
    audioUrl: `/media/songs/${id}.mp3`,
    settings: null,
  });
  await em.flush();
  return song;
}
