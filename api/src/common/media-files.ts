import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Writes a media file under a temporary name first, so a reader never sees half of it. */
export async function writeMediaFile(mediaDir: string, relative: string, bytes: Uint8Array): Promise<void> {
  const target = path.join(mediaDir, relative);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(`${target}.partial`, bytes);
  await rename(`${target}.partial`, target);
}
