import type { AppConfig } from '../config/config.js';
import { LocalMediaStorage } from './local-storage.js';
import type { MediaStorage } from './media-storage.js';
import { S3MediaStorage } from './s3-storage.js';

/** The backend the configuration names: MEDIA_DIR by default, a bucket with STORAGE=s3. */
export function createMediaStorage(config: Pick<AppConfig, 'storage' | 'mediaDir'>): MediaStorage {
  const { storage } = config;
  return storage.kind === 's3' ? new S3MediaStorage(storage) : new LocalMediaStorage(config.mediaDir);
}
