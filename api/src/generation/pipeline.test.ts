import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MasteredAudio, MusicProvider, SongRequest, StereoAudio } from '../music/types.js';
import { runAudioPipeline, StepFailedError, type PipelineHooks, type StepOutputs } from './pipeline.js';
import { WorkStore } from './work-store.js';
import { JobTimings } from './job-timings.js';

/** A work store that counts what is read back from disk. */
class CountingStore extends WorkStore {
  reads: string[] = [];
  override async readJson<T>(name: string): Promise<T> {
    this.reads.push(name);
    return super.readJson<T>(name);
  }
  override async readAudio(name: string, sampleRate: number): Promise<StereoAudio> {
    this.reads.push(name);
    return super.readAudio(name, sampleRate);
  }
  override async readBytes(name: string): Promise<Uint8Array> {
    this.reads.push(name);
    return super.readBytes(name);
  }
}

const audio = (value: number): StereoAudio => ({ sampleRate: 8000, left: new Float32Array(80).fill(value), right: new Float32Array(80).fill(-value) });

/** A provider whose steps return small fixed outputs and record what they were given. */
function fakeProvider() {
  const given: { master?: StereoAudio; encode?: StereoAudio } = {};
  /** What happened, in order: 'chunk' for each encoded piece, 'encoded' at the encode's end, 'painted'. */
  const events: string[] = [];
  const provider = {
    id: 'fake',
    plan: () => ({ title: 'Fake', genre: 'jazz', withCoverArt: true }),
    writeLyrics: () => ({ title: 'Fake', lines: ['la'] }),
    compose: () => ({ bpm: 100 }),
    render: async () => audio(0.5),
    master: async (input: StereoAudio): Promise<MasteredAudio> => {
      given.master = input;
      return { audio: audio(0.25), integratedLufs: -14, truePeakDbtp: -1, gainDb: 2 };
    },
    encodeStream: async (input: StereoAudio, onChunk: (bytes: Uint8Array) => void) => {
      given.encode = input;
      for (const piece of [2, 3]) {
        onChunk(new Uint8Array([piece]));
        events.push('chunk');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      events.push('encoded');
      return new Uint8Array([1]);
    },
    analyse: async () => ({ durationSeconds: 0.01 }),
    paintCover: async () => {
      events.push('painted');
      return { full: new Uint8Array([4]), thumbnail: new Uint8Array([5]) };
    },
  } as unknown as MusicProvider;
  return { provider, given, events };
}

/** A stream writer keeping what it was given and how it ended. */
function recordingStream() {
  const stream = { pieces: [] as number[], ended: null as 'complete' | 'abandoned' | null };
  const open = async () => ({
    append: (bytes: Uint8Array) => void stream.pieces.push(...bytes),
    complete: async () => void (stream.ended = 'complete'),
    abandon: async () => void (stream.ended = 'abandoned'),
  });
  return { stream, open };
}

const request = { prompt: 'fake', genres: ['jazz'], generateAlbumArt: true } as unknown as SongRequest;
const hooks: PipelineHooks = { beforeStep: async () => undefined, afterStep: async () => undefined, openStream: recordingStream().open, lyricsKnown: () => undefined };

describe('audio pipeline', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'songforge-pipeline-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps each output in memory for the next step: a run from the start writes checkpoints and reads none back', async () => {
    const { provider, given, events } = fakeProvider();
    const store = new CountingStore(dataDir, 1);
    const outputs: StepOutputs = {};
    const { stream, open } = recordingStream();
    const known: unknown[] = [];
    const lyricsKnown = (lyrics: unknown) => {
      known.push(lyrics);
      events.push('lyrics');
    };
    const artifacts = await runAudioPipeline(provider, request, store, {}, { ...hooks, openStream: open, lyricsKnown, afterStep: async (_step, done) => void Object.assign(outputs, done) }, new JobTimings());
    expect(known).toEqual([{ title: 'Fake', lines: ['la'] }]);
    expect(store.reads).toEqual([]);
    expect(given.master?.left[0]).toBe(0.5);
    expect(artifacts).toMatchObject({ mp3: new Uint8Array([1, 2, 3]), analysis: { durationSeconds: 0.01 }, cover: { full: new Uint8Array([4]) } });
    expect(Object.keys(outputs).sort()).toEqual(['art', 'compose', 'encode', 'lyrics', 'master', 'plan', 'render']);
    // Every checkpoint is on disk by the time the run ends, though written behind the steps.
    for (const file of ['plan.json', 'lyrics.json', 'composition.json', 'rendered.f32', 'mastered.f32', 'song.mp3', 'analysis.json', 'cover.png', 'cover-256.png']) expect(existsSync(store.file(file)), file).toBe(true);
    // The encoder's pieces went to the stream as they came (without the header), then it was completed.
    expect(stream).toEqual({ pieces: [2, 3], ended: 'complete' });
    // The cover was painted while the song was encoded, once its first chunk was out, then the words
    // were handed on (the job analyses them while the encode ends).
    expect(events).toEqual(['chunk', 'painted', 'lyrics', 'chunk', 'encoded']);
  });

  it('paints no cover when the encode fails first, and ends the stream unfinished', async () => {
    const { provider, events } = fakeProvider();
    provider.encodeStream = async () => {
      throw new Error('encoder crashed');
    };
    const { stream, open } = recordingStream();
    const failure = await runAudioPipeline(provider, request, new CountingStore(dataDir, 3), {}, { ...hooks, openStream: open }, new JobTimings()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StepFailedError);
    expect(failure).toMatchObject({ step: 'encode', message: 'encoder crashed' });
    expect(events).toEqual([]);
    expect(stream.ended).toBe('abandoned');
  });

  it.each([
    ['rendered.f32', 'render', 4],
    ['mastered.f32', 'master', 6],
  ])('fails a run whose checkpoint %s could not be written as its step (%s), though written behind the steps', async (file, step, requestId) => {
    const { provider } = fakeProvider();
    const store = new CountingStore(dataDir, requestId);
    store.writeAudio = async (name, audio) => {
      if (name === file) throw new Error('disk full');
      return WorkStore.prototype.writeAudio.call(store, name, audio);
    };
    const failure = await runAudioPipeline(provider, request, store, {}, hooks, new JobTimings()).catch((error: unknown) => error);
    expect(failure).toMatchObject({ step, message: 'disk full' });
  });

  it('masters in place while the unmastered mix is written, and the checkpoint holds the unmastered mix', async () => {
    const { provider } = fakeProvider();
    // Mastering in place, as the engine does: measuring first, then changing the samples once allowed.
    let changedAfterWrite = false;
    const store = new CountingStore(dataDir, 5);
    let writing = false;
    store.writeAudio = async (name, audio) => {
      writing = true;
      await new Promise((resolve) => setTimeout(resolve, 30));
      await WorkStore.prototype.writeAudio.call(store, name, audio);
      writing = false;
    };
    provider.master = async (input, options) => {
      expect(options?.inPlace).toBe(true);
      await options?.changesAfter;
      changedAfterWrite = !writing;
      input.left.fill(0.125);
      return { audio: input, integratedLufs: -14, truePeakDbtp: -1, gainDb: 2 };
    };
    await runAudioPipeline(provider, request, store, {}, hooks, new JobTimings());
    expect(changedAfterWrite).toBe(true);
    expect((await store.readAudio('rendered.f32', 8000)).left[0]).toBe(0.5);
  });

  it('resumes from the checkpoints of an earlier run, reading only what the remaining steps need', async () => {
    const first = fakeProvider();
    const firstStore = new CountingStore(dataDir, 2);
    let checkpoints: StepOutputs = {};
    // The first run stops (a crash) once mastering is recorded.
    await expect(
      runAudioPipeline(first.provider, request, firstStore, {}, {
        ...hooks,
        beforeStep: async (step) => {
          if (step === 'encode') throw new Error('crashed');
        },
        afterStep: async (_step, done) => void (checkpoints = { ...done }),
      }, new JobTimings()),
    ).rejects.toThrow('crashed');
    expect(Object.keys(checkpoints).sort()).toEqual(['compose', 'lyrics', 'master', 'plan', 'render']);

    const { provider, given } = fakeProvider();
    const store = new CountingStore(dataDir, 2);
    const known: unknown[] = [];
    const artifacts = await runAudioPipeline(provider, request, store, checkpoints, { ...hooks, lyricsKnown: (lyrics) => void known.push(lyrics) }, new JobTimings());
    expect(store.reads.sort()).toEqual(['composition.json', 'lyrics.json', 'mastered.f32', 'plan.json']);
    // The words of the earlier run, read back once.
    expect(known).toEqual([{ title: 'Fake', lines: ['la'] }]);
    expect(given.encode?.left[0]).toBe(0.25);
    expect(artifacts.mp3).toEqual(new Uint8Array([1, 2, 3]));
  });
});
