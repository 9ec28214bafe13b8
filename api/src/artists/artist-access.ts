import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../common/errors.js';
import { toSerialId } from '../common/ids.js';
import type { ArtistStyle } from '../music/types.js';
import { isAdmin } from '../users/permissions.js';
import type { User } from '../users/user.entity.js';
import { AiArtist } from './ai-artist.entity.js';

/** Who may see an artist (and generate as it): its owner, admins, and (public ones) every signed-in user. */
export function canSeeArtist(user: User, artist: AiArtist): boolean {
  return artist.user.id === user.id || artist.isPublic || isAdmin(user);
}

/** An artist the user may see; anything else is NOT_FOUND (its existence is not revealed). */
export async function findVisibleArtist(em: EntityManager, user: User, id: unknown): Promise<AiArtist> {
  const artist = await em.findOne(AiArtist, { id: toSerialId(id, 'Artist not found') }, { populate: ['user'] });
  if (!artist || !canSeeArtist(user, artist)) throw notFound('Artist not found');
  return artist;
}

/** An artist's sound as the engine reads it. */
export function artistStyle(artist: AiArtist): ArtistStyle {
  return {
    name: artist.name,
    genres: artist.genres,
    moods: artist.moods,
    voice: artist.voiceType,
    timbre: artist.timbre,
    instruments: artist.instruments,
    tempoMin: artist.tempoMin,
    tempoMax: artist.tempoMax,
  };
}
