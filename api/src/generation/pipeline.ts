import type { Composition, CoverArt, LyricSheet, MasteredAudio, MusicProvider, SongAnalysis, SongPlan, SongRequest } from '../music/types.js';
import { concatBytes } from '../music/encode/mp3.js';
import { returnMix } from '../music/render/mix-buffers.js';
import { PIPELINE_STEPS, runsStep, type PipelineStepId } from './stages.js';
import type { WorkStore } from './work-store.js';
import { measureStep, type StepCost } from '../usage/usage-recorder.js';
import type { JobTimings } from './job-timings.js';

/** What each finished step left behind (kept in generation_requests.intermediateData). */
export interface StepOutputs {
  plan?: { file: string };
  lyrics?: { file: string };
  compose?: { file: string };
  render?: { file: string; sampleRate: number };
  master?: { file: string; sampleRate: number; integratedLufs: number; truePeakDbtp: number; gainDb: number };
  encode?: { file: string; analysis: string };
  art?: { file: string; thumbnail: string } | { skipped: true };
}

export type AudioStepId = Exclude<PipelineStepId, 'save'>;

export interface PipelineHooks {
  /** Before a step that still has to run (progress, cancellation: throw to stop). */
  beforeStep(step: AudioStepId): Promise<void>;
  /** After a step finished; `outputs` already includes its output, `cost` is what the step took. */
  afterStep(step: AudioStepId, outputs: StepOutputs, cost: StepCost): Promise<void>;
}

/** Everything the save step needs, read back from the work folder. */
export interface SongArtifacts {
  plan: SongPlan;
  lyrics: LyricSheet | null;
  composition: Composition;
  mp3: Uint8Array;
  analysis: SongAnalysis;
  cover: Pick<CoverArt, 'full' | 'thumbnail'> | null;
}

/** Thrown for a failure inside a step, naming the step (recorded as failedAtStep). */
export class StepFailedError extends Error {
  constructor(
    readonly step: PipelineStepId,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'StepFailedError';
  }
}

/**
 * Runs the engine step by step, writing each step's output to the work store and skipping the
 * steps `done` already has: a retry or a takeover after a crash resumes where the last run stopped.
 * Outputs stay in memory for the steps after them: the store is only read when a step's input was
 * made by an earlier run (a resume), so a run from the start writes its checkpoints and never reads
 * them back (the rendered mix, for one, stays the engine's shared-memory buffer for mastering).
 */
