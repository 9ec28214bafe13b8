import { randomUUID } from 'node:crypto';
import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import { MusicInputError, type LyricSheet, type MusicProvider, type SongRequest } from '../music/types.js';
import type { Logger } from '../app/logger.js';
import { Song } from '../songs/song.entity.js';
import { AiArtist } from '../artists/ai-artist.entity.js';
import { meanEnergy } from '../songs/song-energy.js';
import { User } from '../users/user.entity.js';
import { GeneratedMusic, DEFAULT_COVER_URL } from './generated-music.entity.js';
import { GeneratedLyrics } from './generated-lyrics.entity.js';
import { GenerationRequest, type GenerationStatus } from './generation-request.entity.js';
import { stateOf, type GenerationEvents, type GenerationState } from './events.js';
import { runAudioPipeline, StepFailedError, type SongArtifacts, type StepOutputs } from './pipeline.js';
import { ACTIVE_STATUSES, FIRST_GENERATING_STEP, MAX_AUTO_RETRIES, PIPELINE_STEPS, retryDelayMs, type PipelineStepId } from './stages.js';
import { WorkStore } from './work-store.js';
import { JobTimings } from './job-timings.js';
import { writeSongMedia } from './song-media.js';
import type { MediaStorage } from '../storage/media-storage.js';
import type { SongStreams } from './song-stream.js';
import { lyricsText } from './song-text.js';
import { toLrc } from '../music/index.js';
import { recordSongContent } from '../moderation/moderation.service.js';
import { analyseSongText, warmContentAnalysis, type ContentAnalysis } from '../moderation/content-analysis.js';
import { APP_VERSION } from '../config/version.js';
import { recordFinishedGeneration, recordStepCost } from '../usage/usage-recorder.js';

/** intermediateData: each finished step's output, plus the song id reserved before media is written. */
export type IntermediateData = StepOutputs & { save?: { songId: string } };

export type JobOutcome =
  | { kind: 'completed'; timings: JobTimings }
  | { kind: 'failed' | 'cancelled' | 'interrupted' | 'skipped' }
  | { kind: 'retry'; delayMs: number };

/** The request stopped being active under us (cancelled): the job ends without touching it again. */
class CancelledError extends Error {}

/** This process is shutting down: the job stops between steps and is resumed by the next run. */
class InterruptedError extends Error {}

const STEP_ORDER: readonly PipelineStepId[] = PIPELINE_STEPS.map((s) => s.id);
/** The steps that leave checkpoints in the work folder (every step but the save), in order. */
export const CHECKPOINTED_STEPS = STEP_ORDER.filter((id): id is keyof StepOutputs => id !== 'save');

export interface JobRunnerDeps {
  orm: MikroORM;
  provider: MusicProvider;
  events: GenerationEvents;
  dataDir: string;
  storage: MediaStorage;
  /** Where the encode's chunks go for listeners while the song is made. */
  streams: SongStreams;
  retryDelayMs: number;
  logger: Logger;
}

/**
 * Runs one generation request to its end, whichever queue delivered it: marks progress in the
 * row (and publishes it), stores every step's output, and on failure records the step and either
 * schedules an automatic retry (which resumes from that step) or marks the request failed.
 */
export class GenerationJobRunner {
  /** Jobs this process is running now (the worker heartbeat reports it). */
  jobsRunning = 0;

  constructor(private readonly deps: JobRunnerDeps) {}

  /** The warm-up once started (`warmUp`), null before. */
  warming: Promise<void> | null = null;

  /**
   * Readies what the first job would otherwise wait for on its critical path: the engine's worker
   * threads (the engine's own bench starts them before it measures) and the content analysis's
   * libraries. Once per runner; a failure is not retried (the first job then loads them itself).
   */
  warmUp(): Promise<void> {
    this.warming ??= Promise.all([this.deps.provider.warmUp?.(), warmContentAnalysis()]).then(() => undefined);
    return this.warming;
  }

  /** `signal` aborts between steps (shutdown); the row stays active so it is picked up again. */
  async run(requestId: number, signal?: AbortSignal): Promise<JobOutcome> {
    this.jobsRunning += 1;
    try {
      return await this.runJob(requestId, signal);
    } finally {
      this.jobsRunning -= 1;
    }
  }

