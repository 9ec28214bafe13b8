import type { Composition, CoverArt, LyricSheet, MasteredAudio, MusicProvider, SongAnalysis, SongPlan, SongRequest } from '../music/types.js';
import { concatBytes } from '../music/encode/mp3.js';
import { returnMix } from '../music/render/mix-buffers.js';
import { PIPELINE_STEPS, runsStep, type PipelineStepId } from './stages.js';
import type { WorkStore } from './work-store.js';
import type { SongStreamWriter } from './song-stream.js';
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
  /** Where the encoder's chunks go as they come, for listeners of the song while it is made. */
  openStream(): Promise<SongStreamWriter>;
  /**
   * The song's words (written, or read back on a resume), handed on once the cover is painted: from
   * then to the encode's end this thread has nothing else to do, so work on them here (the content
   * analysis) holds up neither the first chunk nor the end of the encode.
   */
  lyricsKnown(lyrics: LyricSheet | null): void;
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
 * Checkpoint files written behind the steps: the next step starts at once with the output in
 * memory. A step is recorded done before its file is on disk; a crash in between is safe because
 * a resume redoes every step whose file is missing (WorkStore.forgetMissing), and files appear only
 * whole (written under a temporary name, then renamed). `settled` waits for all of them, so none is
 * still being written when the run ends, and throws the first failure as its step's.
 */
class CheckpointWrites {
  private readonly writes = new Map<string, Promise<void>>();

  constructor(private readonly timings: JobTimings) {}

  start(step: AudioStepId, name: string, write: () => Promise<void>): void {
    const writing = this.timings.time('checkpoint writes (behind the steps)', write).catch((error: unknown) => {
      throw new StepFailedError(step, error);
    });
    writing.catch(() => undefined); // observed in settled()
    this.writes.set(name, writing);
  }

  /** Waits until `name` is written or has failed (settled() reports it). */
  async finished(name: string): Promise<void> {
    await this.writes.get(name)?.catch(() => undefined);
  }

  async settled(): Promise<void> {
    await Promise.all(this.writes.values());
  }
}

