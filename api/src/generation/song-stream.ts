import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { STREAM_COMPLETE_FILE, STREAM_FILE } from './work-store.js';

/** How often the reader looks for new bytes: the encoder writes a chunk every few hundred ms. */
const POLL_MS = 40;
/** How often it asks whether the request is still being generated (failed, cancelled or saved ends the stream). */
const STATUS_CHECK_MS = 1000;
const READ_BYTES = 64 * 1024;

export interface SongStreamSource {
  /** The request's work folder (WorkStore.dir), shared with the worker that encodes it. */
  dir: string;
  /** Whether the request is still queued or being generated. */
  stillGenerating: () => Promise<boolean>;
  /** The listener went away. */
  signal: AbortSignal;
}

const inodeOf = (file: string) => stat(file).then((s) => s.ino, () => null);
const exists = (file: string) => stat(file).then(() => true, () => false);

/**
 * The MP3 of a song being generated, as the encoder writes it (WorkStore.openStream): the worker
 * that runs the job, in this process or another one sharing DATA_DIR, appends each encoded chunk
 * to the work folder's stream file, and this tails it. Waits for the file while the song is still
 * being rendered and mastered; ends once the complete mark is there and every byte was read, when
 * the file is replaced or removed (a retried encode; the song saved and its work folder cleared,
 * which happens only after the mark), or when the request stops being generated. Yields nothing
 * when no stream file appears before the request ends (a resumed job whose encode had already run).
 */
export async function* tailSongStream({ dir, stillGenerating, signal }: SongStreamSource): AsyncGenerator<Uint8Array> {
  const file = path.join(dir, STREAM_FILE);
  let checkedAt = Date.now();
  const generating = async () => {
    if (Date.now() - checkedAt < STATUS_CHECK_MS) return true;
    checkedAt = Date.now();
    return stillGenerating();
  };

  let handle: Awaited<ReturnType<typeof open>> | null = null;
  while (!handle) {
    if (signal.aborted || !(await generating())) return;
    handle = await open(file, 'r').catch(() => null);
    if (!handle) await sleep(POLL_MS);
  }
  try {
    const inode = (await handle.stat()).ino;
    let position = 0;
    const buffer = Buffer.alloc(READ_BYTES);
    const readMore = async (): Promise<Uint8Array | null> => {
      const { bytesRead } = await handle!.read(buffer, 0, READ_BYTES, position);
      position += bytesRead;
      return bytesRead > 0 ? Uint8Array.prototype.slice.call(buffer, 0, bytesRead) : null;
    };
    while (!signal.aborted) {
      const bytes = await readMore();
      if (bytes) {
        yield bytes;
        continue;
      }
      // At the end of what is written so far: finished, replaced, or more to come.
      const finished = (await exists(path.join(dir, STREAM_COMPLETE_FILE))) || (await inodeOf(file)) !== inode || !(await generating());
      if (finished) {
        for (let rest = await readMore(); rest && !signal.aborted; rest = await readMore()) yield rest;
        return;
      }
      await sleep(POLL_MS);
    }
  } finally {
    await handle.close();
  }
}
