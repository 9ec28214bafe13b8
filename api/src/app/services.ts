import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config/config.js';
import type { AppPubSub } from '../pubsub/pubsub.js';
import { SessionStore } from '../auth/sessions.js';
import { SessionSockets } from '../auth/session-sockets.js';
import { LoginLimiter, SignUpLimiter } from '../auth/throttles.js';
import { AuthService } from '../auth/auth.service.js';
import { OidcSignIn } from '../auth/oidc.js';
import { UsersService } from '../users/users.service.js';
import { QueueService } from '../library/queue.service.js';
import { LikesService } from '../library/likes.service.js';
import { PlaylistService } from '../playlists/playlist.service.js';
import { SmartPlaylistService } from '../smart-playlists/smart-playlist.service.js';
import { SongManagementService } from '../song-management/song-management.service.js';
import { LibraryReads } from '../songs/library-reads.js';
import { SongCatalogueService } from '../songs/catalogue.service.js';
import { SearchService } from '../search/search.service.js';
import { HomeService } from '../home/home.service.js';
import { MixerSettingsService } from '../users/mixer-settings.service.js';
import { PreferencesService } from '../settings/preferences.service.js';
import { ProfileService } from '../profile/profile.service.js';
import { AccountService } from '../account/account.service.js';
import { SecretBox } from '../account/secret-box.js';
import { ApiAccessService } from '../api-access/api-access.service.js';
import type { Logger } from './logger.js';
import type { MusicProvider } from '../music/types.js';
import { createGenerationServices, type GenerationServices } from '../generation/generation-services.js';
import { createModerationServices } from '../moderation/moderation-services.js';
import type { ModerationService } from '../moderation/moderation.service.js';
import { AdminUsersService } from '../admin/admin-users.service.js';
import { AdminOverviewService } from '../admin/admin-overview.service.js';
import { AdminQueueService } from '../admin/admin-queue.service.js';
import { PlanService } from '../plans/plan.service.js';
import { planCodesOnly, type PaymentProvider } from '../plans/payments.js';
import { StripePayments, StripeWebhooks } from '../plans/stripe-payments.js';
import { UsageService } from '../usage/usage.service.js';
import { RadioStationsService } from '../radio/stations.service.js';
import { RadioGeneration } from '../radio/radio-generation.js';
import { SchedulesService } from '../schedules/schedules.service.js';
import { SchedulePresetsService } from '../schedules/schedule-presets.service.js';
import { DjService } from '../dj/dj.service.js';
import { DjVoice } from '../dj/voice.js';
import { DownloadService } from '../downloads/download.service.js';
import { ArtistService } from '../artists/artist.service.js';
import { createEnhancementServices } from '../enhancement/enhancement-services.js';
import type { EnhancementService } from '../enhancement/enhancement.service.js';
import { ProductionSyncService } from '../production/production-sync.service.js';
import { CatalogueArchiveService } from '../production/catalogue-archive.service.js';
import { createMediaStorage } from '../storage/create-storage.js';
import { MediaDelivery } from '../storage/media-delivery.js';

/** The process-wide service objects; GraphQL resolvers and REST routes both call these. */
export interface Services extends GenerationServices {
  config: AppConfig;
  orm: MikroORM;
  pubsub: AppPubSub;
  sessions: SessionStore;
  sessionSockets: SessionSockets;
  auth: AuthService;
  /** Single sign-on; null when no OpenID Connect provider is configured. */
  oidc: OidcSignIn | null;
  logger: Logger;
  users: UsersService;
  queue: QueueService;
  likes: LikesService;
  playlists: PlaylistService;
  smartPlaylists: SmartPlaylistService;
  songManagement: SongManagementService;
  catalogue: SongCatalogueService;
  /** Library pages answered from memory (started by the server; the services that change songs tell it). */
  libraryReads: LibraryReads;
  search: SearchService;
  home: HomeService;
  mixerSettings: MixerSettingsService;
  moderation: ModerationService;
  adminUsers: AdminUsersService;
  adminOverview: AdminOverviewService;
  adminQueue: AdminQueueService;
  enhancement: EnhancementService;
  productionSync: ProductionSyncService;
  catalogueArchive: CatalogueArchiveService;
  plans: PlanService;
  payments: PaymentProvider;
  /** Stripe's subscription webhooks; null without Stripe. */
  stripeWebhooks: StripeWebhooks | null;
  usage: UsageService;
  radioStations: RadioStationsService;
  schedules: SchedulesService;
  schedulePresets: SchedulePresetsService;
  dj: DjService;
  downloads: DownloadService;
  preferences: PreferencesService;
  profiles: ProfileService;
  account: AccountService;
  apiAccess: ApiAccessService;
  artists: ArtistService;
  /** Media storage (local disk or a bucket) and its delivery to clients. */
  media: MediaDelivery;
}

