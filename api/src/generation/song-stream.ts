import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** How often a listener waiting for chunks asks whether the request is still being generated. */
const STATUS_CHECK_MS = 1000;

/** Appends the encoder's chunks in order; `complete` waits for them and marks the stream finished. */
export interface SongStreamWriter {
  append(bytes: Uint8Array): void;
  complete(): Promise<void>;
  /** Stops the stream unfinished (the encode failed): its listeners' answers end. */
  abandon(): Promise<void>;
}

export interface SongStreamListener {
  /** Whether the request is still queued or being generated (asked while no chunk comes). */
  stillGenerating: () => Promise<boolean>;
  /** The listener went away. */
  signal: AbortSignal;
}

/**
 * Carries the MP3 of a song being generated from the job that encodes it to the listeners of
 * `GET /api/generations/:id/stream`, chunk by chunk as the encoder finishes them. In one process
 * (no REDIS_URL) through memory; with REDIS_URL through a Redis stream per request, so an API
 * process on another machine than the worker can answer it (docs/generation.md).
 */
export interface SongStreams {
  /** A fresh stream for the request: an earlier run's (an encode that failed) ends for its listeners. */
  open(requestId: number): Promise<SongStreamWriter>;
  /**
   * The request's chunks from the first one, each as soon as it is encoded. Waits while the song is
   * still rendered and mastered; ends after the last chunk, when the stream is abandoned or replaced
   * by a retried encode, or when the request stops being generated without one. Yields nothing when
   * no stream is there before the request ends (the song is saved: its file replaces the stream).
   */
  listen(requestId: number, listener: SongStreamListener): AsyncGenerator<Uint8Array>;
  /** The request's job ended: the stream is not needed for new listeners (those listening finish). */
  release(requestId: number): void;
}

/** Resolves at the next notify(), after `ms`, or when `signal` aborts, whichever comes first. */
class Wakeup {
  private readonly waiters = new Set<() => void>();

  notify(): void {
    for (const wake of [...this.waiters]) wake();
  }

  wait(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', wake);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      signal.addEventListener('abort', wake, { once: true });
      this.waiters.add(wake);
    });
  }
}

/** One run's stream in memory: its chunks are the same arrays the job keeps for the stored file. */
class MemoryStream {
  readonly chunks: Uint8Array[] = [];
  ended = false;
  readonly changed = new Wakeup();

  end(): void {
    this.ended = true;
    this.changed.notify();
  }
}

/** The stream within one process: the job and the API route share this object. */
export class LocalSongStreams implements SongStreams {
  private readonly streams = new Map<number, MemoryStream>();
  /** A stream was opened or released: listeners waiting for their request's look again. */
  private readonly opened = new Wakeup();

  async open(requestId: number): Promise<SongStreamWriter> {
    this.streams.get(requestId)?.end();
    const stream = new MemoryStream();
    this.streams.set(requestId, stream);
    this.opened.notify();
    return {
      append: (bytes) => {
        if (stream.ended) return;
        stream.chunks.push(bytes);
        stream.changed.notify();
      },
      complete: async () => stream.end(),
      abandon: async () => stream.end(),
    };
  }

  release(requestId: number): void {
    this.streams.get(requestId)?.end();
    this.streams.delete(requestId);
    this.opened.notify();
  }

  async *listen(requestId: number, { stillGenerating, signal }: SongStreamListener): AsyncGenerator<Uint8Array> {
    let stream = this.streams.get(requestId);
    while (!stream) {
      if (signal.aborted || !(await stillGenerating())) return;
      await this.opened.wait(STATUS_CHECK_MS, signal);
      stream = this.streams.get(requestId);
    }
    // Every job ends its stream (complete, abandon, replaced or released), so no status checks here.
    for (let sent = 0; !signal.aborted; ) {
      if (sent < stream.chunks.length) yield stream.chunks[sent++];
      else if (stream.ended) return;
      else await stream.changed.wait(STATUS_CHECK_MS, signal);
    }
  }
}

/** A Redis stream per request lasts this long while it is written (a worker that died leaves it behind)... */
const OPEN_TTL_SECONDS = 3600;
/** ...and this long once finished, for listeners still reading it (the player moves on to the stored file). */
const FINISHED_TTL_SECONDS = 600;

/**
 * The stream across processes: one Redis stream per request (`<namespace>:stream:<id>`), an `open`
 * entry naming the run, then one entry per chunk (XADD), then `complete` or `abandoned`. Listeners
 * read it from the start with XREAD BLOCK on a connection of their own; a new run (a retried encode)
 * deletes the key and starts with its own `open`, which ends the earlier run's listeners.
 */
export class RedisSongStreams implements SongStreams {
  constructor(
    private readonly redis: Redis,
    /** Keeps installations sharing a Redis apart: the generation queue's name. */
    private readonly namespace: string,
  ) {}

  private key(requestId: number): string {
    return `songforge:${this.namespace}:stream:${requestId}`;
  }

  async open(requestId: number): Promise<SongStreamWriter> {
    const key = this.key(requestId);
    const run = randomUUID();
    await this.redis.multi().del(key).xadd(key, '*', 'run', run, 'event', 'open').expire(key, OPEN_TTL_SECONDS).exec();
    // Commands on one connection run in order: appends need not wait for each other, only complete() for all.
    let written: Promise<unknown> = Promise.resolve();
    let failure: unknown = null;
    const append = (bytes: Uint8Array) => {
      written = this.redis.xadd(key, '*', 'run', run, 'chunk', Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).catch((error: unknown) => (failure ??= error));
    };
    const end = async (event: 'complete' | 'abandoned') => {
      await written;
      await this.redis.multi().xadd(key, '*', 'run', run, 'event', event).expire(key, FINISHED_TTL_SECONDS).exec();
      if (failure) throw failure;
    };
    return { append, complete: () => end('complete'), abandon: () => end('abandoned').catch(() => undefined) };
  }

  /** Nothing to do: the finished stream expires by itself, and listeners still reading it finish. */
  release(): void {}

  async *listen(requestId: number, { stillGenerating, signal }: SongStreamListener): AsyncGenerator<Uint8Array> {
    const key = this.key(requestId);
    // XREAD BLOCK holds its connection: each listener has its own, closed when it goes away.
    const reader = this.redis.duplicate();
    const stop = () => reader.disconnect();
    signal.addEventListener('abort', stop, { once: true });
    let last = '0';
    let run: string | null = null;
    try {
      while (!signal.aborted) {
        const reply = await reader.xreadBuffer('BLOCK', STATUS_CHECK_MS, 'STREAMS', key, last).catch((error: unknown) => {
          if (signal.aborted) return null;
          throw error;
        });
        if (!reply) {
          if (signal.aborted || !(await stillGenerating())) return;
          continue;
        }
        for (const [id, fields] of reply[0][1]) {
          last = id.toString();
          const entry = new Map<string, Buffer>();
          for (let i = 0; i + 1 < fields.length; i += 2) entry.set(fields[i].toString(), fields[i + 1]);
          const entryRun = entry.get('run')?.toString() ?? null;
          run ??= entryRun;
          if (entryRun !== run) return;
          const chunk = entry.get('chunk');
          if (chunk) yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
          const event = entry.get('event')?.toString();
          if (event === 'complete' || event === 'abandoned') return;
        }
      }
    } finally {
      signal.removeEventListener('abort', stop);
      reader.disconnect();
    }
  }
}
