/** The Subsonic suites' library: two users, real MP3 and cover files, an app password and an access token (test support). */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { SubsonicAPI } from 'subsonic-api';
import sharp from 'sharp';
import type { EntityManager } from '@mikro-orm/postgresql';
import { signUpMember, startTestApp, type TestApp } from '../test-support/test-app.js';
import { encodePcm } from '../music/encode/lame.js';
import { Song } from '../songs/song.entity.js';
import type { User } from '../users/user.entity.js';

export const SECONDS = 4;

/** A real MP3 (LAME -V2) of SECONDS seconds: a tone under seeded noise, so its bit rate is a music file's (well above 64 kbps). */
async function noisyMp3(frequency: number): Promise<Uint8Array> {
  const sampleRate = 44100;
  const left = new Float32Array(sampleRate * SECONDS);
  const right = new Float32Array(sampleRate * SECONDS);
  let seed = 7;
  const noise = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 0.3;
  for (let i = 0; i < left.length; i += 1) {
    const tone = 0.3 * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
    left[i] = tone + noise();
    right[i] = tone + noise();
  }
  return encodePcm({ sampleRate, left, right });
}

export interface Fixture {
  t: TestApp;
  alice: { user: User; username: string; cookie: string };
  bob: { user: User; username: string; cookie: string };
  password: string;
  token: string;
  songs: { first: string; second: string; third: string; bobPublic: string; bobPrivate: string };
  em(): EntityManager;
  client(options?: { post?: boolean; password?: string; fetch?: typeof fetch }): SubsonicAPI;
}

/**
 * Alice's three lo-fi songs by "Alice Band" (one with LRC, one with plain lyrics), Bob's public jazz
 * song and his private one, each with a real MP3 and a 512 px cover; an app password and an access
 * token of Alice's; `client()` is subsonic-api signed in as Alice.
 */
export async function startSubsonicFixture(target: 'embedded' | 'postgres'): Promise<Fixture> {
  const t = await startTestApp({ target });
  const em = () => t.app.database.orm.em.fork() as EntityManager;
  // The first account becomes the admin, who sees every song: Alice and Bob are members, so privacy shows.
  await signUpMember(t, 'admin');
  const alice = await signUpMember(t, 'alice');
  const bob = await signUpMember(t, 'bob');
  const mp3 = await noisyMp3(440);
  const cover = await sharp({ create: { width: 512, height: 512, channels: 3, background: '#3366aa' } }).png().toBuffer();
  await mkdir(path.join(t.config.mediaDir, 'songs'), { recursive: true });
  await mkdir(path.join(t.config.mediaDir, 'covers'), { recursive: true });
  const makeSong = async (fields: { title: string; owner: User; artist: string; genre: string; mood: string; bpm: number; isPublic?: boolean; lrc?: string; lyrics?: string; ageMinutes: number }) => {
    const id = randomUUID();
    await writeFile(path.join(t.config.mediaDir, 'songs', `${id}.mp3`), mp3);
    await writeFile(path.join(t.config.mediaDir, 'covers', `${id}.png`), cover);
    const tx = em();
    tx.create(Song, {
      id,
      title: fields.title,
      artist: fields.artist,
      genre: fields.genre,
      mood: fields.mood,
      bpm: fields.bpm,
      musicalKey: 'A minor',
      energy: 0.4,
      loudness: -14,
      duration: SECONDS,
      audioUrl: `/media/songs/${id}.mp3`,
      coverUrl: `/media/covers/${id}.png`,
      thumbnailUrl: `/media/covers/${id}.png`,
      lrc: fields.lrc ?? null,
      lyrics: fields.lyrics ?? null,
      user: fields.owner,
      isPublic: fields.isPublic ?? true,
      settings: null,
      createdAt: new Date(Date.now() - fields.ageMinutes * 60_000),
    });
    await tx.flush();
    return id;
  };
  const songs = {
    first: await makeSong({ title: 'Amber Rain', owner: alice.user, artist: 'Alice Band', genre: 'lo-fi', mood: 'chill', bpm: 80, lrc: '[00:00.50]Hello rain\n[00:02.25]Goodbye sun', lyrics: '[Verse]\nHello rain\nGoodbye sun', ageMinutes: 30 }),
    second: await makeSong({ title: 'Blue Hour', owner: alice.user, artist: 'Alice Band', genre: 'lo-fi', mood: 'dreamy', bpm: 84, lyrics: '[Chorus]\nBlue blue hour', ageMinutes: 20 }),
    third: await makeSong({ title: 'Copper Skies', owner: alice.user, artist: 'Alice Band', genre: 'lo-fi', mood: 'chill', bpm: 78, ageMinutes: 10 }),
    bobPublic: await makeSong({ title: 'Jazz Walk', owner: bob.user, artist: 'Bob Trio', genre: 'jazz', mood: 'happy', bpm: 120, ageMinutes: 5 }),
    bobPrivate: await makeSong({ title: 'Secret Sketch', owner: bob.user, artist: 'Bob Trio', genre: 'jazz', mood: 'dark', bpm: 100, isPublic: false, ageMinutes: 1 }),
  };
  const access = t.app.services.apiAccess;
  const { secret: password } = await access.createAppPassword(em(), alice.user, { name: 'Symfonium' });
  const { secret: token } = await access.createAccessToken(em(), alice.user, { name: 'script' });
  return {
    t,
    alice,
    bob,
    password,
    token,
    songs,
    em,
    client: (options = {}) => new SubsonicAPI({ url: t.baseUrl, auth: { username: alice.username, password: options.password ?? password }, post: options.post, fetch: options.fetch }),
  };
}
