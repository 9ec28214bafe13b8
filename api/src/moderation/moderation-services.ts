import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../app/logger.js';
import type { GenerationServices } from '../generation/generation-services.js';
import type { QueueService } from '../library/queue.service.js';
import type { LibraryReads } from '../songs/library-reads.js';
import type { AppPubSub } from '../pubsub/pubsub.js';
import type { PlaylistService } from '../playlists/playlist.service.js';
import type { MediaStorage } from '../storage/media-storage.js';
import { ModerationService } from './moderation.service.js';
import { RegenerationJobs } from './regeneration-jobs.js';
import { RegenerationService } from './regeneration.service.js';
import { SongRegenerator } from './song-regenerator.js';

type RegenerationJobDeps = { orm: MikroORM; logger: Logger; storage: MediaStorage; pubsub: AppPubSub } & Pick<GenerationServices, 'generationQueue' | 'musicProvider'>;

/**
 * Registers the regeneration jobs on the generation queue: every process that runs or queues
 * generation jobs calls this before the workers start (a worker process needs nothing more).
 */
export function registerRegenerationJobs(deps: RegenerationJobDeps): SongRegenerator {
  const regenerator = new SongRegenerator(deps.musicProvider, deps.storage);
  deps.generationQueue.addJobSource(new RegenerationJobs(deps.orm, regenerator, deps.logger, deps.pubsub));
  return regenerator;
}

/** Moderation with its regeneration jobs; an accepted regeneration is pushed to the queues and playlists that held the song. */
export function createModerationServices(deps: RegenerationJobDeps & { queue: QueueService; playlists: PlaylistService; library: LibraryReads }): { moderation: ModerationService } {
  const regenerator = registerRegenerationJobs(deps);
  const places = { queue: deps.queue, playlists: deps.playlists, library: deps.library };
  return { moderation: new ModerationService(new RegenerationService(deps.generationQueue, regenerator, places), deps.library) };
}
