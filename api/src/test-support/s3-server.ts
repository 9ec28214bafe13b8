import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { StorageSettings } from '../config/config.js';

export interface LocalS3 {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  storage: Extract<StorageSettings, { kind: 's3' }>;
  /** The same settings as the environment of a child process (STORAGE=s3, S3_*). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * An S3-compatible server in this process (s3rver, from npm) on an ephemeral port, with one empty
 * bucket in a folder of its own. s3rver checks SigV4 signatures against its fixed key pair.
 */
export async function startLocalS3(bucket = 'songforge-media'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'songforge-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    storage: { kind: 's3', bucket, endpoint, region: 'us-east-1', credentials, forcePathStyle: true },
    env: { STORAGE: 's3', S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
