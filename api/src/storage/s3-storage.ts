import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  paginateListObjectsV2,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentTypeOf, isSafeKey, type ByteRange, type MediaStorage, type OpenedObject, type StoredObject } from './media-storage.js';

export interface S3Settings {
  bucket: string;
  /** Another S3-compatible server (MinIO, Ceph...); null: AWS S3 for the region. */
  endpoint: string | null;
  region: string;
  /** null: the SDK's own credential chain (environment, shared files, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** bucket in the path (http://host/bucket/key), as most self-hosted servers want. */
  forcePathStyle: boolean;
}

/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;
/** lib-storage sends bodies above one part as a multipart upload of parts this big, two at a time. */
const UPLOAD_PART_BYTES = 8 * 1024 * 1024;

/** Media in a bucket of any S3-compatible store, through the official AWS SDK v3 (docs/storage.md). */
export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint ?? undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials ?? undefined,
      // Checksums on every request are an AWS feature some S3-compatible servers reject.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  get description(): string {
    return `bucket ${this.settings.bucket}${this.settings.endpoint ? ` at ${this.settings.endpoint}` : ` (AWS ${this.settings.region})`}`;
  }

  async write(key: string, body: Uint8Array | Readable): Promise<void> {
    checkKey(key);
    // One PUT for a small body; a stream or a large one goes up in parts as it is read.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: key, Body: body, ContentType: contentTypeOf(key) },
      partSize: UPLOAD_PART_BYTES,
      queueSize: 2,
    });
    await upload.done();
  }

  async read(key: string): Promise<Buffer | null> {
    const object = await this.get(key);
    return object ? Buffer.from(await object.Body!.transformToByteArray()) : null;
  }

  async open(key: string, range?: ByteRange): Promise<OpenedObject | null> {
    const object = await this.get(key, range);
    if (!object) return null;
    // Content-Range: bytes start-end/total; without a range the length is the size.
    const total = /\/(\d+)$/.exec(object.ContentRange ?? '')?.[1];
    return {
      size: total ? Number(total) : (object.ContentLength ?? 0),
      etag: object.ETag ?? '""',
      lastModified: object.LastModified ?? new Date(0),
      body: object.Body as Readable,
    };
  }

  async stat(key: string): Promise<StoredObject | null> {
    checkKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, etag: head.ETag ?? '""', lastModified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async copy(fromKey: string, toKey: string): Promise<void> {
    checkKey(fromKey);
    checkKey(toKey);
    const source = `${this.settings.bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`;
    await this.client.send(new CopyObjectCommand({ Bucket: this.settings.bucket, Key: toKey, CopySource: source, ContentType: contentTypeOf(toKey), MetadataDirective: 'REPLACE' }));
  }

  async remove(keys: readonly string[]): Promise<void> {
    keys.forEach(checkKey);
    for (let at = 0; at < keys.length; at += DELETE_BATCH) {
      const batch = keys.slice(at, at + DELETE_BATCH);
      const answer = await this.client.send(new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
      const failed = (answer.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length) throw new Error(`Deleting ${failed.length} media object(s) failed: ${failed[0]!.Key}: ${failed[0]!.Message ?? failed[0]!.Code}`);
    }
  }

  async *list(prefix = ''): AsyncIterable<{ key: string; size: number }> {
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.settings.bucket, Prefix: prefix || undefined })) {
      for (const object of page.Contents ?? []) if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
    }
  }

  presignedUrl(key: string, options: { expiresInSeconds: number; contentType: string; downloadName?: string }): Promise<string> {
    checkKey(key);
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: key,
      ResponseContentType: options.contentType,
      ResponseContentDisposition: options.downloadName ? `attachment; filename*=UTF-8''${encodeURIComponent(options.downloadName)}` : undefined,
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }

  close(): void {
    this.client.destroy();
  }

  private async get(key: string, range?: ByteRange): Promise<GetObjectCommandOutput | null> {
    checkKey(key);
    try {
      return await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }
}

function checkKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Not a media key: ${JSON.stringify(key)}`);
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}
