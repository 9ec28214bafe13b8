import { access, mkdir, open, readFile, rm, rename, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { StereoAudio } from '../music/types.js';
import type { StepOutputs } from './pipeline.js';

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

  /**
   * Raw 32-bit float samples, left channel then right; the sample rate is kept by the caller.
   * Written straight from the channels' memory (the engine's shared mix buffers), without a copy.
   */
  async writeAudio(name: string, audio: StereoAudio): Promise<void> {
    const bytesOf = (samples: Float32Array) => new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
    await this.writeWhole(name, async (handle) => {
      await writeFully(handle, bytesOf(audio.left));
      await writeFully(handle, bytesOf(audio.right));
    });
  }

  async readAudio(name: string, sampleRate: number): Promise<StereoAudio> {
    const bytes = await readFile(this.file(name));
    const samples = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const frames = samples.length / 2;
    return { sampleRate, left: samples.slice(0, frames), right: samples.slice(frames) };
  }

  async writeBytes(name: string, bytes: Uint8Array): Promise<void> {
    await this.writeWhole(name, (handle) => writeFully(handle, bytes));
  }

  /** Writes `name` under a temporary name, then renames it: the file appears only whole. */
  private async writeWhole(name: string, write: (handle: FileHandle) => Promise<void>): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const temporary = `${this.file(name)}.partial`;
    const handle = await open(temporary, 'w');
    try {
      await write(handle);
    } finally {
      await handle.close();
    }
    await rename(temporary, this.file(name));
  }

  async readBytes(name: string): Promise<Uint8Array> {
    return new Uint8Array(await readFile(this.file(name)));
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

/**
 * Writes all of `bytes` at the file's position, in as few system calls as the kernel allows (one,
 * for a song). FileHandle.writeFile goes in 512 KiB pieces, each started from this thread: while
 * it is busy (mastering, encoding, the embedded database) a song's 63 MB mix took 0.6 s to write.
 */
async function writeFully(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  for (let written = 0; written < bytes.length; ) written += (await handle.write(bytes, written, bytes.length - written)).bytesWritten;
}
