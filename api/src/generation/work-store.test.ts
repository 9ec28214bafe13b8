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
