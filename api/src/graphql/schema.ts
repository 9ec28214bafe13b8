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
import { SmartPlaylistResolver } from '../smart-playlists/smart-playlist.resolver.js';
import { SongManagementResolver } from '../song-management/song-management.resolver.js';
import { ModerationResolver } from '../moderation/moderation.resolver.js';
import { AdminResolver } from '../admin/admin.resolver.js';
import { SearchResolver } from '../search/search.resolver.js';
import { HomeResolver } from '../home/home.resolver.js';
import { PlanResolver } from '../plans/plan.resolver.js';
import { UsageResolver } from '../usage/usage.resolver.js';
import { RadioResolver } from '../radio/radio.resolver.js';
import { SchedulesResolver } from '../schedules/schedules.resolver.js';
import { PreferencesResolver } from '../settings/preferences.resolver.js';
import { ProfileResolver } from '../profile/profile.resolver.js';
import { AccountResolver } from '../account/account.resolver.js';
import { ApiAccessResolver } from '../api-access/api-access.resolver.js';
import { DjResolver } from '../dj/dj.resolver.js';
import { DownloadResolver } from '../downloads/download.resolver.js';
import { ArtistResolver } from '../artists/artist.resolver.js';
import { EnhancementResolver } from '../enhancement/enhancement.resolver.js';
import { ProductionResolver } from '../production/production.resolver.js';

export const resolvers = [AuthResolver, UsersResolver, QueueResolver, LikesResolver, SongsResolver, MixerSettingsResolver, GenerationResolver, PlaylistResolver, SmartPlaylistResolver, SongManagementResolver, ModerationResolver, AdminResolver, SearchResolver, HomeResolver, PlanResolver, UsageResolver, RadioResolver, SchedulesResolver, PreferencesResolver, ProfileResolver, AccountResolver, ApiAccessResolver, DjResolver, DownloadResolver, ArtistResolver, EnhancementResolver, ProductionResolver] as const;

export function buildAppSchema(pubSub: AppPubSub): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: [...resolvers],
    pubSub,
    // Input is validated by the services (zod), the same code path REST uses.
    validate: false,
    // type-graphql's check runs the whole introspection query (about 0.1 s of start-up, issue 20); the
    // schema is still validated where it is used (Apollo's start, graphql's execute: assertValidSchema).
    skipCheck: true,
  });
}
