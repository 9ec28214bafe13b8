import type { AppConfig } from '../config/config.js';
import { LocalMediaStorage } from './local-storage.js';
import type { MediaStorage } from './media-storage.js';

/**
 * The backend the configuration names: MEDIA_DIR by default, a bucket with STORAGE=s3. The AWS SDK
 * (about a tenth of what start-up loads) is imported only when a bucket is configured (issue 20).
 */
export async function createMediaStorage(config: Pick<AppConfig, 'storage' | 'mediaDir'>): Promise<MediaStorage> {
  const { storage } = config;
  return storage.kind === 's3' ? new (await import('./s3-storage.js')).S3MediaStorage(storage) : new LocalMediaStorage(config.mediaDir);
}
