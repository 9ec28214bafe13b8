import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { releaseIdleAsyncStorage } from './idle-async-storage.js';

releaseIdleAsyncStorage();

/** Node's own flag (before Node 24): whether the storage keeps the process's async hooks on. */
const enabled = (storage: AsyncLocalStorage<unknown>) => (storage as unknown as { enabled: boolean }).enabled;
const before24 = Number(process.versions.node.split('.')[0]) < 24;

describe.runIf(before24)('releaseIdleAsyncStorage', () => {
  it('keeps each run its own store across awaits, timers and nested runs', async () => {
    const storage = new AsyncLocalStorage<string>();
    const seen: Array<string | undefined> = [];
    const slow = storage.run('slow', async () => {
      await sleep(20);
      seen.push(storage.getStore());
      await storage.run('inner', async () => {
        await sleep(1);
        seen.push(storage.getStore());
      });
      seen.push(storage.getStore());
    });
    const fast = storage.run('fast', async () => {
      await sleep(1);
      seen.push(storage.getStore());
    });
    await fast;
    // The fast run has settled; the slow one is still in flight and keeps its store.
    expect(enabled(storage)).toBe(true);
    await slow;
    expect(seen).toEqual(['fast', 'slow', 'inner', 'slow']);
  });

  it('disables the storage once its last run has settled, and a later run enables it again', async () => {
    const storage = new AsyncLocalStorage<number>();
    await Promise.all([1, 2, 3].map((n) => storage.run(n, async () => sleep(n))));
    expect(enabled(storage)).toBe(false);
    expect(storage.getStore()).toBeUndefined();
    await expect(storage.run(4, async () => (await sleep(1), storage.getStore()))).resolves.toBe(4);
    expect(enabled(storage)).toBe(false);
  });

  it('passes a rejection through and still releases the storage', async () => {
    const storage = new AsyncLocalStorage<number>();
    await expect(storage.run(1, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(() => storage.run(2, () => { throw new Error('sync boom'); })).toThrow('sync boom');
    expect(enabled(storage)).toBe(false);
  });

  it('leaves a storage enabled once a run returned no promise, for continuations that outlive the call', async () => {
    const storage = new AsyncLocalStorage<string>();
    const later = new Promise<string | undefined>((resolve) => storage.run('request', () => void setTimeout(() => resolve(storage.getStore()), 5)));
    await expect(later).resolves.toBe('request');
    await storage.run('again', async () => sleep(1));
    expect(enabled(storage)).toBe(true);
  });

  it('leaves a storage entered with enterWith enabled', async () => {
    const storage = new AsyncLocalStorage<string>();
    await storage.run('a', async () => sleep(1));
    await (async () => {
      storage.enterWith('entered');
      await sleep(1);
      expect(storage.getStore()).toBe('entered');
    })();
    await storage.run('b', async () => sleep(1));
    expect(enabled(storage)).toBe(true);
  });
});
