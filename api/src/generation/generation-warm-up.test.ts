import { afterEach, describe, expect, it } from 'vitest';
import { createMusicProvider } from '../music/index.js';
import type { MusicProvider } from '../music/types.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';

/** The engine, counting its warm-ups instead of running them. */
function countingWarmUps(): { provider: MusicProvider; warmUps: () => number } {
  let count = 0;
  const provider = Object.create(createMusicProvider('local')) as MusicProvider;
  provider.warmUp = async () => {
    count += 1;
  };
  return { provider, warmUps: () => count };
}

describe('generation warm-up (GENERATION_WARM_UP)', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  it('readies the music provider soon after a process starts generating', async () => {
    const counting = countingWarmUps();
    t = await startTestApp({ target: 'embedded', config: { workerConcurrency: 1, demoCatalogue: false, generationWarmUp: true }, musicProvider: counting.provider });
    await expect.poll(counting.warmUps, { timeout: 10_000 }).toBe(1);
  });

  it('does not when switched off, nor in a process that does not generate', async () => {
    for (const config of [{ workerConcurrency: 1, generationWarmUp: false }, { workerConcurrency: 0, generationWarmUp: true }]) {
      const counting = countingWarmUps();
      t = await startTestApp({ target: 'embedded', config: { ...config, demoCatalogue: false }, musicProvider: counting.provider });
      // The warm-up would start 1 s after the workers (start-generation.ts).
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(counting.warmUps()).toBe(0);
      await t.close();
      t = null;
    }
  });
});
