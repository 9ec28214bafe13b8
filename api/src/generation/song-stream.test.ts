import { get } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { createMusicProvider } from '../music/index.js';
import { parseMp3Frames } from '../music/encode/mp3-frames.js';
import type { MusicProvider } from '../music/types.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { cookiePair } from '../test-support/ws-client.js';
import { GenerationRequest } from './generation-request.entity.js';

const GENERATE = 'mutation ($input: GenerateSongInput!) { generateSong(input: $input) { id } }';

/** The engine, with the end of each encode held until the test lets it go: the song cannot complete before. */
function heldEncoder(): { provider: MusicProvider; release: () => void } {
  const engine = createMusicProvider();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const provider = Object.create(engine) as MusicProvider;
  provider.encodeStream = async (audio, onChunk) => {
    const header = await engine.encodeStream(audio, onChunk);
    await released;
    return header;
  };
  return { provider, release };
}

/** GET with the cookie, calling `onData` for every piece of the body as it arrives. */
function listen(url: string, cookie: string, onData: (bytes: Buffer) => void): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { cookie } }, (res) => {
      res.on('data', onData);
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('song stream while generating', () => {
  let t: TestApp;
  const held = heldEncoder();
  beforeAll(async () => {
    t = await startTestApp({ target: 'embedded', config: { workerConcurrency: 1, demoCatalogue: false }, musicProvider: held.provider });
    expect((await supertest(t.baseUrl).post('/api/register').send({ username: 'owner', password: 'password1' })).status).toBe(201);
  });
  afterAll(async () => {
    held.release();
    await t.close();
  });

  const signUp = async (username: string) => {
    const res = await supertest(t.baseUrl).post('/api/register').send({ username, password: 'password1' });
    expect(res.status).toBe(201);
    return cookiePair(res.headers['set-cookie']);
  };

  it('plays MP3 frames before the song completes, then the whole song; others get 404 and a finished request redirects to its file', async () => {
    const cookie = await signUp('listener');
    const stranger = await signUp('stranger');
    const generated = await supertest(t.baseUrl)
      .post('/graphql')
      .set('cookie', cookie)
      .send({ query: GENERATE, variables: { input: { prompt: 'a short stream test', genres: ['lo-fi'], durationSeconds: 30, instrumental: true, generateAlbumArt: false } } });
    const id = Number(generated.body.data.generateSong.id);
    const streamUrl = `${t.baseUrl}/api/generations/${id}/stream`;

    expect((await supertest(streamUrl).get('').set('cookie', stranger)).status).toBe(404);

    const received: Buffer[] = [];
    let statusAtFirstBytes: string | null = null;
    const answer = listen(streamUrl, cookie, (bytes) => {
      received.push(bytes);
      if (received.length > 1) return;
      void t.app.database.orm.em
        .fork()
        .findOneOrFail(GenerationRequest, id)
        .then((request) => {
          statusAtFirstBytes = request.status;
          held.release();
        });
    });
    const { status, headers } = await answer;
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('audio/mpeg');
    // The first bytes came while the encode was held, so before the song could complete.
    expect(statusAtFirstBytes).toBe('generating');
    const streamed = new Uint8Array(Buffer.concat(received));
    expect(parseMp3Frames(streamed).length).toBeGreaterThan(1000); // 30 s at 1152 samples per frame: ~1,150 frames

    // The stored file is the same frames behind the VBR header frame.
    let request = await t.app.database.orm.em.fork().findOneOrFail(GenerationRequest, id, { populate: ['song'] });
    for (let i = 0; request.status !== 'completed' && i < 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      request = await t.app.database.orm.em.fork().findOneOrFail(GenerationRequest, id, { populate: ['song'] });
    }
    expect(request.status).toBe('completed');
    const audioUrl = request.song!.audioUrl!;
    const stored = new Uint8Array(readFileSync(path.join(t.config.mediaDir, audioUrl.slice('/media/'.length))));
    expect(Buffer.from(stored.subarray(stored.length - streamed.length)).equals(Buffer.from(streamed))).toBe(true);

    const finished = await supertest(streamUrl).get('').set('cookie', cookie);
    expect(finished.status).toBe(303);
    expect(finished.headers.location).toBe(audioUrl);
  });
});
