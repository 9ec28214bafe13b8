import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WorkStore } from './work-store.js';
import type { StepOutputs } from './pipeline.js';

describe('a work folder on another machine', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'songforge-work-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const order: (keyof StepOutputs)[] = ['plan', 'lyrics', 'compose', 'render', 'master', 'encode', 'art'];

  it('forgets the first step whose checkpoint is missing and every step after it, keeping those it has', async () => {
    const store = new WorkStore(dataDir, 1);
    await store.writeJson('plan.json', {});
    await store.writeJson('lyrics.json', null);
    await store.writeJson('analysis.json', {});
    await store.writeBytes('song.mp3', new Uint8Array(4));
    const outputs: StepOutputs = {
      plan: { file: 'plan.json' },
      lyrics: { file: 'lyrics.json' },
      compose: { file: 'composition.json' },
      render: { file: 'rendered.f32', sampleRate: 44100 },
      encode: { file: 'song.mp3', analysis: 'analysis.json' },
      art: { skipped: true },
    };
    expect(await store.forgetMissing(outputs, order)).toEqual(['compose', 'render', 'encode', 'art']);
    expect(outputs).toEqual({ plan: { file: 'plan.json' }, lyrics: { file: 'lyrics.json' } });
  });

  it('forgets everything in an empty folder, and nothing where every file is there', async () => {
    const elsewhere: StepOutputs = { plan: { file: 'plan.json' }, art: { skipped: true } };
    expect(await new WorkStore(dataDir, 2).forgetMissing(elsewhere, order)).toEqual(['plan', 'art']);
    const here = new WorkStore(dataDir, 3);
    await here.writeJson('plan.json', {});
    await here.writeBytes('cover.png', new Uint8Array(1));
    await here.writeBytes('cover-256.png', new Uint8Array(1));
    const complete: StepOutputs = { plan: { file: 'plan.json' }, art: { file: 'cover.png', thumbnail: 'cover-256.png' } };
    expect(await here.forgetMissing(complete, order)).toEqual([]);
    expect(Object.keys(complete)).toEqual(['plan', 'art']);
  });
});

describe('checkpoint files', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'songforge-work-files-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes a mix from views into shared memory whole (left then right) and reads it back; writes empty files too', async () => {
    const store = new WorkStore(dataDir, 1);
    const shared = new Float32Array(new SharedArrayBuffer(4 * 300_010));
    for (let i = 0; i < shared.length; i++) shared[i] = Math.sin(i);
    // Views that do not start at their buffer's start, as the engine's mix buffers may.
    const left = shared.subarray(5, 150_005);
    const right = shared.subarray(150_005, 300_005);
    await store.writeAudio('mix.f32', { sampleRate: 44100, left, right });
    const back = await store.readAudio('mix.f32', 44100);
    expect(back.left).toEqual(left.slice());
    expect(back.right).toEqual(right.slice());
    await store.writeBytes('empty.bin', new Uint8Array(0));
    expect(await store.readBytes('empty.bin')).toEqual(new Uint8Array(0));
  });
});
