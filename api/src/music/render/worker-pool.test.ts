import { afterAll, describe, expect, it } from 'vitest';
import type { InstrumentId } from '../types.js';
import { EnginePool } from './worker-pool.js';

const SR = 44100;
const pool = new EnginePool(2);
afterAll(() => pool.close());

function encodeJob(seconds: number) {
  const n = Math.round(seconds * SR);
  const left = new Float32Array(n);
  const right = new Float32Array(n);
  let seed = 7;
  for (let i = 0; i < n; i++) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    left[i] = (seed / 2 ** 32 - 0.5) * 0.5;
    right[i] = -left[i];
  }
  return { kind: 'encode' as const, pcm: { sampleRate: SR, left, right }, ownFrom: 0, ownTo: left.length };
}

describe('EnginePool', () => {
  it('hands each job to a free worker, so short jobs never wait behind a long one', async () => {
    await pool.warmUp();
    const finished: string[] = [];
    const long = pool.run({ ...encodeJob(40) }).then(() => finished.push('long'));
    const shorts = Array.from({ length: 6 }, (_, i) => pool.run(encodeJob(0.3)).then(() => finished.push(`short ${i}`)));
    await Promise.all([long, ...shorts]);
    // A pool that split the jobs between the workers up front would queue some short jobs behind the long one.
    expect(finished).toEqual(['short 0', 'short 1', 'short 2', 'short 3', 'short 4', 'short 5', 'long']);
  });

  it('rejects the jobs still waiting when it is closed', async () => {
    const own = new EnginePool(1);
    const outcomes = Promise.allSettled([own.run(encodeJob(2)), own.run(encodeJob(0.1))]);
    await own.close();
    const [running, waiting] = await outcomes;
    expect(running.status).toBe('rejected');
    expect(waiting).toMatchObject({ status: 'rejected', reason: expect.objectContaining({ message: expect.stringMatching(/closed/) }) });
  });

  it('reports a job that fails and keeps serving the next ones', async () => {
    const kazoo = { key: 'kazoo', instrument: 'kazoo' as InstrumentId, pitch: 60, hold: 0.5, velocityBucket: 1, brightness: 0.5 };
    await expect(pool.run({ kind: 'synthesise', sounds: [kazoo], sampleRate: SR, pool: { pages: [], filled: new Int32Array(new SharedArrayBuffer(4)) } })).rejects.toThrow(/voice/);
    await expect(pool.run(encodeJob(0.1))).resolves.toBeInstanceOf(Uint8Array);
  });
});
