import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isSafeKey, type ByteRange, type MediaStorage, type OpenedObject, type StoredObject } from './media-storage.js';

const PARTIAL = '.partial';

/** Media as files under one folder (MEDIA_DIR): the default, for a single machine. */
export class LocalMediaStorage implements MediaStorage {
  readonly kind = 'local' as const;
  readonly root: string;

  constructor(mediaDir: string) {
    this.root = path.resolve(mediaDir);
  }

  get description(): string {
    return `local folder ${this.root}`;
  }

  /** The file a key names; throws for a key that is not a plain relative path (a caller's bug, never user input). */
  file(key: string): string {
    if (!isSafeKey(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
    return path.join(this.root, ...key.split('/'));
  }

  async write(key: string, body: Uint8Array | Readable): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    // A name of its own per writer, renamed into place: readers never see half a file.
    const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}${PARTIAL}`;
    try {
      await pipeline(body instanceof Readable ? body : Readable.from([body]), createWriteStream(partial));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  read(key: string): Promise<Buffer | null> {
    return readFile(this.file(key)).catch(absent);
  }

  async open(key: string, range?: ByteRange): Promise<OpenedObject | null> {
    const file = this.file(key);
    const info = await this.stat(key);
    if (!info) return null;
    return { ...info, body: createReadStream(file, range ? { start: range.start, end: range.end } : {}) };
  }

  async stat(key: string): Promise<StoredObject | null> {
    const info = await stat(this.file(key)).catch(absent);
    if (!info?.isFile()) return null;
    // The same tag Express' static files had, so clients' cached copies stay fresh across the change.
    return { size: info.size, etag: `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`, lastModified: info.mtime };
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    const target = this.file(toKey);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}${PARTIAL}`;
    await copyFile(this.file(fromKey), partial);
    await rename(partial, target);
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.file(key), { force: true })));
  }

  async *list(prefix = ''): AsyncIterable<{ key: string; size: number }> {
    // Only the folder the prefix names is walked (songs/ for songs/<id>, not the whole media root).
    const folder = prefix.includes('/') ? this.file(prefix.slice(0, prefix.lastIndexOf('/'))) : this.root;
    const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith(PARTIAL)) continue;
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (!key.startsWith(prefix)) continue;
      const size = await stat(path.join(entry.parentPath, entry.name)).then((s) => s.size, () => null);
      if (size !== null) yield { key, size };
    }
  }

  async presignedUrl(): Promise<null> {
    return null;
  }
}

/** A missing file is null; any other error stays an error. */
function absent(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
  throw error;
}
