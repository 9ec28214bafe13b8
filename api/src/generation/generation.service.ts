import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { AppError, forbidden, notFound } from '../common/errors.js';
import { parseInput } from '../common/validation.js';
import { type ArtistStyle, MusicInputError, type MusicProvider, type SongPlan, type SongRequest, type SongSource } from '../music/types.js';
import type { Song } from '../songs/song.entity.js';
import { effectivePermissions, isAdmin } from '../users/permissions.js';
import { User } from '../users/user.entity.js';
import { GenerationRequest, GENERATION_STATUSES, type GenerationStatus } from './generation-request.entity.js';
import { stateOf, toStatusItem, type GenerationEvents, type GenerationStatusItemView } from './events.js';
import { coverSongSchema, editSongLyricsSchema, extendSongSchema, toSongRequest } from './generation-input.js';
import { countActiveGenerations, countGenerationsThisMonth } from './monthly-quota.js';
import { limitsFor } from '../plans/tiers.js';
import { storageUsedBy } from '../usage/usage-recorder.js';
import { BACKGROUND_PRIORITY, type GenerationQueue } from './queue.js';
import { ACTIVE_STATUSES, INITIAL_STAGE } from './stages.js';
import { artistStyle, findVisibleArtist } from '../artists/artist-access.js';
import { findVisibleSong, songIdSchema } from '../songs/song-access.js';
import { connectionArgsSchema, connectionFrom, decodeCursor, encodeCursor, pageRequest, type Connection } from '../connections/cursor.js';

/** SPEC 9: finished items show for 60 s (completed) and 120 s (failed); send what either window needs. */
const RECENT_FINISHED_MS = 120_000;

const listSchema = connectionArgsSchema.extend({
  status: z.enum(GENERATION_STATUSES, { error: `Status must be one of ${GENERATION_STATUSES.join(', ')}` }).nullish(),
});
const GENERATIONS_CURSOR = 'generations';
const generationsCursorKey = z.tuple([z.number().int()]);

const idSchema = z.coerce.number({ error: 'Invalid generation id' }).int('Invalid generation id').positive('Invalid generation id');

/** What an extension, a cover or an edit is made from: the source's request, and its AI Artist as it was. */
interface DerivedFrom {
  source: SongSource;
  artist: ArtistStyle | null;
  artistId: number | null;
}

/** A song's stored request, with the AI Artist it was generated as. */
type SongSettings = SongRequest & { artistId?: number | null };

/** What a derived song's input sets itself; the rest is its source's. */
interface DerivedInput {
  title?: string | null;
  genres?: string[];
  moods?: string[];
  lyrics?: string | null;
  generateLyrics?: boolean | null;
  generateAlbumArt?: boolean | null;
  durationSeconds?: number | null;
}

/** A page of requests: a cursor connection, and the first form of the page (nodes, a request id as endCursor) kept for existing clients. */
export interface GenerationPage extends Connection<GenerationRequest> {
  nodes: GenerationRequest[];
  endCursor: string | null;
  hasNextPage: boolean;
}

/** The creation flow: requests, the monthly quota, status, retry and cancel. Jobs run in GenerationJobRunner. */
export class GenerationService {
  constructor(
    private readonly provider: MusicProvider,
    private readonly queue: GenerationQueue,
    private readonly events: GenerationEvents,
  ) {}

  /** The engine's reading of the input (the Studio shows it before generating). */
  async plan(em: EntityManager, user: User, input: unknown): Promise<SongPlan> {
    this.requirePermission(user);
    return this.planRequest((await this.songRequest(em, user, input)).request);
  }

  generate(em: EntityManager, user: User, input: unknown): Promise<GenerationRequest> {
    return this.create(em, user, input, { reserve: 0 });
  }

