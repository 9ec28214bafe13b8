import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { ObjectQuery } from '@mikro-orm/core';
import { Song } from './song.entity.js';
import type { User } from '../users/user.entity.js';
import { notFound } from '../common/errors.js';

/** Songs a user may see, play, like and queue: public ones a moderator has not hidden, and their own (SPEC 6 isPublic). */
export function visibleSongs(user: Pick<User, 'id'>): ObjectQuery<Song> {
  return { $or: [{ isPublic: true, moderationStatus: 'visible' }, { user: user.id }] };
}

/**
 * The same rule as SQL for hand-written reads: `alias` is the songs table's alias, and the one `?`
 * takes the viewer's id.
 */
export function visibleSongsSql(alias: string): string {
  return `((${alias}.is_public and ${alias}.moderation_status = 'visible') or ${alias}.user_id = ?)`;
}

/** The song when the user may see it; others' private songs are NOT_FOUND, as if absent. */
export async function findVisibleSong(em: EntityManager, user: User, id: string): Promise<Song> {
  const song = await em.findOne(Song, { $and: [{ id }, visibleSongs(user)] });
  if (!song) throw notFound('Song not found');
  return song;
}

/** The songs in the order of `ids` when the user may see all of them; any other is NOT_FOUND. */
export async function findVisibleSongs(em: EntityManager, user: User, ids: readonly string[]): Promise<Song[]> {
  const found = await em.find(Song, { $and: [{ id: { $in: [...new Set(ids)] } }, visibleSongs(user)] });
  const byId = new Map(found.map((song) => [song.id, song]));
  return ids.map((id) => {
    const song = byId.get(id);
    if (!song) throw notFound('Song not found');
    return song;
  });
}

/** A song id as clients send it (songs ids are text). */
export const songIdSchema = z.string({ error: 'Song id is required' }).trim().min(1, 'Song id is required').max(200, 'Song id is too long');