/**
 * Runs the engine step by step, checkpointing each step's output to the work store and skipping the
 * steps `done` already has: a retry or a takeover after a crash resumes where the last run stopped.
 * Outputs stay in memory for the steps after them: the store is only read when a step's input was
 * made by an earlier run (a resume), so a run from the start writes its checkpoints and never reads
 * them back (the rendered mix, for one, stays the engine's shared-memory buffer for mastering).
 * The cover is painted while the song is encoded, from its first chunk on, as the engine does.
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
  const checkpoints = new CheckpointWrites(timings);
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

  let firstChunk!: () => void;
  const firstChunkEncoded = new Promise<void>((resolve) => (firstChunk = resolve));

  const steps: Record<AudioStepId, () => Promise<StepOutputs[AudioStepId]>> = {
    plan: async () => {
      const result = provider.plan(request);
      cache.set('plan', result);
      checkpoints.start('plan', 'plan.json', () => store.writeJson('plan.json', result));
      return { file: 'plan.json' };
    },
    lyrics: async () => {
      const result = provider.writeLyrics(await plan());
      cache.set('lyrics', result);
      checkpoints.start('lyrics', 'lyrics.json', () => store.writeJson('lyrics.json', result));
      return { file: 'lyrics.json' };
    },
    compose: async () => {
      const result = provider.compose(await plan(), await lyrics());
      cache.set('compose', result);
      checkpoints.start('compose', 'composition.json', () => store.writeJson('composition.json', result));
      return { file: 'composition.json' };
    },
    render: async () => {
      const audio = await provider.render(await composition());
      cache.set('render', audio);
      checkpoints.start('render', 'rendered.f32', () => store.writeAudio('rendered.f32', audio));
      return { file: 'rendered.f32', sampleRate: audio.sampleRate };
    },
    master: async () => {
      // In place: the unmastered mix is not needed again here once on disk, and a copy would add a
      // song-length buffer to every song's peak memory. Mastering measures the mix while its
      // checkpoint is written from the same buffers, and changes it only once that is done.
      const result = await provider.master(await rendered(), { inPlace: true, changesAfter: checkpoints.finished('rendered.f32') });
      cache.delete('render');
      cache.set('master', result);
      // Written while the song is encoded: the encoder only reads the mastered mix.
      checkpoints.start('master', 'mastered.f32', () => store.writeAudio('mastered.f32', result.audio));
      return { file: 'mastered.f32', sampleRate: result.audio.sampleRate, integratedLufs: result.integratedLufs, truePeakDbtp: result.truePeakDbtp, gainDb: result.gainDb };
    },
    encode: async () => {
      const audio = await mastered();
      // The encoder's chunks also go to the song's stream as they come, so a listener can start the
      // song before it is saved (song-stream.ts). Both run on the engine's worker threads, the
      // analysis queued behind the encode.
      const stream = await hooks.openStream();
      const pieces: Uint8Array[] = [];
      let measured: SongAnalysis;
      let bytes: Uint8Array;
      try {
        const encoding = provider.encodeStream(audio.audio, (piece) => {
          if (pieces.length === 0) {
            timings.mark('first chunk');
            firstChunk();
          }
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
      // Nothing reads the mix any more once its checkpoint is written: the next song renders into it
      // (ignored for audio read from disk).
      await checkpoints.finished('mastered.f32');
      returnMix(audio.audio);
      cache.set('mp3', bytes);
      cache.set('analysis', measured);
      checkpoints.start('encode', 'song.mp3', () => store.writeBytes('song.mp3', bytes));
      checkpoints.start('encode', 'analysis.json', () => store.writeJson('analysis.json', measured));
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
      checkpoints.start('art', 'cover.png', () => store.writeBytes('cover.png', painted.full));
      checkpoints.start('art', 'cover-256.png', () => store.writeBytes('cover-256.png', painted.thumbnail));
      return { file: 'cover.png', thumbnail: 'cover-256.png' };
    },
  };

  const run = async (id: AudioStepId): Promise<StepCost> => {
    // Lyrics and art are quick no-ops for songs without them: no stage is shown for them then.
    if (runsStep(id, request)) await hooks.beforeStep(id);
    let measured: Awaited<ReturnType<typeof measureStep<StepOutputs[AudioStepId]>>>;
    try {
      measured = await measureStep(steps[id]);
    } catch (error) {
      throw new StepFailedError(id, error);
    }
    timings.add(id, measured.cost.wallSeconds * 1000);
    Object.assign(outputs, { [id]: measured.result });
    return measured.cost;
  };

  try {
    for (const { id } of PIPELINE_STEPS) {
      if (id === 'encode' || id === 'art' || id === 'save' || outputs[id]) continue;
      await hooks.afterStep(id, outputs, await run(id));
    }
    await encodeAndPaint(outputs, run, hooks, firstChunkEncoded, async () => {
      try {
        hooks.lyricsKnown(await lyrics());
      } catch (error) {
        throw new StepFailedError('save', error);
      }
    });
  } catch (error) {
    await checkpoints.settled().catch(() => undefined);
    throw error;
  }
  await checkpoints.settled();
  return { plan: await plan(), lyrics: await lyrics(), composition: await composition(), mp3: await mp3(), analysis: await analysis(), cover: await cover() };
}

const cpuSecondsNow = () => {
  const cpu = process.cpuUsage();
  return (cpu.user + cpu.system) / 1e6;
};

/**
 * The encode, and the cover painted alongside it once the first chunk is out (as the engine does:
 * painting holds this thread, which also hands that chunk to listeners), then `coverDone` (the words
 * handed on). The art step starts only if the encode has not failed by then, and a failed encode is
 * reported before a failed cover. Both
 * are recorded as they finish. Their CPU time overlaps (it is the process's): the art step is
 * charged what was spent while it ran, the encode what was spent during the rest of its own run.
 */
async function encodeAndPaint(
  outputs: StepOutputs,
  run: (id: AudioStepId) => Promise<StepCost>,
  hooks: PipelineHooks,
  firstChunkEncoded: Promise<void>,
  coverDone: () => Promise<void>,
): Promise<void> {
  const art: { cpuFrom: number | null; cpuTo: number | null } = { cpuFrom: null, cpuTo: null };
  const encoding = outputs.encode
    ? null
    : run('encode').then(async (cost) => {
        const overlap = art.cpuFrom === null ? 0 : (art.cpuTo ?? cpuSecondsNow()) - art.cpuFrom;
        await hooks.afterStep('encode', outputs, { ...cost, cpuSeconds: Math.max(0, cost.cpuSeconds - overlap) });
      });
  const painting = (async () => {
    if (encoding) {
      const first = await Promise.race([firstChunkEncoded.then(() => 'chunk'), encoding.then(() => 'encoded', () => 'failed')]);
      if (first === 'failed') return;
    }
    if (!outputs.art) {
      art.cpuFrom = cpuSecondsNow();
      const cost = await run('art');
      art.cpuTo = cpuSecondsNow();
      await hooks.afterStep('art', outputs, cost);
    }
    await coverDone();
  })();
  const [encoded, painted] = await Promise.allSettled([encoding, painting]);
  if (encoded.status === 'rejected') throw encoded.reason;
  if (painted.status === 'rejected') throw painted.reason;
}