  /**
   * A variation of one of the user's songs (docs/generation.md, Creator options): the same request
   * (prompt, tags, length, artist, toggles) and the song's words as its lyrics, with a new seed, so
   * a new melody and arrangement. A new request like any other: same progress, same limits.
   */
  async variation(em: EntityManager, user: User, songId: unknown): Promise<GenerationRequest> {
    const { song, settings } = await this.ownEngineSong(em, user, songId, 'make a variation of it', 'vary');
    const input = {
      prompt: settings.prompt,
      title: `${song.title} (variation)`.slice(0, 255),
      genres: settings.genres ?? [],
      moods: settings.moods ?? [],
      lyrics: settings.instrumental ? null : song.lyrics,
      generateLyrics: settings.generateLyrics ?? false,
      generateAlbumArt: settings.generateAlbumArt ?? false,
      durationSeconds: settings.durationSeconds,
      artistId: settings.artistId ?? null,
      instrumental: settings.instrumental ?? null,
      exclude: settings.exclude ?? null,
    };
    return this.create(em, user, input, { reserve: 0 });
  }

  /**
   * Extend (docs/generation.md, Creator options): a new song that plays one of the user's songs up
   * to a bar line and continues it (same key, tempo, motifs, instruments and voice) with new
   * sections and its own words (given, written when asked, else the source's again).
   */
  async extend(em: EntityManager, user: User, input: unknown): Promise<GenerationRequest> {
    const asked = parseInput(extendSongSchema, input);
    const { settings } = await this.ownEngineSong(em, user, asked.songId, 'extend it', 'extend');
    const own = { title: asked.title, lyrics: asked.lyrics, generateLyrics: asked.generateLyrics, generateAlbumArt: asked.generateAlbumArt, durationSeconds: asked.durationSeconds ?? 60 };
    return this.derive(em, user, settings, own, (source) => ({ kind: 'extend', request: source, fromSeconds: asked.fromSeconds ?? null }));
  }

  /** Cover: the same melody and words in other genres and/or moods, with a new arrangement (new seed). */
  async cover(em: EntityManager, user: User, input: unknown): Promise<GenerationRequest> {
    const asked = parseInput(coverSongSchema, input);
    const { settings } = await this.ownEngineSong(em, user, asked.songId, 'cover it', 'cover');
    const own = { title: asked.title, genres: asked.genres, moods: asked.moods, generateAlbumArt: asked.generateAlbumArt };
    return this.derive(em, user, settings, own, (source) => ({ kind: 'cover', request: source }));
  }

  /**
   * Edit lyrics: a new song with the source's band, rebuilt sample for sample from its stored
   * request (nothing of the source is stored), and its melody sung with the new words. An
   * instrumental is refused (BAD_USER_INPUT). One generation like any other: same progress, same limits.
   */
  async editLyrics(em: EntityManager, user: User, input: unknown): Promise<GenerationRequest> {
    const asked = parseInput(editSongLyricsSchema, input);
    const { settings } = await this.ownEngineSong(em, user, asked.songId, 'edit its lyrics', 'edit');
    const own = { title: asked.title, lyrics: asked.lyrics, generateAlbumArt: asked.generateAlbumArt };
    return this.derive(em, user, settings, own, (source) => ({ kind: 'relyric', request: source }));
  }

  /**
   * A song made from the song with `settings`: its prompt, tags, toggles and length unless `own`
   * says otherwise, the source's request nested as `source` gives it, its AI Artist as it was.
   */
  private derive(em: EntityManager, user: User, settings: SongSettings, own: DerivedInput, source: (request: SongRequest) => SongSource): Promise<GenerationRequest> {
    const input = {
      prompt: settings.prompt,
      title: own.title ?? null,
      genres: own.genres ?? settings.genres ?? [],
      moods: own.moods ?? settings.moods ?? [],
      lyrics: own.lyrics ?? null,
      generateLyrics: own.generateLyrics ?? false,
      generateAlbumArt: own.generateAlbumArt ?? settings.generateAlbumArt ?? false,
      durationSeconds: own.durationSeconds ?? settings.durationSeconds,
      instrumental: settings.instrumental ?? null,
      exclude: settings.exclude ?? null,
    };
    const { artistId, ...request } = settings;
    return this.create(em, user, input, { reserve: 0, derived: { source: source(request), artist: settings.artist ?? null, artistId: artistId ?? null } });
  }

