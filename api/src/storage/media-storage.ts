import type { Readable } from 'node:stream';

/**
 * Where media (audio, covers, portraits, avatars, artwork) lives: the local disk under MEDIA_DIR or an
 * S3-compatible bucket (docs/storage.md). Objects are named by keys such as `songs/<id>.mp3`; the
 * database keeps the public form `/media/<key>`, the same URL whichever backend holds the bytes.
 */
export interface MediaStorage {
  /** 'local' or 's3', and where (for logs and the migration command). */
  readonly kind: 'local' | 's3';
  readonly description: string;
  /** Writes an object whole or not at all (readers never see half of it); a Readable body is streamed. */
  write(key: string, body: Uint8Array | Readable): Promise<void>;
  /** The whole object, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** A stream of the object (or of `range`, inclusive byte offsets), or null when there is none. */
  open(key: string, range?: ByteRange): Promise<OpenedObject | null>;
  stat(key: string): Promise<StoredObject | null>;
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Removes objects; absent ones are no error. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every object whose key starts with `prefix`. */
  list(prefix?: string): AsyncIterable<{ key: string; size: number }>;
  /** A short-lived URL a client can fetch the object from directly; null where the backend has none (the local disk). */
  presignedUrl(key: string, options: { expiresInSeconds: number; contentType: string; downloadName?: string }): Promise<string | null>;
}

export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  size: number;
  /** A strong or weak HTTP entity tag, quoted. */
  etag: string;
  lastModified: Date;
}

export interface OpenedObject extends StoredObject {
  body: Readable;
}

const MEDIA_PREFIX = '/media/';

/**
 * The storage key a `/media/...` URL names, or null when it names none: other URLs (the web app's
 * default cover), and keys that would leave the media root or are not plain relative paths.
 */
export function mediaKey(url: string | null | undefined): string | null {
  if (!url?.startsWith(MEDIA_PREFIX)) return null;
  let key: string;
  try {
    key = decodeURIComponent(url.slice(MEDIA_PREFIX.length));
  } catch {
    return null;
  }
  return isSafeKey(key) ? key : null;
}

/** Relative, slash-separated, no empty, '.' or '..' segment, no backslash or control character. */
export function isSafeKey(key: string): boolean {
  if (!key || key.length > 512 || /[\\\u0000-\u001f]/.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export const mediaUrl = (key: string) => `${MEDIA_PREFIX}${key}`;

const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  json: 'application/json',
};

export function contentTypeOf(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
