import { createReadStream, existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';

/**
 * Unpacks the prepared data folder (PGlite's dumpDataDir tarball, paths from the data folder's root)
 * into `dataDir`, which must be missing or empty. Written natively: PGlite's own loadDataDir writes
 * through its virtual file system, about 2 s of open() calls for its 1,250 files (issue 20: start-up).
 * The files go to a sibling folder first and are renamed into place, so a crash midway leaves no
 * half database that a later start would take for a whole one.
 */
export async function unpackInitialDataDir(tarball: string, dataDir: string): Promise<void> {
  const partial = `${dataDir}.unpacking`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  const extract = tar.extract();
  const unpacked = pipeline(createReadStream(tarball), createGunzip(), extract);
  for await (const entry of extract) {
    const target = path.join(partial, path.normalize(`/${entry.header.name}`));
    if (!target.startsWith(`${partial}${path.sep}`)) throw new Error(`Unexpected path in ${tarball}: ${entry.header.name}`);
    if (entry.header.type === 'directory') {
      mkdirSync(target, { recursive: true, mode: 0o700 });
      entry.resume();
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    writeFileSync(target, Buffer.concat(chunks), { mode: entry.header.mode ?? 0o600 });
  }
  await unpacked;
  if (existsSync(dataDir)) rmdirSync(dataDir); // empty (the caller checked): rename needs it gone
  renameSync(partial, dataDir);
}

/** Whether `dir` is missing or holds nothing. */
export function isMissingOrEmpty(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}