  /** One of the user's own songs that the engine made, with its stored request: others' are FORBIDDEN (NOT_FOUND when hidden). */
  private async ownEngineSong(em: EntityManager, user: User, songId: unknown, action: string, verb: string): Promise<{ song: Song; settings: SongSettings }> {
    this.requirePermission(user);
    const song = await findVisibleSong(em, user, parseInput(songIdSchema, songId));
    if (song.user?.id !== user.id) throw forbidden(`Only the song's owner can ${action}`);
    const settings = song.settings as SongSettings | null;
    if (!settings?.prompt) throw new AppError('CONFLICT', `This song was not made by the engine (it has no generation settings): there is nothing to ${verb}`);
    return { song, settings };
  }

  /**
   * A request the app makes for the user (the endless radio, docs/radio.md): it runs after users'
   * own requests and counts against the monthly limit like them, but leaves the last `reserve`
   * generations of the month to the user's own requests.
   */
  generateInBackground(em: EntityManager, user: User, input: unknown, reserve: number): Promise<GenerationRequest> {
    return this.create(em, user, input, { priority: BACKGROUND_PRIORITY, reserve });
  }

  private async create(em: EntityManager, user: User, input: unknown, { priority, reserve, derived }: { priority?: number; reserve: number; derived?: DerivedFrom }): Promise<GenerationRequest> {
    this.requirePermission(user);
    const asked = derived ? await this.derivedRequest(em, user, input, derived) : await this.songRequest(em, user, input);
    const plan = this.planRequest(asked.request);
    // "no vocals" in the prompt makes an instrumental like the toggle: no lyrics stage, no lyrics quota.
    const request = plan.excluded?.includes('vocals') ? { ...asked.request, instrumental: true } : asked.request;
    const artistId = asked.artistId;
    const created = await em.transactional(async (tx) => {
      const tierPriority = await this.reserveQuota(tx, user.id, request, reserve, plan.durationSeconds);
      return tx.create(GenerationRequest, {
        user: tx.getReference(User, user.id),
        prompt: request.prompt,
        title: request.title ?? plan.title,
        genres: plan.genres,
        moods: plan.moods,
        settings: { ...request, ...(artistId !== null ? { artistId } : {}) } as Record<string, unknown>,
        stage: INITIAL_STAGE,
        intermediateData: null,
        priority: priority ?? tierPriority,
      });
    });
    await this.queue.enqueue(created.id, { priority: created.priority });
    this.events.publish({ ...stateOf(created), userId: user.id });
    return created;
  }

  async get(em: EntityManager, user: User, id: unknown): Promise<GenerationRequest> {
    const request = await em.findOne(GenerationRequest, { id: parseInput(idSchema, id) }, { populate: ['song'] });
    if (!request || (request.user.id !== user.id && !isAdmin(user))) throw notFound('Generation not found');
    return request;
  }

  /** Whether a request is still queued or being generated (the song stream ends when it is not). */
  async isActive(em: EntityManager, id: number): Promise<boolean> {
    return (await em.fork().count(GenerationRequest, { id, status: { $in: [...ACTIVE_STATUSES] } })) > 0;
  }