  private async runJob(requestId: number, signal?: AbortSignal): Promise<JobOutcome> {
    const timings = new JobTimings();
    const em = this.deps.orm.em.fork();
    const request = await em.findOne(GenerationRequest, { id: requestId }, { populate: ['user'] });
    if (!request || !(ACTIVE_STATUSES as readonly string[]).includes(request.status)) return { kind: 'skipped' };
    const state = stateOf(request);
    const intermediate: IntermediateData = { ...(request.intermediateData as IntermediateData | null) };
    const store = new WorkStore(this.deps.dataDir, request.id);
    const startedAt = Date.now();
    const redo = await store.forgetMissing(intermediate, CHECKPOINTED_STEPS);
    if (redo.length) this.deps.logger.info(`Generation ${state.id}: no checkpoints here for ${redo.join(', ')}: running them again`);
    const finished = PIPELINE_STEPS.filter((s) => s.id in intermediate).map((s) => s.id);
    if (finished.length) this.deps.logger.info(`Generation ${state.id}: resuming after ${finished.join(', ')}`);
    if (!request.startedAt) await em.nativeUpdate(GenerationRequest, { id: state.id }, { startedAt: new Date(startedAt) });
    const firstStartedAt = request.startedAt ?? new Date(startedAt);
    timings.mark('job loaded');
    let step: PipelineStepId = 'plan';
    let records: Promise<void> = Promise.resolve();
    // The words are analysed beside the audio steps, from the moment they exist: the save only waits for it.
    let lyricsKnown!: (lyrics: LyricSheet | null) => void;
    const content = new Promise<LyricSheet | null>((resolve) => (lyricsKnown = resolve)).then((lyrics) =>
      timings.time('content analysis (beside the steps)', () => analyseSongText({ title: request.title, prompt: request.prompt, lyrics: lyrics ? lyricsText(lyrics) : null })),
    );
    content.catch(() => undefined); // awaited by the save
    try {
      const artifacts = await runAudioPipeline(this.deps.provider, request.settings as unknown as SongRequest, store, intermediate, {
        beforeStep: async (next) => {
          if (signal?.aborted) throw new InterruptedError();
          step = next;
          await timings.time('progress writes', () => this.advance(em, state, next));
        },
        afterStep: (finishedStep, outputs, cost) => {
          Object.assign(intermediate, outputs);
          // One at a time, in order (the encode and the cover finish side by side): each record holds every step done so far.
          const record = records.then(() =>
            timings.time('step records', async () => {
              await em.nativeUpdate(GenerationRequest, { id: state.id }, { intermediateData: { ...intermediate } });
              await recordStepCost(em, state.id, state.userId, request.createdAt, finishedStep, cost);
            }),
          );
          records = record.catch(() => undefined);
          return record;
        },
        openStream: () => this.deps.streams.open(state.id),
        lyricsKnown,
      }, timings);
      step = 'save';
      await timings.time('progress writes', () => this.advance(em, state, 'save'));
      await this.save(em, request, firstStartedAt, state, intermediate, artifacts, content, timings);
      await timings.time('work folder removal', () => store.remove());
      timings.mark('total');
      this.deps.logger.info(`Generation ${state.id} completed: "${state.title}" in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (${timings})`);
      return { kind: 'completed', timings };
    } catch (error) {
      if (error instanceof CancelledError) return { kind: 'cancelled' };
      // A step that broke because the process is stopping (its engine workers or database going
      // away) is no failure of the request: it stays active and the next run resumes it.
      if (error instanceof InterruptedError || signal?.aborted) return { kind: 'interrupted' };
      return this.fail(em, state, request.retryCount, error instanceof StepFailedError ? error.step : step, error);
    } finally {
      this.deps.streams.release(state.id);
    }
  }

  /** Moves the row to the step's stage; zero rows updated means it was cancelled meanwhile. */
  private async advance(em: EntityManager, state: GenerationState, step: PipelineStepId): Promise<void> {
    const { stage, percentage } = PIPELINE_STEPS.find((s) => s.id === step)!;
    const status: GenerationStatus = STEP_ORDER.indexOf(step) >= STEP_ORDER.indexOf(FIRST_GENERATING_STEP) ? 'generating' : 'processing';
    const updated = await em.nativeUpdate(
      GenerationRequest,
      { id: state.id, status: { $in: [...ACTIVE_STATUSES] } },
      { status, stage, percentage: Math.max(percentage, state.percentage), updatedAt: new Date() },
    );
    if (updated === 0) throw new CancelledError();
    Object.assign(state, { status, stage, percentage: Math.max(percentage, state.percentage) });
    this.deps.events.publish(state);
  }

