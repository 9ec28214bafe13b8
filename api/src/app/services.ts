import type { MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';
import type { AppPubSub } from '../pubsub/pubsub.js';
import { SessionStore } from '../auth/sessions.js';
import { SessionSockets } from '../auth/session-sockets.js';
import { LoginLimiter, SignUpLimiter } from '../auth/throttles.js';
import { AuthService } from '../auth/auth.service.js';
import { UsersService } from '../users/users.service.js';
import { QueueService } from '../library/queue.service.js';
import { LikesService } from '../library/likes.service.js';
import { PlaylistService } from '../playlists/playlist.service.js';
import { SongCatalogueService } from '../songs/catalogue.service.js';
import { MixerSettingsService } from '../users/mixer-settings.service.js';
import type { Logger } from './logger.js';
import type { MusicProvider } from '../music/types.js';
import { createGenerationServices, type GenerationServices } from '../generation/generation-services.js';

/** The process-wide service objects; GraphQL resolvers and REST routes both call these. */
export interface Services extends GenerationServices {
  config: AppConfig;
  orm: MikroORM;
  pubsub: AppPubSub;
  sessions: SessionStore;
  sessionSockets: SessionSockets;
  auth: AuthService;
  users: UsersService;
  queue: QueueService;
  likes: LikesService;
  playlists: PlaylistService;
  catalogue: SongCatalogueService;
  mixerSettings: MixerSettingsService;
}

export function createServices(deps: {
  config: AppConfig;
  orm: MikroORM;
  pubsub: AppPubSub;
  redis: Redis | null;
  logger: Logger;
  /** Another music provider than the configured one (tests). */
  musicProvider?: MusicProvider;
}): Services {
  const sessions = new SessionStore(deps.config.sessionSecret, deps.pubsub);
  const queue = new QueueService(deps.pubsub);
  return {
    config: deps.config,
    orm: deps.orm,
    pubsub: deps.pubsub,
    sessions,
    sessionSockets: new SessionSockets(deps.pubsub),
    auth: new AuthService(sessions, new LoginLimiter({ redis: deps.redis }), new SignUpLimiter({ redis: deps.redis }, deps.config.signUpsPerHour)),
    users: new UsersService(deps.pubsub),
    queue,
    likes: new LikesService(),
    playlists: new PlaylistService(deps.pubsub, queue),
    catalogue: new SongCatalogueService(),
    mixerSettings: new MixerSettingsService(),
    ...createGenerationServices({ config: deps.config, orm: deps.orm, pubsub: deps.pubsub, logger: deps.logger, provider: deps.musicProvider }),
  };
}
