/**
 * `npm run media:migrate [-- --from DIR]`: copies a local media folder (MEDIA_DIR by default) into
 * the bucket configured by STORAGE=s3 and the S3_* variables (docs/storage.md). Idempotent.
 */
import { parseArgs } from 'node:util';
import path from 'node:path';
import { loadConfigOrExit } from '../app/process-lifecycle.js';
import { createMediaStorage } from './create-storage.js';
import { LocalMediaStorage } from './local-storage.js';
import { migrateMedia } from './migrate-media.js';

const { values } = parseArgs({ options: { from: { type: 'string' } } });
const config = loadConfigOrExit();
const target = await createMediaStorage(config);
if (target.kind !== 's3') {
  console.error('media:migrate copies into a bucket: set STORAGE=s3 and S3_BUCKET (and S3_ENDPOINT for a server other than AWS S3)');
  process.exit(1);
}
const source = new LocalMediaStorage(values.from ? path.resolve(values.from) : config.mediaDir);
console.log(`Copying ${source.description} into ${target.description}`);
const started = Date.now();
const report = await migrateMedia(source, target, (key) => console.log(`  ${key}`));
console.log(`${report.copied} object(s) copied (${(report.copiedBytes / 1e6).toFixed(1)} MB), ${report.skipped} already there, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