  /**
   * The user's own requests, newest first. `after` is an edge cursor, or (the first form, still
   * accepted) the request id the page's `endCursor` gave; `before` an edge cursor.
   */
  async list(em: EntityManager, user: User, input: unknown): Promise<GenerationPage> {
    const args = parseInput(listSchema, input);
    const page = pageRequest(args);
    const cursor = page.cursor;
    const key = cursor == null ? null : !page.backward && /^\d+$/.test(cursor) ? Number(cursor) : decodeCursor(GENERATIONS_CURSOR, cursor, generationsCursorKey)[0];
    const mine = { user: user.id, ...(args.status ? { status: args.status } : {}) };
    const rows = await em.find(
      GenerationRequest,
      { ...mine, ...(key !== null ? { id: page.backward ? { $gt: key } : { $lt: key } } : {}) },
      { orderBy: { id: page.backward ? 'asc' : 'desc' }, limit: page.size + 1, populate: ['song'] },
    );
    const connection = connectionFrom(rows, {
      page,
      cursorOf: (request) => encodeCursor(GENERATIONS_CURSOR, [request.id]),
      node: (request) => request,
      totalCount: () => em.count(GenerationRequest, mine),
    });
    const nodes = connection.edges.map((edge) => edge.node);
    return { ...connection, nodes, hasNextPage: connection.pageInfo.hasNextPage, endCursor: nodes.length ? String(nodes[nodes.length - 1].id) : null };
  }

  /** SPEC 7 /api/generations/status: in-progress requests and recently finished ones. */
  async status(em: EntityManager, user: User): Promise<{ active: GenerationStatusItemView[]; completed: GenerationStatusItemView[] }> {
    const [active, finished] = await Promise.all([
      em.find(GenerationRequest, { user: user.id, status: { $in: [...ACTIVE_STATUSES] } }, { orderBy: { createdAt: 'asc', id: 'asc' } }),
      em.find(
        GenerationRequest,
        { user: user.id, status: { $in: ['completed', 'failed'] }, completedAt: { $gte: new Date(Date.now() - RECENT_FINISHED_MS) } },
        { orderBy: { completedAt: 'desc', id: 'desc' } },
      ),
    ]);
    return { active: active.map((r) => toStatusItem(stateOf(r))), completed: finished.map((r) => toStatusItem(stateOf(r))) };
  }

  /** A failed request runs again from the step that failed (it counts towards the quota again). */
  async retry(em: EntityManager, user: User, id: unknown): Promise<GenerationRequest> {
    const existing = await this.get(em, user, id);
    const retried = await em.transactional(async (tx) => {
      const row = await tx.findOneOrFail(GenerationRequest, { id: existing.id }, { refresh: true });
      if (row.status !== 'failed') throw new AppError('CONFLICT', 'Only failed generations can be retried');
      const settings = row.settings as unknown as SongRequest;
      await this.reserveQuota(tx, row.user.id, settings, 0, this.planRequest(settings).durationSeconds);
      tx.assign(row, { status: 'pending', error: null, completedAt: null, runAfter: new Date(), retryCount: row.retryCount + 1 });
      return row;
    });
    await this.queue.enqueue(retried.id, { priority: retried.priority });
    this.events.publish(stateOf(retried));
    return retried;
  }

  /** Stops a queued or running request; a running job notices before its next step. */
  async cancel(em: EntityManager, user: User, id: unknown): Promise<GenerationRequest> {
    const request = await this.get(em, user, id);
    const updated = await em.nativeUpdate(
      GenerationRequest,
      { id: request.id, status: { $in: [...ACTIVE_STATUSES] } },
      { status: 'failed', error: 'Cancelled', completedAt: new Date(), updatedAt: new Date() },
    );
    if (updated === 0) throw new AppError('CONFLICT', 'Only queued or running generations can be cancelled');
    await em.refresh(request);
    this.events.publish(stateOf(request));
    return request;
  }

  /** After a request's stored priority changed: its waiting job moves accordingly (BullMQ; the embedded queue reads the row). */
  async reprioritize(requestId: number, priority: number): Promise<void> {
    await this.queue.reprioritize(requestId, priority);
  }

  private requirePermission(user: User): void {
    if (!effectivePermissions(user).canGenerateMusic) throw forbidden('You do not have permission to generate music');
  }

