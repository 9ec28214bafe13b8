import { Timestamped, CreatedAt } from './timestamps.js';
import { User } from '../users/user.entity.js';
import { UserPreferences } from '../users/user-preferences.entity.js';
import { Session } from '../auth/session.entity.js';
import { UserProfile } from '../profile/user-profile.entity.js';
import { SongFields } from '../songs/song-fields.js';
import { Song } from '../songs/song.entity.js';
import { ProductionSong } from '../songs/production-song.entity.js';
import { ProductionTransferRun } from '../production/production-transfer-run.entity.js';
import { GenerationRequest } from '../generation/generation-request.entity.js';
import { GeneratedLyrics } from '../generation/generated-lyrics.entity.js';
import { GeneratedMusic } from '../generation/generated-music.entity.js';
import { Playlist } from '../playlists/playlist.entity.js';
import { PlaylistSong } from '../playlists/playlist-song.entity.js';
import { SmartPlaylist } from '../smart-playlists/smart-playlist.entity.js';
import { LikedSong } from '../library/liked-song.entity.js';
import { PlayHistory } from '../library/play-history.entity.js';
import { PlayQueue } from '../library/play-queue.entity.js';
import { PlayQueueEntry } from '../library/play-queue-entry.entity.js';
import { UserTimePreferences } from '../schedules/user-time-preferences.entity.js';
import { TemporaryScheduleOverride } from '../schedules/temporary-schedule-override.entity.js';
import { EnergySchedulePreset } from '../schedules/energy-schedule-preset.entity.js';
import { RadioStation } from '../radio/radio-station.entity.js';
import { AlbumArt } from '../artwork/album-art.entity.js';
import { GenreArt } from '../artwork/genre-art.entity.js';
import { ContentArt } from '../artwork/content-art.entity.js';
import { SongContentAnalysis } from '../moderation/song-content-analysis.entity.js';
import { ContentModerationItem } from '../moderation/content-moderation-item.entity.js';
import { ContentRegenerationRequest } from '../moderation/content-regeneration-request.entity.js';
import { WorkerHeartbeatRow } from '../generation/worker-heartbeat.entity.js';
import { AdminAuditEntry } from '../admin/admin-audit-entry.entity.js';
import { PlanCode } from '../plans/plan-code.entity.js';
import { SubscriptionEvent } from '../plans/subscription-event.entity.js';
import { StripeCustomer } from '../plans/stripe-customer.entity.js';
import { GenerationUsage } from '../usage/generation-usage.entity.js';
import { CostSettings } from '../usage/cost-settings.entity.js';
import { CredentialFields } from '../api-access/credential-fields.js';
import { AppPassword } from '../api-access/app-password.entity.js';
import { AccessToken } from '../api-access/access-token.entity.js';
import { DjSession } from '../dj/dj-session.entity.js';
import { AiArtist } from '../artists/ai-artist.entity.js';
import { EnhancementBatch } from '../enhancement/enhancement-batch.entity.js';
import { EnhancementItem } from '../enhancement/enhancement-item.entity.js';

/** Every mapped class, base classes included (MikroORM discovers inherited columns through them). */
export const entities = [
  Timestamped,
  CreatedAt,
  SongFields,
  User,
  UserPreferences,
  Session,
  UserProfile,
  Song,
  ProductionSong,
  ProductionTransferRun,
  GenerationRequest,
  GeneratedLyrics,
  GeneratedMusic,
  Playlist,
  PlaylistSong,
  SmartPlaylist,
  LikedSong,
  PlayHistory,
  PlayQueue,
  PlayQueueEntry,
  UserTimePreferences,
  TemporaryScheduleOverride,
  EnergySchedulePreset,
  RadioStation,
  AlbumArt,
  GenreArt,
  ContentArt,
  SongContentAnalysis,
  ContentModerationItem,
  ContentRegenerationRequest,
  WorkerHeartbeatRow,
  AdminAuditEntry,
  PlanCode,
  SubscriptionEvent,
  StripeCustomer,
  GenerationUsage,
  CostSettings,
  CredentialFields,
  AppPassword,
  AccessToken,
  DjSession,
  AiArtist,
  EnhancementBatch,
  EnhancementItem,
];
