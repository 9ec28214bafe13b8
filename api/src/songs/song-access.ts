import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import type { ObjectQuery } from '@mikro-orm/core';
import { Song } from './song.entity.js';
import type { User } from '../users/user.entity.js';
import { isAdmin } from '../users/permissions.js';
import { notFound } from '../common/errors.js';

/*
 * Who sees which song (docs/permissions.md, SPEC 6 isPublic / canBeShared):
 * - listed: public songs a moderator has not hidden, and the listener's own. What picks songs for a
 *   listener (the library's pages, radio, stations, 'made for you', smart playlists, profiles) lists these.
 * - visible: the listed ones, and for admins every song: what a user may open, play, like, queue,
 *   find in search or keep in a playlist. A private song is its owner's and the admins'.
 * - shared: what someone else's public playlist shows a viewer: the visible songs whose owner lets
 *   them be shared (canBeShared), the viewer's own, and for admins every song.
 */

/** Songs public and not hidden by a moderator: all that someone signed out may see (their media). */
export const publicSongs: ObjectQuery<Song> = { isPublic: true, moderationStatus: 'visible' };

/** Songs public and not hidden, or the user's own: what lists that pick music for a listener show. */
export function listedSongs(user: Pick<User, 'id'>): ObjectQuery<Song> {
  return { $or: [publicSongs, { user: user.id }] };
}

/** The listedSongs rule as SQL for hand-written reads: `alias` is the songs table's alias, the one `?` takes the listener's id. */
export function listedSongsSql(alias: string): string {
  return `((${alias}.is_public and ${alias}.moderation_status = 'visible') or ${alias}.user_id = ?)`;
}

/** Songs a user may see, play, like and queue: the listed ones, and every song for an admin. */
export function visibleSongs(user: User): ObjectQuery<Song> {
  return isAdmin(user) ? { id: { $ne: null } } : listedSongs(user);
}

/**
 * The visibleSongs rule as SQL: `alias` is the songs table's alias; its two `?` take
 * `visibleSongsParams(viewer)`.
 */
export function visibleSongsSql(alias: string): string {
  return `((${alias}.is_public and ${alias}.moderation_status = 'visible') or ${alias}.user_id = ? or ?)`;
}

/** The bindings of visibleSongsSql: the viewer's id and whether they see every song (admins). */
export function visibleSongsParams(viewer: User): [number, boolean] {
  return [viewer.id, isAdmin(viewer)];
}

/**
 * What a playlist shows a viewer, as SQL (the rule playlistViews applies): in their own playlist the
 * songs they may see, in someone else's the shared ones. `song` and `playlist` are the aliases; its
 * `?`s take `playlistSongsParams(viewer)`.
 */
export function playlistSongsSql(song: string, playlist: string): string {
  return `(${visibleSongsSql(song)} and (${playlist}.user_id = ? or ${song}.can_be_shared or ${song}.user_id = ? or ?))`;
}

export function playlistSongsParams(viewer: User): [number, boolean, number, number, boolean] {
  return [...visibleSongsParams(viewer), viewer.id, viewer.id, isAdmin(viewer)];
}

/** Of the songs a viewer may see, those someone else may show them (a public playlist): shareable, their own, or any for admins. */
export function sharedSongs(viewer: User): ObjectQuery<Song> {
  return isAdmin(viewer) ? visibleSongs(viewer) : { $and: [listedSongs(viewer), { $or: [{ canBeShared: true }, { user: viewer.id }] }] };
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
