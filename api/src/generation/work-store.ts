import { access, mkdir, open, readFile, rm, writeFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { StereoAudio } from '../music/types.js';
import type { StepOutputs } from './pipeline.js';

/**
 * The MP3 being encoded, growing chunk by chunk while the encode step runs (read by the song stream,
 * `song-stream.ts`, possibly in another process sharing DATA_DIR); `STREAM_COMPLETE_FILE` appears
 * once its last chunk is written.
 */
export const STREAM_FILE = 'stream.mp3';
export const STREAM_COMPLETE_FILE = 'stream.complete';

/** Appends the encoder's chunks in order; `complete` waits for them and marks the stream finished. */
export interface StreamWriter {
  append(bytes: Uint8Array): void;
  complete(): Promise<void>;
  /** Stops writing (the step failed); the unfinished stream stays without its complete mark. */
  abandon(): Promise<void>;
}

/**
 * One request's step outputs on disk (DATA_DIR/work/<requestId>/), so a retried or taken-over
 * job continues from the last finished step. Writes go to a temporary name first and are renamed,
 * so a worker killed mid-write never leaves a half file that looks finished.
 */
export class WorkStore {
  readonly dir: string;

  constructor(dataDir: string, requestId: number) {
    this.dir = path.join(dataDir, 'work', String(requestId));
  }

  async writeJson(name: string, value: unknown): Promise<void> {
    await this.writeBytes(name, Buffer.from(JSON.stringify(value)));
  }

  async readJson<T>(name: string): Promise<T> {
    return JSON.parse(await readFile(this.file(name), 'utf8')) as T;
  }

  /** Raw 32-bit float samples, left channel then right; the sample rate is kept by the caller. */
  async writeAudio(name: string, audio: StereoAudio): Promise<void> {
    const bytes = Buffer.alloc((audio.left.length + audio.right.length) * 4);
    Buffer.from(audio.left.buffer, audio.left.byteOffset, audio.left.byteLength).copy(bytes, 0);
    Buffer.from(audio.right.buffer, audio.right.byteOffset, audio.right.byteLength).copy(bytes, audio.left.byteLength);
    await this.writeBytes(name, bytes);
  }

  async readAudio(name: string, sampleRate: number): Promise<StereoAudio> {
    const bytes = await readFile(this.file(name));
    const samples = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const frames = samples.length / 2;
    return { sampleRate, left: samples.slice(0, frames), right: samples.slice(frames) };
  }

  async writeBytes(name: string, bytes: Uint8Array): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const temporary = `${this.file(name)}.partial`;
    await writeFile(temporary, bytes);
    await rename(temporary, this.file(name));
  }

  async readBytes(name: string): Promise<Uint8Array> {
    return new Uint8Array(await readFile(this.file(name)));
  }

  /**
   * A fresh stream file: an earlier run's (an encode that crashed) is unlinked first, so a reader
   * still holding it sees its file replaced and stops, rather than reading this run's bytes at its offset.
   */
  async openStream(): Promise<StreamWriter> {
    await mkdir(this.dir, { recursive: true });
    await rm(this.file(STREAM_COMPLETE_FILE), { force: true });
    await unlink(this.file(STREAM_FILE)).catch(() => undefined);
    const handle = await open(this.file(STREAM_FILE), 'wx');
    let writing: Promise<unknown> = Promise.resolve();
    let failure: unknown = null;
    const close = async () => {
      await writing;
      await handle.close();
      if (failure) throw failure;
    };
    return {
      append: (bytes) => {
        writing = writing.then(() => (failure ? undefined : handle.write(bytes).catch((error: unknown) => (failure = error))));
      },
      complete: async () => {
        await close();
        await writeFile(this.file(STREAM_COMPLETE_FILE), '');
      },
      abandon: () => close().catch(() => undefined),
    };
  }

  file(name: string): string {
    return path.join(this.dir, name);
  }

  /**
   * Forgets, in `outputs`, the first finished step (in `order`) whose files are not in this folder and
   * every step after it, so they run again here: a job taken over by a worker on another machine
   * (its own DATA_DIR) finds none of the first worker's checkpoints. Answers the steps forgotten.
   */
  async forgetMissing(outputs: StepOutputs, order: readonly (keyof StepOutputs)[]): Promise<string[]> {
    const forgotten: string[] = [];
    for (const step of order) {
      const output = outputs[step] as Record<string, unknown> | undefined;
      if (!output) continue;
      const files = ['file', 'analysis', 'thumbnail'].flatMap((field) => (typeof output[field] === 'string' ? [output[field] as string] : []));
      const present = await Promise.all(files.map((name) => access(this.file(name)).then(() => true, () => false)));
      if (forgotten.length || present.includes(false)) {
        delete outputs[step];
        forgotten.push(step);
      }
    }
    return forgotten;
  }

  /** Once the song is saved the intermediate outputs are no longer needed. */
  async remove(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
