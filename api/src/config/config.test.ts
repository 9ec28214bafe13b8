import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'songforge-config-'));
  const env = { DATA_DIR: dataDir, SESSION_SECRET: 'config-test-secret-0123456789' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const failure = (databaseUrl: string) => {
    try {
      loadConfig({ ...env, DATABASE_URL: databaseUrl });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    return null;
  };

  it('explains a DATABASE_URL without a user name, or that is no PostgreSQL URL, in one line', () => {
    const shape = 'expected postgres://user[:password]@host[:port]/database';
    expect(failure('postgres://127.0.0.1:5432/test')).toBe(`Invalid configuration: DATABASE_URL: no user name (${shape})`);
    expect(failure('localhost:5432/test')).toBe(`Invalid configuration: DATABASE_URL: unsupported scheme localhost: (${shape})`);
    expect(failure('not a url')).toBe(`Invalid configuration: DATABASE_URL: not a URL (${shape})`);
    expect(failure('mysql://root@db/test')).toBe(`Invalid configuration: DATABASE_URL: unsupported scheme mysql: (${shape})`);
  });

  it('accepts a DATABASE_URL with a user name in the authority or as a parameter', () => {
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://songforge:secret@db:5432/songforge' }).databaseUrl).toBe('postgres://songforge:secret@db:5432/songforge');
    expect(loadConfig({ ...env, DATABASE_URL: 'postgresql:///songforge?host=/run/postgresql&user=songforge' }).databaseUrl).not.toBeNull();
  });

  it('chooses the media storage from STORAGE and S3_*, refusing half a configuration', () => {
    expect(loadConfig(env)).toMatchObject({ storage: { kind: 'local' }, mediaUrls: 'proxy', mediaUrlTtlSeconds: 300 });
    const s3 = { ...env, STORAGE: 's3', S3_BUCKET: 'songforge-media', S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig({ ...s3, MEDIA_URLS: 'presigned', MEDIA_URL_TTL: '60' })).toMatchObject({
      storage: { kind: 's3', bucket: 'songforge-media', endpoint: 'http://minio:9000', region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'key', secretAccessKey: 'secret' } },
      mediaUrls: 'presigned',
      mediaUrlTtlSeconds: 60,
    });
    // AWS itself: virtual-hosted addressing and the SDK's own credentials.
    expect(loadConfig({ ...env, STORAGE: 's3', S3_BUCKET: 'songforge-media', S3_REGION: 'eu-west-1' }).storage).toMatchObject({ endpoint: null, forcePathStyle: false, credentials: null, region: 'eu-west-1' });
    const refused = (extra: Record<string, string>) => () => loadConfig({ ...env, ...extra });
    expect(refused({ STORAGE: 's3' })).toThrow('Invalid configuration: STORAGE=s3 needs S3_BUCKET');
    expect(refused({ STORAGE: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'key' })).toThrow('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    expect(refused({ MEDIA_URLS: 'presigned' })).toThrow('MEDIA_URLS=presigned needs STORAGE=s3');
    expect(refused({ STORAGE: 'gcs' })).toThrow('STORAGE must be local or s3');
    expect(refused({ STORAGE: 's3', S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET must be a bucket name/);
  });

  it('creates the session secret once and reads it back afterwards', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });
});
