import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../test-support/s3-server.js';
import { LocalMediaStorage } from './local-storage.js';
import { S3MediaStorage } from './s3-storage.js';
import { isSafeKey, mediaKey, type MediaStorage } from './media-storage.js';
import { migrateMedia } from './migrate-media.js';

/** The same contract on both backends: the local folder and an S3-compatible server (s3rver). */
const BACKENDS: Array<{ name: string; open: () => Promise<{ storage: MediaStorage; close: () => Promise<void> }> }> = [
  {
    name: 'local disk',
    open: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'songforge-media-'));
      return { storage: new LocalMediaStorage(dir), close: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 (s3rver)',
    open: async () => {
      const s3 = await startLocalS3();
      const storage = new S3MediaStorage(s3.storage);
      return { storage, close: async () => (storage.close(), s3.close()) };
    },
  },
];

describe.each(BACKENDS)('media storage on $name', ({ open }) => {
  let storage: MediaStorage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(async () => {
    await close?.();
  });

  const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));

  it('writes, reads, stats and answers null for what is absent', async () => {
    await storage.write('songs/a.mp3', bytes);
    expect((await storage.read('songs/a.mp3'))!.equals(bytes)).toBe(true);
    const info = await storage.stat('songs/a.mp3');
    expect(info).toMatchObject({ size: bytes.length, etag: expect.stringMatching(/^(W\/)?".+"$/) });
    expect(await storage.read('songs/none.mp3')).toBeNull();
    expect(await storage.stat('songs/none.mp3')).toBeNull();
    expect(await storage.open('songs/none.mp3')).toBeNull();
  });

  it('reads byte ranges', async () => {
    await storage.write('songs/range.mp3', bytes);
    const part = await storage.open('songs/range.mp3', { start: 1000, end: 1999 });
    expect(part!.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of part!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes.subarray(1000, 2000))).toBe(true);
  });

  it('streams a body larger than one upload part, and replaces an object whole', async () => {
    const big = Buffer.alloc(9 * 1024 * 1024, 9);
    await storage.write('songs/big.mp3', Readable.from([big.subarray(0, 4_000_000), big.subarray(4_000_000)]));
    expect((await storage.stat('songs/big.mp3'))!.size).toBe(big.length);
    await storage.write('songs/big.mp3', Buffer.from('small now'));
    expect(await text((await storage.open('songs/big.mp3'))!.body)).toBe('small now');
  });

  it('copies, lists by prefix and removes (absent keys are no error)', async () => {
    await storage.write('covers/x.png', bytes);
    await storage.copy('covers/x.png', 'covers/x-copy.png');
    expect((await storage.read('covers/x-copy.png'))!.equals(bytes)).toBe(true);
    const listed: string[] = [];
    for await (const object of storage.list('covers/x')) listed.push(object.key);
    expect(listed.sort()).toEqual(['covers/x-copy.png', 'covers/x.png']);
    await storage.remove(['covers/x.png', 'covers/x-copy.png', 'covers/never.png']);
    expect(await storage.stat('covers/x.png')).toBeNull();
  });

  it('refuses keys that are not plain relative paths', async () => {
    for (const key of ['../etc/passwd', '/abs', 'a//b', 'a/./b', 'a\\b', '']) {
      expect(isSafeKey(key), key).toBe(false);
      await expect(storage.write(key, bytes), key).rejects.toThrow(/Not a media key/);
    }
    expect(mediaKey('/media/songs/a%20b.mp3')).toBe('songs/a b.mp3');
    expect(mediaKey('/media/..%2Fsecret')).toBeNull();
    expect(mediaKey('/default-cover.svg')).toBeNull();
  });
});

describe('presigned URLs on S3', () => {
  let s3: LocalS3;
  let storage: S3MediaStorage;
  beforeAll(async () => {
    s3 = await startLocalS3();
    storage = new S3MediaStorage(s3.storage);
  });
  afterAll(async () => {
    storage?.close();
    await s3?.close();
  });

  it('lets a client fetch the object (and a range of it) straight from the store, with the type asked for', async () => {
    await storage.write('songs/p.mp3', Buffer.from('presigned bytes'));
    const url = await storage.presignedUrl('songs/p.mp3', { expiresInSeconds: 60, contentType: 'audio/mpeg' });
    expect(url.startsWith(`${s3.endpoint}/songforge-media/songs/p.mp3?`)).toBe(true);
    const whole = await fetch(url);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(await whole.text()).toBe('presigned bytes');
    const part = await fetch(url, { headers: { range: 'bytes=0-8' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('presigned');
    // s3rver does not check query-string signatures, so refusing a tampered URL is the real store's job, not tested here.
    expect(url).toMatch(/X-Amz-Expires=60&.*X-Amz-Signature=[0-9a-f]{64}/);
  });
});

const run = promisify(execFile);

describe('copying a local media folder into a bucket (npm run media:migrate)', () => {
  let s3: LocalS3;
  let dir: string;
  beforeAll(async () => {
    s3 = await startLocalS3();
    dir = mkdtempSync(path.join(tmpdir(), 'songforge-migrate-'));
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies every object once: a second run copies nothing, a changed file is copied again', async () => {
    const local = new LocalMediaStorage(dir);
    await local.write('songs/one.mp3', Buffer.alloc(3000, 1));
    await local.write('covers/one-256.png', Buffer.alloc(500, 2));
    await local.write('genre-art/jazz.png', Buffer.alloc(700, 3));
    const bucket = new S3MediaStorage(s3.storage);
    try {
      expect(await migrateMedia(local, bucket)).toEqual({ copied: 3, skipped: 0, copiedBytes: 4200 });
      expect((await bucket.read('covers/one-256.png'))!.equals(Buffer.alloc(500, 2))).toBe(true);
      expect(await migrateMedia(local, bucket)).toEqual({ copied: 0, skipped: 3, copiedBytes: 0 });
      await local.write('songs/one.mp3', Buffer.alloc(3100, 4));
      expect(await migrateMedia(local, bucket)).toEqual({ copied: 1, skipped: 2, copiedBytes: 3100 });
    } finally {
      bucket.close();
    }
  });

  it('runs as a command with the bucket from the environment', async () => {
    await new LocalMediaStorage(dir).write('avatars/7-a-64.webp', Buffer.alloc(64, 5));
    // Run asynchronously: the S3 server answers from this process.
    const command = (env: Record<string, string>, ...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'src/storage/migrate-media-cli.ts', ...args], {
        cwd: path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..'),
        env: { ...process.env, DATA_DIR: dir, SESSION_SECRET: 'test-session-secret-0123456789', ...env },
      }).then(({ stdout }) => ({ code: 0, stdout, stderr: '' }), (error: { code: number; stdout: string; stderr: string }) => error);
    const copied = await command(s3.env, '--from', dir);
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.stdout).toMatch(/1 object\(s\) copied .* 3 already there/);
    expect(copied.stdout).toContain('avatars/7-a-64.webp');
    const refused = await command({ STORAGE: 'local' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('set STORAGE=s3');
  });
});
