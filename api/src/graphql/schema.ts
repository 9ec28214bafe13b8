import { buildSchema } from 'type-graphql';
import type { GraphQLSchema } from 'graphql';
import type { AppPubSub } from '../pubsub/pubsub.js';
import { AuthResolver } from '../auth/auth.resolver.js';
import { UsersResolver } from '../users/users.resolver.js';
import { QueueResolver } from '../library/queue.resolver.js';
import { LikesResolver } from '../library/likes.resolver.js';
import { SongsResolver } from '../songs/songs.resolver.js';
import { MixerSettingsResolver } from '../users/mixer-settings.resolver.js';
import { GenerationResolver } from '../generation/generation.resolver.js';
import { PlaylistResolver } from '../playlists/playlist.resolver.js';

export const resolvers = [AuthResolver, UsersResolver, QueueResolver, LikesResolver, SongsResolver, MixerSettingsResolver, GenerationResolver, PlaylistResolver] as const;

export function buildAppSchema(pubSub: AppPubSub): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: [...resolvers],
    pubSub,
    // Input is validated by the services (zod), the same code path REST uses.
    validate: false,
  });
}
