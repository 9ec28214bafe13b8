import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { startTestApp, signUpMember, type TestApp } from '../test-support/test-app.js';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { insertSong } from '../library/test-fixtures.js';
import { Song } from '../songs/song.entity.js';
import { User } from '../users/user.entity.js';
import { AiArtist } from '../artists/ai-artist.entity.js';

/** Reads a response body as bytes whatever its type. */
const asBytes = (res: supertest.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  const stream = res as unknown as NodeJS.ReadableStream;
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};

describe.each(DATABASE_TARGETS)('media behind the access check on %s PostgreSQL', (target) => {
  let t: TestApp;
  const cookies = {} as Record<'owner' | 'other' | 'admin', string>;
  let privateId: string;
  let publicId: string;
  let hiddenId: string;
  const mp3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(8192, 7)]);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1024, 3)]);

  beforeAll(async () => {
    t = await startTestApp({ target });
    const em = () => t.app.database.orm.em.fork();
    const owner = await signUpMember(t, 'owner');
    const other = await signUpMember(t, 'other');
    const admin = await signUpMember(t, 'admin');
    await em().nativeUpdate(User, { id: admin.user.id }, { userTier: 'admin', canAccessAdmin: true });
    Object.assign(cookies, { owner: owner.cookie, other: other.cookie, admin: admin.cookie });
    const storage = t.app.services.media.storage;
    const withMedia = async (song: Song) => {
      await storage.write(`songs/${song.id}.mp3`, mp3);
      await storage.write(`covers/${song.id}-256.png`, png);
      await em().nativeUpdate(Song, { id: song.id }, { coverUrl: `/media/covers/${song.id}-256.png`, thumbnailUrl: `/media/covers/${song.id}-256.png` });
      return song.id;
    };
    privateId = await withMedia(await insertSong(em(), { title: 'Private', isPublic: false, user: owner.user }));
    publicId = await withMedia(await insertSong(em(), { title: 'Public', isPublic: true, user: owner.user }));
    hiddenId = await withMedia(await insertSong(em(), { title: 'Hidden', isPublic: true, user: owner.user }));
    await em().nativeUpdate(Song, { id: hiddenId }, { moderationStatus: 'hidden' });
    await storage.write('genre-art/jazz.png', png);
    await storage.write('transcoded/x-128.mp3', mp3);
    await storage.write('dj-voice/abc.mp3', mp3);
    await storage.write('artists/7-x.png', png);
    const artists = em();
    artists.create(AiArtist, {
      name: 'Secret Band', user: owner.user.id, genres: [], moods: [], voiceType: 'high', timbre: { brightness: 0.5, breathiness: 0.5, vibrato: 0.5 },
      instruments: [], tempoMin: 70, tempoMax: 140, portraitSeed: 1, portraitUrl: '/media/artists/7-x.png', isPublic: false,
    });
    await artists.flush();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, actor: keyof typeof cookies | null) => {
    const req = supertest(t.baseUrl).get(url);
    if (actor) req.set('cookie', cookies[actor]);
    return req.buffer(true).parse(asBytes);
  };
  const statuses = async (url: string) => ({
    signedOut: (await get(url, null)).status,
    other: (await get(url, 'other')).status,
    owner: (await get(url, 'owner')).status,
    admin: (await get(url, 'admin')).status,
  });

  it("serves a private song's audio and cover to its owner and admins only, never to a shared cache", async () => {
    for (const url of [`/media/songs/${privateId}.mp3`, `/media/covers/${privateId}-256.png`]) {
      expect(await statuses(url), url).toEqual({ signedOut: 404, other: 404, owner: 200, admin: 200 });
    }
    const audio = await get(`/media/songs/${privateId}.mp3`, 'owner');
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.headers['cache-control']).toBe('private, max-age=86400');
    expect((audio.body as Buffer).equals(mp3)).toBe(true);
    const denied = await get(`/media/songs/${privateId}.mp3`, 'other');
    expect(JSON.parse((denied.body as Buffer).toString())).toEqual({ error: 'Not found' });
  });

  it('serves a public song to everyone (publicly cacheable for a short while), a hidden one to its owner and admins', async () => {
    expect(await statuses(`/media/songs/${publicId}.mp3`)).toEqual({ signedOut: 200, other: 200, owner: 200, admin: 200 });
    expect((await get(`/media/covers/${publicId}-256.png`, null)).headers['cache-control']).toBe('public, max-age=600');
    expect(await statuses(`/media/songs/${hiddenId}.mp3`)).toEqual({ signedOut: 404, other: 404, owner: 200, admin: 200 });
    expect((await get(`/media/songs/${hiddenId}.mp3`, 'owner')).headers['cache-control']).toBe('private, max-age=86400');
  });

  it('answers Range requests with 206 and the bytes asked for, 416 beyond the end, the whole file for a stale If-Range', async () => {
    const url = `/media/songs/${publicId}.mp3`;
    const partial = await get(url, null).set('Range', 'bytes=100-1099');
    expect(partial.status).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 100-1099/${mp3.length}`);
    expect(partial.headers['content-length']).toBe('1000');
    expect(partial.headers['accept-ranges']).toBe('bytes');
    expect((partial.body as Buffer).equals(mp3.subarray(100, 1100))).toBe(true);
    const tail = await get(url, null).set('Range', 'bytes=-10');
    expect((tail.body as Buffer).equals(mp3.subarray(mp3.length - 10))).toBe(true);
    const beyond = await get(url, null).set('Range', `bytes=${mp3.length + 5}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${mp3.length}`);
    const stale = await get(url, null).set('Range', 'bytes=0-9').set('If-Range', '"another-version"');
    expect(stale.status).toBe(200);
    expect((stale.body as Buffer).length).toBe(mp3.length);
    const current = await get(url, null).set('Range', 'bytes=0-9').set('If-Range', partial.headers.etag!);
    expect(current.status).toBe(206);
  });

  it('answers 304 to If-None-Match with the current ETag, and HEAD with the headers alone', async () => {
    const url = `/media/songs/${privateId}.mp3`;
    const first = await get(url, 'owner');
    expect(first.headers.etag).toMatch(/^(W\/)?"/);
    const again = await get(url, 'owner').set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
    // Knowing the tag gets nobody else the file.
    expect((await get(url, 'other').set('If-None-Match', first.headers.etag!)).status).toBe(404);
    const head = await supertest(t.baseUrl).head(url).set('cookie', cookies.owner);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(mp3.length));
  });

  it('serves artwork to anyone, DJ links to signed-in users, private portraits to their owner, and never the transcoding cache', async () => {
    expect(await statuses('/media/genre-art/jazz.png')).toEqual({ signedOut: 200, other: 200, owner: 200, admin: 200 });
    expect((await get('/media/genre-art/jazz.png', null)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await statuses('/media/dj-voice/abc.mp3')).toEqual({ signedOut: 404, other: 200, owner: 200, admin: 200 });
    expect(await statuses('/media/artists/7-x.png')).toEqual({ signedOut: 404, other: 404, owner: 200, admin: 200 });
    expect(await statuses('/media/transcoded/x-128.mp3')).toEqual({ signedOut: 404, other: 404, owner: 404, admin: 404 });
    expect((await get('/media/songs/missing.mp3', 'admin')).status).toBe(404);
  });
});
