import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock.js';

/** A pid no process has: one that has just exited. */
function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' }).stdout.trim());
}

describe('DATA_DIR lock', () => {
  let dataDir: string;
  const lockFile = () => path.join(dataDir, LOCK_FILE);
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'songforge-lock-'));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes this process id, and removes the file on release', () => {
    const lock = lockDataDir(dataDir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
    lockDataDir(dataDir).release();
  });

  it('refuses while a live process holds the folder, naming its pid', () => {
    writeFileSync(lockFile(), `${process.ppid}\n`);
    let error: unknown;
    try {
      lockDataDir(dataDir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toBe(
      `DATA_DIR ${dataDir} is in use by another Songforge process (pid ${process.ppid}). Stop it first, or give this process another DATA_DIR; one embedded database has one writer.`,
    );
    expect(readFileSync(lockFile(), 'utf8')).toBe(`${process.ppid}\n`);
  });

  it('takes over the file of a holder that died without letting go, or of a reused pid equal to ours', () => {
    writeFileSync(lockFile(), `${deadPid()}\n`);
    const lock = lockDataDir(dataDir);
    expect(readFileSync(lockFile(), 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
    writeFileSync(lockFile(), `${process.pid}\n`);
    lockDataDir(dataDir).release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it('leaves a later holder’s file alone on release', () => {
    const lock = lockDataDir(dataDir);
    writeFileSync(lockFile(), `${process.ppid}\n`);
    lock.release();
    expect(readFileSync(lockFile(), 'utf8')).toBe(`${process.ppid}\n`);
  });
});
