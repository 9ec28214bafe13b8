/**
 * The local music engine: every pipeline step in-process (rendering and encoding fan out to the
 * engine's worker threads), deterministic for a given request and seed.
 */
import { analyseSong } from './analysis/analyse.js';
import { paintCover } from './art/index.js';
import { concatBytes, encodeMp3, encodeMp3Stream } from './encode/mp3.js';
import { toLrc } from './lyrics/index.js';
import { masterAudio } from './master/master.js';
import { composeAnySong, planAnySong, writeAnyLyrics } from './derive/index.js';
import { withoutExcludedParts } from './plan/exclusions.js';
import { MIN_DURATION_SECONDS } from './plan/understand.js';
import { returnMix } from './render/mix-buffers.js';
import { renderComposition } from './render/render.js';
import { enginePool } from './render/worker-pool.js';
import type { Composition, CoverArt, GeneratedSong, LyricSheet, MasteredAudio, MasteringOptions, MusicProvider, PipelineStage, ProgressEvent, SongAnalysis, SongPlan, SongRequest, StereoAudio } from './types.js';

/** Overall percentage reached when each stage completes (rough share of wall time). */
const STAGE_DONE_PERCENT: Record<PipelineStage, number> = {
  plan: 2,
  lyrics: 4,
  compose: 8,
  render: 45,
  master: 60,
  encode: 92,
  art: 100,
};

/** What warmUp makes and drops: the shortest song, with lyrics, vocals and cover art. */
const WARM_UP_SONG: SongRequest = { prompt: 'warm-up', genres: ['pop'], moods: ['happy'], generateLyrics: true, generateAlbumArt: true, durationSeconds: MIN_DURATION_SECONDS, seed: 1 };

export class LocalMusicEngine implements MusicProvider {
  readonly id = 'local';

  plan(request: SongRequest): SongPlan {
    return planAnySong(request);
  }

  writeLyrics(plan: SongPlan): LyricSheet | null {
    return writeAnyLyrics(plan);
  }

  compose(plan: SongPlan, lyrics: LyricSheet | null): Composition {
    return withoutExcludedParts(composeAnySong(plan, lyrics), plan.excluded);
  }

  render(composition: Composition): Promise<StereoAudio> {
    return renderComposition(composition);
  }

  master(audio: StereoAudio, options: MasteringOptions = {}): Promise<MasteredAudio> {
    return masterAudio(audio, options);
  }

  encode(audio: StereoAudio): Promise<Uint8Array> {
    return encodeMp3(audio);
  }

  /**
   * Streaming form of encode: `onChunk` receives consecutive pieces of one playable MP3; resolves
   * to the VBR header frame that goes in front of the pieces in the stored file.
   */
  encodeStream(audio: StereoAudio, onChunk: (bytes: Uint8Array) => void): Promise<Uint8Array> {
    return encodeMp3Stream(audio, onChunk);
  }

  analyse(mastered: MasteredAudio, composition: Composition): Promise<SongAnalysis> {
    return analyseSong(mastered, composition);
  }

  paintCover(plan: SongPlan): Promise<CoverArt> {
    return paintCover(plan);
  }

  /**
   * Starts the worker threads, then makes and drops a short song with every part: a process's first
   * 3-minute song with vocals reached its first chunk about 0.3 s later than the next one while V8
   * was still optimising the engine's code (docs/decisions.md, "The warm-up makes a throwaway song").
   */
  async warmUp(): Promise<void> {
    await enginePool().warmUp();
    const song = await this.generate(WARM_UP_SONG);
    if (song.mp3.length === 0) throw new Error('The warm-up song came out empty');
  }

  /** Render then master; the unmastered mix is dropped as soon as mastering is done. */
  private async renderAndMaster(composition: Composition, done: (stage: PipelineStage, from: number) => void): Promise<MasteredAudio> {
    let t = performance.now();
    const rendered = await this.render(composition);
    done('render', t);
    t = performance.now();
    const mastered = await masterAudio(rendered, { inPlace: true });
    done('master', t);
    return mastered;
  }

  /**
   * All steps in order. `timings` has seconds per stage plus `analyse` (what it adds after the
   * encode), `firstChunk` (from the start of generate() to the first playable MP3 bytes) and `total`.
   */
  async generate(request: SongRequest, onProgress?: (event: ProgressEvent) => void): Promise<GeneratedSong> {
    const started = performance.now();
    const timings: Record<string, number> = {};
    const seconds = (from: number): number => Math.round(((performance.now() - from) / 1000) * 1000) / 1000;
    const done = (stage: PipelineStage, from: number): void => {
      timings[stage] = seconds(from);
      onProgress?.({ stage, percentage: STAGE_DONE_PERCENT[stage] });
    };
    let t = performance.now();
    const plan = this.plan(request);
    done('plan', t);

    t = performance.now();
    const lyrics = this.writeLyrics(plan);
    done('lyrics', t);

    t = performance.now();
    const composition = this.compose(plan, lyrics);
    done('compose', t);

    const mastered = await this.renderAndMaster(composition, done);

    // Workers encode, then analyse (queued behind the encode's chunks), while this thread paints the cover.
    const parts: Uint8Array[] = [];
    let firstChunk: () => void = () => undefined;
    const firstChunkReady = new Promise<void>((resolve) => (firstChunk = resolve));
    const encodeStarted = performance.now();
    const encoding = this.encodeStream(mastered.audio, (bytes) => {
      if (parts.length === 0) {
        timings.firstChunk = seconds(started);
        firstChunk();
      }
      parts.push(bytes);
    }).then((header) => {
      // Wall time of the encode itself, not of the analysis and art overlapping it.
      timings.encode = seconds(encodeStarted);
      return { header, at: performance.now() };
    });
    const analysing = this.analyse(mastered, composition).then((analysis) => ({ analysis, at: performance.now() }));
    analysing.catch(() => undefined); // awaited below; keeps an encode error from leaving it unhandled
    // Heavy main-thread work waits for the first chunk so its latency is not held up.
    await Promise.race([firstChunkReady, encoding]);
    let cover: CoverArt | null = null;
    let artSeconds = 0;
    if (plan.withCoverArt) {
      const artAt = performance.now();
      cover = await this.paintCover(plan);
      artSeconds = seconds(artAt);
    }
    const { header, at: encodedAt } = await encoding;
    const { analysis, at: analysedAt } = await analysing;
    // Every job on the mastered mix is done: the next song may reuse its memory.
    returnMix(mastered.audio);
    // What the analysis adds after the encode (it runs on the same workers, mostly behind it).
    timings.analyse = Math.max(0, Math.round(analysedAt - encodedAt) / 1000);
    const mp3 = concatBytes([header, ...parts]);
    onProgress?.({ stage: 'encode', percentage: STAGE_DONE_PERCENT.encode });
    timings.art = artSeconds;
    onProgress?.({ stage: 'art', percentage: STAGE_DONE_PERCENT.art });

    const lrc = lyrics && composition.lyricLines.length > 0 ? toLrc(composition.lyricLines) : null;
    timings.total = seconds(started);
    return { plan, lyrics, composition, mp3, analysis, cover, lrc, timings };
  }
}