  private async save(em: EntityManager, request: GenerationRequest, firstStartedAt: Date, state: GenerationState, intermediate: IntermediateData, artifacts: SongArtifacts, analysing: Promise<ContentAnalysis>, timings: JobTimings): Promise<void> {
    // Reserve the song id first: a retry after a crash here rewrites the same files.
    if (!intermediate.save) {
      intermediate.save = { songId: randomUUID() };
      await em.nativeUpdate(GenerationRequest, { id: state.id }, { intermediateData: { ...intermediate } });
    }
    const songId = intermediate.save.songId;
    const { plan, lyrics, composition, analysis } = artifacts;
    const songLyrics = lyrics ? lyricsText(lyrics) : null;
    const title = request.title ?? plan.title;
    // The analysis of the words (started with the audio steps) is waited for before the transaction, which holds a database connection.
    const [media, content] = await Promise.all([
      timings.time('save: media', () => writeSongMedia(this.deps.storage, songId, artifacts)),
      timings.time('save: waiting for the content analysis', () => analysing),
    ]);
    const completedAt = new Date();
    const saving = performance.now();
    await em.transactional(async (tx) => {
      const row = await tx.findOne(GenerationRequest, { id: state.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!row || !(ACTIVE_STATUSES as readonly string[]).includes(row.status)) throw new CancelledError();
      const owner = tx.getReference(User, state.userId);
      // Generated as an AI Artist: its name (as it was when requested) and, while it exists, the link to its page.
      const artistId = Number(request.settings.artistId ?? 0);
      const aiArtist = artistId > 0 && (await tx.count(AiArtist, { id: artistId })) > 0 ? tx.getReference(AiArtist, artistId) : null;
      const song = tx.create(Song, {
        id: songId,
        title,
        artist: plan.artist ?? request.user.username,
        aiArtist,
        duration: analysis.durationSeconds,
        audioUrl: media.audioUrl,
        coverUrl: media.coverUrl ?? DEFAULT_COVER_URL,
        thumbnailUrl: media.thumbnailUrl ?? DEFAULT_COVER_URL,
        genre: plan.genre,
        mood: plan.mood,
        lyrics: songLyrics,
        lrc: lyrics && composition.lyricLines.length > 0 ? toLrc(composition.lyricLines) : null,
        settings: request.settings,
        user: owner,
        bpm: composition.bpm,
        musicalKey: `${composition.key.tonic} ${composition.key.mode}`,
        energy: meanEnergy(analysis.energyCurve),
        loudness: analysis.integratedLufs,
        analysis,
        engineVersion: APP_VERSION,
      });
      tx.create(GeneratedMusic, {
        user: owner,
        request: row,
        title,
        lyrics: songLyrics,
        musicUrl: media.audioUrl,
        genres: plan.genres,
        moods: plan.moods,
        settings: request.settings,
        cover: media.coverUrl ?? DEFAULT_COVER_URL,
      });
      if (lyrics?.source === 'generated') tx.create(GeneratedLyrics, { request: row, lyrics: songLyrics, status: 'completed' });
      // The analysis is stored in the save step's transaction (a crash before commit redoes both); it was made before it.
      await recordSongContent(tx, song, content);
      tx.assign(row, { status: 'completed', song, stage: 'Saving', percentage: 100, error: null, completedAt, title });
    });
    timings.add('save: database', performance.now() - saving);
    Object.assign(state, { status: 'completed', percentage: 100, error: null, completedAt, title });
    // The song is committed: listeners hear of it before the usage figures are written.
    timings.mark('completed event');
    this.deps.events.publish(state);
    await timings.time('save: usage', () =>
      recordFinishedGeneration(em, {
        requestId: state.id,
        userId: state.userId,
        requestedAt: request.createdAt,
        startedAt: firstStartedAt,
        completedAt,
        songId,
        title,
        genre: plan.genre,
        audioSeconds: analysis.durationSeconds,
        storageBytes: artifacts.mp3.byteLength + (artifacts.cover ? artifacts.cover.full.byteLength + artifacts.cover.thumbnail.byteLength : 0),
        retries: request.retryCount,
      }),
    );
  }

  private async fail(em: EntityManager, state: GenerationState, retryCount: number, step: PipelineStepId, error: unknown): Promise<JobOutcome> {
    const cause = error instanceof StepFailedError ? error.cause : error;
    const stage = PIPELINE_STEPS.find((s) => s.id === step)!.stage;
    const message = cause instanceof MusicInputError ? cause.message : `${stage} failed: ${cause instanceof Error ? cause.message : String(cause)}`;
    const retry = !(cause instanceof MusicInputError) && retryCount < MAX_AUTO_RETRIES;
    this.deps.logger.error(cause, `Generation ${state.id} failed at ${step}${retry ? ' (will retry)' : ''}`);
    const now = new Date();
    const delayMs = retry ? retryDelayMs(this.deps.retryDelayMs, retryCount + 1) : 0;
    const changes = retry
      ? { status: 'pending' as const, error: message, failedAtStep: step, retryCount: retryCount + 1, runAfter: new Date(now.getTime() + delayMs) }
      : { status: 'failed' as const, error: message, failedAtStep: step, completedAt: now };
    const updated = await em.nativeUpdate(GenerationRequest, { id: state.id, status: { $in: [...ACTIVE_STATUSES] } }, { ...changes, updatedAt: now });
    if (updated === 0) return { kind: 'cancelled' };
    Object.assign(state, changes);
    this.deps.events.publish(state);
    return retry ? { kind: 'retry', delayMs } : { kind: 'failed' };
  }
}
