import type { MediaStorage } from './media-storage.js';

export interface MigrationReport {
  copied: number;
  /** Already in the target with the same size: a re-run after an interruption copies only what is missing. */
  skipped: number;
  copiedBytes: number;
}

/**
 * Copies every object of `source` into `target` (the local media folder into a bucket), streaming
 * each one; objects already there with the same size are skipped, so running it again is harmless.
 */
export async function migrateMedia(source: MediaStorage, target: MediaStorage, onCopied: (key: string) => void = () => {}): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, skipped: 0, copiedBytes: 0 };
  for await (const object of source.list()) {
    if ((await target.stat(object.key))?.size === object.size) {
      report.skipped += 1;
      continue;
    }
    const opened = await source.open(object.key);
    if (!opened) continue;
    await target.write(object.key, opened.body);
    report.copied += 1;
    report.copiedBytes += object.size;
    onCopied(object.key);
  }
  return report;
}