export async function createServices(deps: {
  config: AppConfig;
  orm: MikroORM;
  pubsub: AppPubSub;
  redis: Redis | null;
  logger: Logger;
  /** Another music provider than the configured one (tests). */
  musicProvider?: MusicProvider;
}): Promise<Services> {
  const sessions = new SessionStore(deps.config.sessionSecret, deps.pubsub);
  const storage = await createMediaStorage(deps.config);
  const generation = await createGenerationServices({ config: deps.config, orm: deps.orm, pubsub: deps.pubsub, redis: deps.redis, logger: deps.logger, storage, provider: deps.musicProvider });
  const queue = new QueueService(deps.pubsub, new RadioGeneration(generation.generation), (e) => deps.logger.error(e, 'Publishing queueChanged failed'));
  const playlists = new PlaylistService(deps.pubsub, queue);
  const libraryReads = new LibraryReads(deps.pubsub);
  const secrets = new SecretBox(deps.config);
  const schedules = new SchedulesService();
  const dj = new DjService({ queue, schedules, voice: new DjVoice(storage, deps.config.djVoiceCommand), onError: (e) => deps.logger.error(e, 'Re-planning the DJ set failed') });
  const stripe = deps.config.stripe ? new StripePayments(deps.config.stripe) : null;
  const payments = stripe ?? planCodesOnly;
  const plans = new PlanService(deps.pubsub, payments);
  const productionSync = new ProductionSyncService({ orm: deps.orm, logger: deps.logger });
  return {
    config: deps.config,
    orm: deps.orm,
    pubsub: deps.pubsub,
    sessions,
    sessionSockets: new SessionSockets(deps.pubsub),
    oidc: deps.config.oidc ? new OidcSignIn(deps.config.oidc, deps.config.sessionSecret) : null,
    logger: deps.logger,
    auth: new AuthService(sessions, new LoginLimiter({ redis: deps.redis }), new SignUpLimiter({ redis: deps.redis }, deps.config.signUpsPerHour)),
    users: new UsersService(deps.pubsub),
    queue,
    likes: new LikesService(queue.reads, libraryReads),
    playlists,
    smartPlaylists: new SmartPlaylistService(queue),
    songManagement: new SongManagementService(storage, queue, playlists, libraryReads),
    catalogue: new SongCatalogueService(),
    libraryReads,
    search: new SearchService(queue),
    home: new HomeService(),
    mixerSettings: new MixerSettingsService(),
    ...generation,
    ...createModerationServices({ orm: deps.orm, logger: deps.logger, pubsub: deps.pubsub, storage, queue, playlists, library: libraryReads, ...generation }),
    adminUsers: new AdminUsersService(sessions),
    adminOverview: new AdminOverviewService({ storage, redis: deps.redis, embeddedDatabase: !deps.config.databaseUrl, heartbeats: generation.workerHeartbeats }),
    adminQueue: new AdminQueueService(generation.generation),
    ...createEnhancementServices({ config: deps.config, orm: deps.orm, logger: deps.logger, pubsub: deps.pubsub, storage, ...generation }),
    productionSync,
    catalogueArchive: new CatalogueArchiveService({ storage, stagingDir: path.join(deps.config.dataDir, 'catalogue-imports'), productionSync, library: libraryReads }),
    plans,
    payments,
    stripeWebhooks: stripe ? new StripeWebhooks(stripe, plans) : null,
    usage: new UsageService({ cpuSecondPrice: deps.config.costPerCpuSecond, gbMonthPrice: deps.config.costPerGbMonth }),
    radioStations: new RadioStationsService(),
    schedules,
    schedulePresets: new SchedulePresetsService(),
    dj,
    downloads: new DownloadService(generation.musicProvider, storage),
    preferences: new PreferencesService({ pubsub: deps.pubsub, queue }),
    profiles: new ProfileService({ pubsub: deps.pubsub, storage }),
    account: new AccountService({ sessions, pubsub: deps.pubsub, secrets, storage, library: libraryReads }),
    apiAccess: new ApiAccessService(secrets),
    artists: new ArtistService({ storage, queue }),
    media: new MediaDelivery(storage, { mode: deps.config.mediaUrls, ttlSeconds: deps.config.mediaUrlTtlSeconds }),
  };
}