  /**
   * The engine request, with the AI Artist's style when the input names one the user may see (its
   * sound as it is now: later edits of the artist do not change a queued or retried song).
   */
  private async songRequest(em: EntityManager, user: User, input: unknown): Promise<{ request: SongRequest; artistId: number | null }> {
    const { request, artistId } = toSongRequest(user, input);
    const artist = artistId === null ? null : await findVisibleArtist(em, user, artistId);
    // The seed is fixed when the request is made, so retries and resumed jobs produce the same song.
    return { request: { ...request, seed: request.seed ?? randomInt(0, 2 ** 32), ...(artist ? { artist: artistStyle(artist) } : {}) }, artistId: artist?.id ?? null };
  }

  /**
   * An extension's, cover's or edit's request: the source song's request nested in it, and the source's
   * AI Artist as it was when that song was made (the artist may have changed or gone since).
   */
  private async derivedRequest(em: EntityManager, user: User, input: unknown, derived: DerivedFrom): Promise<{ request: SongRequest; artistId: number | null }> {
    const { request } = await this.songRequest(em, user, input);
    const artistStillLinked = derived.artistId !== null && (await findVisibleArtist(em, user, derived.artistId).catch(() => null)) !== null;
    return { request: { ...request, source: derived.source, ...(derived.artist ? { artist: derived.artist } : {}) }, artistId: artistStillLinked ? derived.artistId : null };
  }

  private planRequest(request: SongRequest): SongPlan {
    try {
      return this.provider.plan(request);
    } catch (error) {
      if (error instanceof MusicInputError) throw new AppError('BAD_USER_INPUT', error.message);
      throw error;
    }
  }

  /**
   * The tier's limits (docs/permissions.md), checked with the user's row locked for the rest of the
   * transaction, so concurrent requests from one user count one after another: with n left, exactly
   * n succeed. The monthly count is per calendar month in the user's timezone; failed requests do
   * not count; adminOverride lifts every limit. `reserve` generations of the month are kept back (for
   * background requests). Returns the tier's queue priority.
   */
  private async reserveQuota(tx: EntityManager, userId: number, request: SongRequest, reserve = 0, songSeconds = request.durationSeconds): Promise<number> {
    const [owner] = await tx
      .getConnection()
      .execute<Array<{ user_tier: string; monthly_generation_limit: number; admin_override: boolean; subscription_expires_at: Date | null }>>(
        'select user_tier, monthly_generation_limit, admin_override, subscription_expires_at from users where id = ? for update',
        [userId],
        'all',
        tx.getTransactionContext(),
      );
    if (!owner) throw notFound('User not found');
    const limits = limitsFor({
      userTier: owner.user_tier,
      monthlyGenerationLimit: owner.monthly_generation_limit,
      adminOverride: owner.admin_override,
      subscriptionExpiresAt: owner.subscription_expires_at ? new Date(owner.subscription_expires_at) : null,
    });
    const plan = `the ${limits.tier} plan`;
    if (songSeconds > limits.maxSongSeconds) throw forbidden(`Songs on ${plan} are at most ${limits.maxSongSeconds} seconds`);
    if (request.generateLyrics && !request.lyrics && !request.instrumental && !limits.extendedFeatures) throw forbidden(`Lyrics written by the engine are not part of ${plan}`);
    if (limits.monthlyGenerations !== null) {
      const used = await countGenerationsThisMonth(tx, userId);
      const limit = limits.monthlyGenerations;
      if (used + reserve >= limit) throw new AppError('FORBIDDEN', `Monthly generation limit reached (${Math.min(used, limit)}/${limit})`, 429);
    }
    if (limits.concurrentJobs !== null && (await countActiveGenerations(tx, userId)) >= limits.concurrentJobs) {
      throw new AppError('FORBIDDEN', `At most ${limits.concurrentJobs} generations in progress at once on ${plan}`, 429);
    }
    if (limits.storageBytes !== null && (await storageUsedBy(tx, userId)) >= limits.storageBytes) {
      throw new AppError('FORBIDDEN', `Storage limit of ${plan} reached: delete songs or change plan`, 429);
    }
    return limits.queuePriority;
  }
}