export async function runAudioPipeline(
  provider: MusicProvider,
  request: SongRequest,
  store: WorkStore,
  done: StepOutputs,
  hooks: PipelineHooks,
  timings: JobTimings,
): Promise<SongArtifacts> {
  const outputs: StepOutputs = { ...done };
  const cache = new Map<string, unknown>();
  const memo = async <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (!cache.has(key)) cache.set(key, await load());
    return cache.get(key) as T;
  };
  const plan = () => memo('plan', () => store.readJson<SongPlan>(outputs.plan!.file));
  const lyrics = () => memo('lyrics', () => store.readJson<LyricSheet | null>(outputs.lyrics!.file));
  const composition = () => memo('compose', () => store.readJson<Composition>(outputs.compose!.file));
  const rendered = () => memo('render', () => store.readAudio(outputs.render!.file, outputs.render!.sampleRate));
  const mastered = () =>
    memo('master', async (): Promise<MasteredAudio> => {
      const m = outputs.master!;
      return { audio: await store.readAudio(m.file, m.sampleRate), integratedLufs: m.integratedLufs, truePeakDbtp: m.truePeakDbtp, gainDb: m.gainDb };
    });
  const mp3 = () => memo('mp3', () => store.readBytes(outputs.encode!.file));
  const analysis = () => memo('analysis', () => store.readJson<SongAnalysis>(outputs.encode!.analysis));
  const cover = () =>
    memo('art', async (): Promise<SongArtifacts['cover']> => {
      const art = outputs.art!;
      return 'skipped' in art ? null : { full: await store.readBytes(art.file), thumbnail: await store.readBytes(art.thumbnail) };
    });

  const steps: Record<AudioStepId, () => Promise<StepOutputs[AudioStepId]>> = {
    plan: async () => {
      const result = provider.plan(request);
      cache.set('plan', result);
      await timings.time('checkpoint writes', () => store.writeJson('plan.json', result));
      return { file: 'plan.json' };
    },
    lyrics: async () => {
      const result = provider.writeLyrics(await plan());
      cache.set('lyrics', result);
      await timings.time('checkpoint writes', () => store.writeJson('lyrics.json', result));
      return { file: 'lyrics.json' };
    },
    compose: async () => {
      const result = provider.compose(await plan(), await lyrics());
      cache.set('compose', result);
      await timings.time('checkpoint writes', () => store.writeJson('composition.json', result));
      return { file: 'composition.json' };
    },
    render: async () => {
      const audio = await provider.render(await composition());
      cache.set('render', audio);
      await timings.time('checkpoint writes', () => store.writeAudio('rendered.f32', audio));
      return { file: 'rendered.f32', sampleRate: audio.sampleRate };
    },
    master: async () => {
      // In place: the unmastered mix is on disk and not needed again here, and a copy would add a
      // song-length buffer to every song's peak memory.
      const result = await provider.master(await rendered(), { inPlace: true });
      cache.delete('render');
      cache.set('master', result);
      await timings.time('checkpoint writes', () => store.writeAudio('mastered.f32', result.audio));
      return { file: 'mastered.f32', sampleRate: result.audio.sampleRate, integratedLufs: result.integratedLufs, truePeakDbtp: result.truePeakDbtp, gainDb: result.gainDb };
    },
    encode: async () => {
      const audio = await mastered();
      // The encoder's chunks also go to the stream file as they come, so a listener can start the
      // song before it is saved (song-stream.ts). Both run on the engine's worker threads, the
      // analysis queued behind the encode.
      const stream = await store.openStream();
      const pieces: Uint8Array[] = [];
      let measured: SongAnalysis;
      let bytes: Uint8Array;
      try {
        const encoding = provider.encodeStream(audio.audio, (piece) => {
          timings.mark('first chunk');
          pieces.push(piece);
          stream.append(piece);
        });
        encoding.catch(() => undefined); // awaited below; keeps an analysis error from leaving it unhandled
        measured = await provider.analyse(audio, await composition());
        bytes = concatBytes([await encoding, ...pieces]);
        await stream.complete();
      } catch (error) {
        await stream.abandon();
        throw error;
      }
      cache.delete('master');
      // Nothing reads the mix any more: the next song renders into it (ignored for audio read from disk).
      returnMix(audio.audio);
      cache.set('mp3', bytes);
      cache.set('analysis', measured);
      await timings.time('checkpoint writes', () => store.writeBytes('song.mp3', bytes));
      await timings.time('checkpoint writes', () => store.writeJson('analysis.json', measured));
      return { file: 'song.mp3', analysis: 'analysis.json' };
    },
    art: async () => {
      const songPlan = await plan();
      if (!songPlan.withCoverArt) {
        cache.set('art', null);
        return { skipped: true as const };
      }
      const painted = await provider.paintCover(songPlan);
      cache.set('art', { full: painted.full, thumbnail: painted.thumbnail });
      await timings.time('checkpoint writes', () => store.writeBytes('cover.png', painted.full));
      await timings.time('checkpoint writes', () => store.writeBytes('cover-256.png', painted.thumbnail));
      return { file: 'cover.png', thumbnail: 'cover-256.png' };
    },
  };

  for (const { id } of PIPELINE_STEPS) {
    if (id === 'save' || outputs[id]) continue;
    // Lyrics and art are quick no-ops for songs without them: no stage is shown for them then.
    if (runsStep(id, request)) await hooks.beforeStep(id);
    let measured: Awaited<ReturnType<typeof measureStep<StepOutputs[AudioStepId]>>>;
    try {
      measured = await measureStep(steps[id]);
      timings.add(id, measured.cost.wallSeconds * 1000);
    } catch (error) {
      throw new StepFailedError(id, error);
    }
    Object.assign(outputs, { [id]: measured.result });
    await hooks.afterStep(id, outputs, measured.cost);
  }

  return { plan: await plan(), lyrics: await lyrics(), composition: await composition(), mp3: await mp3(), analysis: await analysis(), cover: await cover() };
}
