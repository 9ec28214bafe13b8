import type { EntityManager } from '@mikro-orm/postgresql';
import type { ObjectQuery } from '@mikro-orm/core';
import { Song } from '../songs/song.entity.js';
import { publicSongs, visibleSongs } from '../songs/song-access.js';
import { AiArtist } from '../artists/ai-artist.entity.js';
import { PORTRAIT_FOLDER } from '../artists/artist.service.js';
import { AVATAR_MEDIA_FOLDER } from '../profile/avatar-image.js';
import type { User } from '../users/user.entity.js';
import { isAdmin } from '../users/permissions.js';
import { mediaUrl } from './media-storage.js';

/** Painted once per installation and the same for everyone: any cache may keep it for good. */
const ARTWORK = 'public, max-age=31536000, immutable';
/** Public now, but its owner may make it private: a shared cache keeps it for ten minutes at most. */
const PUBLIC = 'public, max-age=600';
/** Only this browser may keep it (never a proxy or CDN); the bytes behind a name never change. */
const PRIVATE = 'private, max-age=86400';

/** A generated song's id at the start of its file names (songs/<id>.mp3, covers/<id>-256.png...). */
const SONG_ID_PREFIX = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})[.-]/;

/**
 * Who may fetch which media object (docs/storage.md): the Cache-Control to send it with, or null
 * when the asker may not (answered 404, as if absent, like the songs themselves).
 * - songs/, covers/: the files of a song the asker may see (visibleSongs: their own, public ones,
 *   every song for admins); signed out, public songs only. Public songs' media is `public`, the rest `private`.
 * - artists/: an AI Artist's portrait, when the artist is public, the asker's, or the asker is an admin.
 * - avatars/: profile pictures, shown wherever a user appears: anyone (names carry a random part).
 * - genre-art/, album-art/: the installation's artwork: anyone.
 * - dj-voice/: the DJ's spoken links: signed-in users.
 * - anything else (the Subsonic transcoding cache...): nobody through /media.
 */
export async function mediaCacheControl(em: EntityManager, user: User | null, key: string): Promise<string | null> {
  const [folder, name = ''] = key.split('/', 2);
  switch (folder) {
    case 'genre-art':
    case 'album-art':
      return ARTWORK;
    case AVATAR_MEDIA_FOLDER:
      return PUBLIC;
    case 'dj-voice':
      return user ? PRIVATE : null;
    case PORTRAIT_FOLDER:
      return portraitCacheControl(em, user, mediaUrl(key));
    case 'songs':
    case 'covers':
      return songMediaCacheControl(em, user, mediaUrl(key), SONG_ID_PREFIX.exec(name)?.[1] ?? null);
    default:
      return null;
  }
}

async function songMediaCacheControl(em: EntityManager, user: User | null, url: string, songId: string | null): Promise<string | null> {
  const usesFile: ObjectQuery<Song> = { $or: [{ audioUrl: url }, { coverUrl: url }, { thumbnailUrl: url }] };
  const allowed = user ? visibleSongs(user) : publicSongs;
  const find = (where: ObjectQuery<Song>) => em.findOne(Song, { $and: [where, usesFile, allowed] }, { fields: ['isPublic', 'moderationStatus'] });
  // The id in the name finds the song by its key; a file another song uses is found by its URL.
  const song = (songId ? await find({ id: songId }) : null) ?? (await find({}));
  if (!song) return null;
  return song.isPublic && song.moderationStatus === 'visible' ? PUBLIC : PRIVATE;
}

async function portraitCacheControl(em: EntityManager, user: User | null, url: string): Promise<string | null> {
  const artist = await em.findOne(AiArtist, { $or: [{ portraitUrl: url }, { portraitThumbnailUrl: url }] }, { fields: ['isPublic', 'user'] });
  if (!artist) return null;
  if (artist.isPublic) return PUBLIC;
  return user && (artist.user.id === user.id || isAdmin(user)) ? PRIVATE : null;
}
