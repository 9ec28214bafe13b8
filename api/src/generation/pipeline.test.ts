import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { MasteredAudio, MusicProvider, SongRequest, StereoAudio } from '../music/types.js';
import { runAudioPipeline, type StepOutputs } from './pipeline.js';
import { STREAM_COMPLETE_FILE, STREAM_FILE, WorkStore } from './work-store.js';

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
  const provider = {
    id: 'fake',
    plan: () => ({ title: 'Fake', genre: 'jazz', withCoverArt: true }),
    writeLyrics: () => null,
    compose: () => ({ bpm: 100 }),
    render: async () => audio(0.5),
    master: async (input: StereoAudio): Promise<MasteredAudio> => {
      given.master = input;
      return { audio: audio(0.25), integratedLufs: -14, truePeakDbtp: -1, gainDb: 2 };
    },
    encodeStream: async (input: StereoAudio, onChunk: (bytes: Uint8Array) => void) => {
      given.encode = input;
      onChunk(new Uint8Array([2]));
      onChunk(new Uint8Array([3]));
      return new Uint8Array([1]);
    },
    analyse: async () => ({ durationSeconds: 0.01 }),
    paintCover: async () => ({ full: new Uint8Array([4]), thumbnail: new Uint8Array([5]) }),
  } as unknown as MusicProvider;
  return { provider, given };
}

const request = { prompt: 'fake', genres: ['jazz'], generateAlbumArt: true } as unknown as SongRequest;
const hooks = { beforeStep: async () => undefined, afterStep: async () => undefined };

describe('audio pipeline', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'songforge-pipeline-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps each output in memory for the next step: a run from the start writes checkpoints and reads none back', async () => {
    const { provider, given } = fakeProvider();
    const store = new CountingStore(dataDir, 1);
    const outputs: StepOutputs = {};
    const artifacts = await runAudioPipeline(provider, request, store, {}, { ...hooks, afterStep: async (_step, done) => void Object.assign(outputs, done) });
    expect(store.reads).toEqual([]);
    expect(given.master?.left[0]).toBe(0.5);
    expect(artifacts).toMatchObject({ mp3: new Uint8Array([1, 2, 3]), analysis: { durationSeconds: 0.01 }, cover: { full: new Uint8Array([4]) } });
    expect(Object.keys(outputs).sort()).toEqual(['art', 'compose', 'encode', 'lyrics', 'master', 'plan', 'render']);
    // The encoder's pieces went to the stream file as they came (without the header), then its complete mark.
    expect(new Uint8Array(readFileSync(store.file(STREAM_FILE)))).toEqual(new Uint8Array([2, 3]));
    expect(existsSync(store.file(STREAM_COMPLETE_FILE))).toBe(true);
  });

  it('resumes from the checkpoints of an earlier run, reading only what the remaining steps need', async () => {
    const first = fakeProvider();
    const firstStore = new CountingStore(dataDir, 2);
    let checkpoints: StepOutputs = {};
    // The first run stops (a crash) once mastering is recorded.
    await expect(
      runAudioPipeline(first.provider, request, firstStore, {}, {
        beforeStep: async (step) => {
          if (step === 'encode') throw new Error('crashed');
        },
        afterStep: async (_step, done) => void (checkpoints = { ...done }),
      }),
    ).rejects.toThrow('crashed');
    expect(Object.keys(checkpoints).sort()).toEqual(['compose', 'lyrics', 'master', 'plan', 'render']);

    const { provider, given } = fakeProvider();
    const store = new CountingStore(dataDir, 2);
    const artifacts = await runAudioPipeline(provider, request, store, checkpoints, hooks);
    expect(store.reads.sort()).toEqual(['composition.json', 'lyrics.json', 'mastered.f32', 'plan.json']);
    expect(given.encode?.left[0]).toBe(0.25);
    expect(artifacts.mp3).toEqual(new Uint8Array([1, 2, 3]));
  });
});
