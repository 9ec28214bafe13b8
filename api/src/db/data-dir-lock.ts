import { linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The lock file inside DATA_DIR; it holds the pid of the process that owns the folder. */
export const LOCK_FILE = 'songforge.pid';

/** Another live process owns DATA_DIR; the message names its pid. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | null,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another Songforge process (pid ${holderPid ?? 'unknown'}). ` +
        `Stop it first, or give this process another DATA_DIR; one embedded database has one writer.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

/** True when a process with this pid exists (EPERM: it exists but belongs to another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Makes this process the only one using `dataDir` (the embedded database cannot take two
 * writers: a second PGlite on the same files corrupts them). The lock is a pid file, put in
 * place with link(2), which fails when the name exists: two processes starting together cannot
 * both win, and the file is never seen half-written. A file whose pid is not running (the holder
 * was killed) or is our own pid (a container restarted with the same pid) is stale and taken
 * over. Throws DataDirLockedError when a live process holds it.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const candidate = `${file}.${process.pid}`;
  writeFileSync(candidate, `${process.pid}\n`);
  try {
    // Two rounds: the second follows the removal of a stale file.
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(candidate, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = readHolder(file);
        if (holder !== null && holder !== process.pid && isAlive(holder)) throw new DataDirLockedError(dataDir, holder);
        rmSync(file, { force: true });
        continue;
      }
      return holdLock(file);
    }
  } finally {
    unlinkSync(candidate);
  }
  throw new DataDirLockedError(dataDir, readHolder(file));
}

function holdLock(file: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own file: never remove one a later holder wrote after a takeover.
    if (readHolder(file) === process.pid) unlinkSync(file);
  };
  // Ends that skip close() (an uncaught error, process.exit) still let go; kill -9 leaves a stale file.
  process.on('exit', release);
  return { release };
}
