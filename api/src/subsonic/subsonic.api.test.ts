/**
 * The Subsonic API driven by a client nobody here wrote: the npm package `subsonic-api` (token +
 * salt auth with a fresh salt per call, JSON), against a running server with real MP3 and cover
 * files. Browse, search, stream a range, star, scrobble, save and read the play queue (and see the
 * change pushed to the web player's queueChanged), lyrics, playlists, similar and top songs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubsonicAPI } from 'subsonic-api';
import sharp from 'sharp';
import { MPEGDecoder } from 'mpg123-decoder';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { collect, wsClient } from '../test-support/ws-client.js';
import { Song } from '../songs/song.entity.js';
import { PlayHistory } from '../library/play-history.entity.js';
import { albumId, artistId } from './subsonic-library.js';
import { SECONDS, startSubsonicFixture, type Fixture } from './test-fixtures.js';

describe.each(DATABASE_TARGETS)('Subsonic API through subsonic-api on %s PostgreSQL', (target) => {
  let f: Fixture;

  beforeAll(async () => {
    f = await startSubsonicFixture(target);
  });

  afterAll(async () => {
    await f?.t.close();
  });

  describe('auth', () => {
    it('ping answers ok with an app password (token + salt, over GET and POST) and with an API key', async () => {
      expect(await f.client().ping()).toMatchObject({ status: 'ok', version: '1.16.1', type: 'songforge', openSubsonic: true });
      expect(await f.client({ post: true }).ping()).toMatchObject({ status: 'ok' });
      expect(await new SubsonicAPI({ url: f.t.baseUrl, auth: { apiKey: f.token } }).ping()).toMatchObject({ status: 'ok' });
    });

    it('refuses the login password, a wrong password and a revoked app password with error 40', async () => {
      expect(await f.client({ password: 'password1' }).ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
      expect(await f.client({ password: 'nope-nope' }).ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
      const { credential, secret } = await f.t.app.services.apiAccess.createAppPassword(f.em(), f.alice.user, { name: 'old phone' });
      expect(await f.client({ password: secret }).ping()).toMatchObject({ status: 'ok' });
      await f.t.app.services.apiAccess.revokeAppPassword(f.em(), f.alice.user, { id: credential.id });
      expect(await f.client({ password: secret }).ping()).toMatchObject({ status: 'failed', error: { code: 40 } });
    });

    it('refuses a revoked API key with 44, and an API key together with u with 43', async () => {
      const { credential, secret } = await f.t.app.services.apiAccess.createAccessToken(f.em(), f.alice.user, { name: 'temporary' });
      const keyed = new SubsonicAPI({ url: f.t.baseUrl, auth: { apiKey: secret } });
      expect(await keyed.ping()).toMatchObject({ status: 'ok' });
      expect(await keyed.customJSON('ping.view', { u: f.alice.username })).toMatchObject({ status: 'failed', error: { code: 43 } });
      await f.t.app.services.apiAccess.revokeAccessToken(f.em(), f.alice.user, { id: credential.id });
      expect(await keyed.ping()).toMatchObject({ status: 'failed', error: { code: 44 } });
    });

    it('answers getLicense, getOpenSubsonicExtensions, getMusicFolders and getUser', async () => {
      const api = f.client();
      expect((await api.getLicense()).license).toMatchObject({ valid: true });
      expect((await api.getOpenSubsonicExtensions()).openSubsonicExtensions.map((e) => e.name).sort()).toEqual(['apiKeyAuthentication', 'formPost', 'songLyrics']);
      expect((await api.getMusicFolders()).musicFolders.musicFolder).toEqual([{ id: 1, name: 'Songforge' }]);
      expect((await api.getUser({ username: f.alice.username })).user).toMatchObject({ username: f.alice.username, streamRole: true, playlistRole: true, downloadRole: true });
      expect(await api.getUser({ username: f.bob.username })).toMatchObject({ status: 'failed', error: { code: 50 } });
    });
  });

  describe('browse', () => {
    it('lists artists by letter (getArtists, getIndexes), without songs the user may not see', async () => {
      const api = f.client();
      const index = (await api.getArtists()).artists.index ?? [];
      const all = index.flatMap((i) => i.artist ?? []);
      expect(all.find((a) => a.name === 'Alice Band')).toMatchObject({ id: artistId('Alice Band'), albumCount: 3 });
      // Bob's private song is not counted for Alice.
      expect(all.find((a) => a.name === 'Bob Trio')).toMatchObject({ albumCount: 1 });
      expect(index.find((i) => i.name === 'A')?.artist?.map((a) => a.name)).toContain('Alice Band');
      const indexes = (await api.getIndexes()).indexes;
      expect(indexes.index?.flatMap((i) => i.artist ?? []).map((a) => a.name)).toEqual(expect.arrayContaining(['Alice Band', 'Bob Trio']));
    });

    it('opens an artist (getArtist), an album (getAlbum) and a song (getSong)', async () => {
      const api = f.client();
      const artist = (await api.getArtist({ id: artistId('Alice Band') })).artist;
      expect(artist.album?.map((a) => a.name)).toEqual(['Copper Skies', 'Blue Hour', 'Amber Rain']);
      const album = (await api.getAlbum({ id: albumId(f.songs.first) })).album;
      expect(album).toMatchObject({ name: 'Amber Rain', artist: 'Alice Band', songCount: 1, duration: SECONDS });
      expect(album.song?.[0]).toMatchObject({ id: f.songs.first, title: 'Amber Rain', suffix: 'mp3', contentType: 'audio/mpeg', albumId: albumId(f.songs.first) });
      const song = (await api.getSong({ id: f.songs.second })).song;
      expect(song).toMatchObject({ title: 'Blue Hour', genre: 'lo-fi', artist: 'Alice Band', duration: SECONDS, isDir: false });
      expect(await api.getSong({ id: f.songs.bobPrivate })).toMatchObject({ status: 'failed', error: { code: 70 } });
      expect(await api.getAlbum({ id: 'al-nothing' })).toMatchObject({ status: 'failed', error: { code: 70 } });
    });

    it('lists albums (getAlbumList2) by every type it is asked for', async () => {
      const api = f.client();
      const names = async (args: Parameters<typeof api.getAlbumList2>[0]) => ((await api.getAlbumList2(args)).albumList2.album ?? []).map((a) => a.name);
      expect(await names({ type: 'newest', size: 3 })).toEqual(['Jazz Walk', 'Copper Skies', 'Blue Hour']);
      expect(await names({ type: 'newest', size: 2, offset: 2 })).toEqual(['Blue Hour', 'Amber Rain']);
      expect(await names({ type: 'alphabeticalByName', size: 10 })).toEqual(['Amber Rain', 'Blue Hour', 'Copper Skies', 'Jazz Walk']);
      expect(await names({ type: 'byGenre', genre: 'jazz', size: 10 })).toEqual(['Jazz Walk']);
      expect((await names({ type: 'random', size: 10 })).sort()).toEqual(['Amber Rain', 'Blue Hour', 'Copper Skies', 'Jazz Walk']);
      const year = new Date().getUTCFullYear();
      expect(await names({ type: 'byYear', fromYear: year, toYear: year, size: 1 })).toHaveLength(1);
    });

    it('answers random songs, songs by genre and genres with counts', async () => {
      const api = f.client();
      expect((await api.getRandomSongs({ size: 2, genre: 'lo-fi' })).randomSongs.song).toHaveLength(2);
      expect(((await api.getSongsByGenre({ genre: 'lo-fi', count: 10 })).songsByGenre.song ?? []).map((s) => s.title).sort()).toEqual(['Amber Rain', 'Blue Hour', 'Copper Skies']);
      const genres = (await api.getGenres()).genres.genre ?? [];
      expect(genres).toEqual(expect.arrayContaining([expect.objectContaining({ value: 'lo-fi', songCount: 3, albumCount: 3 }), expect.objectContaining({ value: 'jazz', songCount: 1 })]));
    });

    it('searches (search3) songs, albums and artists, and lists everything for an empty query', async () => {
      const api = f.client();
      const found = (await api.search3({ query: 'blue' })).searchResult3;
      expect(found.song?.map((s) => s.title)).toEqual(['Blue Hour']);
      expect(found.album?.map((a) => a.name)).toEqual(['Blue Hour']);
      const byArtist = (await api.search3({ query: 'alice' })).searchResult3;
      expect(byArtist.artist?.map((a) => a.name)).toEqual(['Alice Band']);
      expect(byArtist.song?.map((s) => s.title).sort()).toEqual(['Amber Rain', 'Blue Hour', 'Copper Skies']);
      const everything = (await api.search3({ query: '', songCount: 500, artistCount: 500, albumCount: 0 })).searchResult3;
      expect(everything.song?.map((s) => s.title)).toEqual(['Amber Rain', 'Blue Hour', 'Copper Skies', 'Jazz Walk']);
      expect(everything.album ?? []).toEqual([]);
      expect(((await api.search3({ query: '', songCount: 2, songOffset: 3 })).searchResult3.song ?? []).map((s) => s.title)).toEqual(['Jazz Walk']);
      expect(((await api.search3({ query: 'secret' })).searchResult3.song ?? [])).toEqual([]);
    });
  });

  describe('media', () => {
    it('serves cover art at the size asked (getCoverArt)', async () => {
      const api = f.client();
      const small = await api.getCoverArt({ id: albumId(f.songs.first), size: 64 });
      expect(small.status).toBe(200);
      expect(small.headers.get('content-type')).toBe('image/jpeg');
      expect(await sharp(Buffer.from(await small.arrayBuffer())).metadata()).toMatchObject({ width: 64, height: 64 });
      const original = await api.getCoverArt({ id: f.songs.first });
      expect(await sharp(Buffer.from(await original.arrayBuffer())).metadata()).toMatchObject({ width: 512, format: 'png' });
      const ofArtist = await api.getCoverArt({ id: artistId('Alice Band'), size: 32 });
      expect(ofArtist.status).toBe(200);
      const missing = await api.getCoverArt({ id: f.songs.bobPrivate });
      expect(await missing.json()).toMatchObject({ 'subsonic-response': { status: 'failed', error: { code: 70 } } });
    });

    it('streams a byte range of the MP3 as it is (stream with Range)', async () => {
      const ranged: typeof fetch = (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), Range: 'bytes=100-1123' } });
      const response = await f.client({ fetch: ranged }).stream({ id: f.songs.first });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toMatch(/^bytes 100-1123\/\d+$/);
      expect((await response.arrayBuffer()).byteLength).toBe(1024);
      const whole = await f.client().stream({ id: f.songs.first, maxBitRate: 320 });
      expect(whole.headers.get('content-type')).toBe('audio/mpeg');
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
    });

    it('re-encodes at a lower bit rate when maxBitRate is below the file, and the copy decodes', async () => {
      const original = Buffer.from(await (await f.client().stream({ id: f.songs.second })).arrayBuffer());
      const low = await f.client().stream({ id: f.songs.second, maxBitRate: 64 });
      expect(low.status).toBe(200);
      const bytes = new Uint8Array(await low.arrayBuffer());
      expect(bytes.byteLength).toBeLessThan(original.byteLength);
      // 64 kbps for SECONDS seconds, give or take the encoder's padding.
      expect(bytes.byteLength).toBeLessThan((64_000 / 8) * (SECONDS + 1));
      const decoder = new MPEGDecoder();
      await decoder.ready;
      const decoded = decoder.decode(bytes);
      decoder.free();
      expect(decoded.samplesDecoded / decoded.sampleRate).toBeGreaterThan(SECONDS - 0.2);
    });

    it('downloads the original file with its name (download)', async () => {
      const response = await f.client().download({ id: f.songs.third });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toContain('Alice Band - Copper Skies.mp3');
      const refused = await f.client().download({ id: f.songs.bobPrivate });
      expect(await refused.json()).toMatchObject({ 'subsonic-response': { error: { code: 70 } } });
    });
  });

  describe('library changes', () => {
    it('creates, reads, updates and deletes a playlist', async () => {
      const api = f.client();
      const created = (await api.createPlaylist({ name: 'Evening', songId: [f.songs.first, f.songs.second] } as never)) as unknown as { playlist: { id: string; songCount: number; entry: Array<{ id: string }> } };
      expect(created.playlist).toMatchObject({ songCount: 2 });
      const id = created.playlist.id;
      await api.updatePlaylist({ playlistId: id, name: 'Late evening', songIdToAdd: [f.songs.bobPublic], songIndexToRemove: [0] } as never);
      const read = (await api.getPlaylist({ id })).playlist;
      expect(read).toMatchObject({ name: 'Late evening', songCount: 2, owner: f.alice.username, readonly: false });
      expect(read.entry?.map((s) => s.title)).toEqual(['Blue Hour', 'Jazz Walk']);
      expect(((await api.getPlaylists()).playlists.playlist ?? []).map((p) => p.name)).toContain('Late evening');
      // The same playlist service as the web app: the change is there.
      expect((await f.t.app.services.playlists.get(f.em(), f.alice.user, id)).name).toBe('Late evening');
      expect(await api.deletePlaylist({ id })).toMatchObject({ status: 'ok' });
      expect(await api.getPlaylist({ id })).toMatchObject({ status: 'failed', error: { code: 70 } });
      expect(await api.createPlaylist({ name: 'Sneaky', songId: [f.songs.bobPrivate] } as never)).toMatchObject({ status: 'failed', error: { code: 70 } });
    });

    it('stars and unstars songs and albums as likes (star, unstar, getStarred2)', async () => {
      const api = f.client();
      expect(await api.star({ id: f.songs.first, albumId: albumId(f.songs.bobPublic) } as never)).toMatchObject({ status: 'ok' });
      expect(await f.t.app.services.likes.isLiked(f.em(), f.alice.user, { songId: f.songs.bobPublic })).toBe(true);
      const starred = (await api.getStarred2()).starred2;
      expect(starred.song?.map((s) => s.title)).toEqual(['Jazz Walk', 'Amber Rain']);
      expect(starred.song?.[0]?.starred).toBeInstanceOf(Date);
      expect(starred.album?.map((a) => a.name)).toEqual(['Jazz Walk', 'Amber Rain']);
      expect((await f.em().findOneOrFail(Song, { id: f.songs.bobPublic })).likeCount).toBe(1);
      await api.unstar({ id: f.songs.bobPublic } as never);
      expect(((await api.getStarred2()).starred2.song ?? []).map((s) => s.title)).toEqual(['Amber Rain']);
      expect((await f.em().findOneOrFail(Song, { id: f.songs.bobPublic })).likeCount).toBe(0);
      expect(await api.star({ id: f.songs.bobPrivate } as never)).toMatchObject({ status: 'failed', error: { code: 70 } });
    });

    it('counts a scrobbled play and adds it to the history; "now playing" changes nothing', async () => {
      const api = f.client();
      const before = (await f.em().findOneOrFail(Song, { id: f.songs.third })).playCount;
      await api.scrobble({ id: f.songs.third, submission: false });
      expect((await f.em().findOneOrFail(Song, { id: f.songs.third })).playCount).toBe(before);
      const playedAt = Date.now() - 60_000;
      expect(await api.scrobble({ id: f.songs.third, time: playedAt })).toMatchObject({ status: 'ok' });
      expect((await f.em().findOneOrFail(Song, { id: f.songs.third })).playCount).toBe(before + 1);
      const history = await f.em().find(PlayHistory, { user: f.alice.user.id, music: f.songs.third });
      expect(history.map((h) => h.playedAt.getTime())).toEqual([playedAt]);
      expect((await f.t.app.services.queue.getQueue(f.em(), f.alice.user)).playHistory.map((s) => s.id)).toContain(f.songs.third);
    });

    it('saves the play queue into the web player queue, pushes it to the browser and reads it back', async () => {
      const api = f.client();
      const socket = wsClient(f.t.baseUrl, f.alice.cookie);
      const pushes = collect<{ queueChanged: { currentSong: { id: string } | null; upcomingQueue: Array<{ id: string }> } }>(socket, 'subscription { queueChanged { currentSong { id } upcomingQueue { id } } }');
      try {
        // The subscription is up once a change made through the web's own service arrives.
        await expect
          .poll(async () => {
            await f.t.app.services.queue.playSong(f.em(), f.alice.user, { id: f.songs.first });
            return pushes.results.length > 0;
          }, { timeout: 10_000, interval: 300 })
          .toBe(true);
        expect(await api.savePlayQueue({ id: [f.songs.first, f.songs.second, f.songs.third], current: f.songs.second, position: 12_345 } as never)).toMatchObject({ status: 'ok' });
        await expect.poll(() => pushes.results.at(-1)?.queueChanged.currentSong?.id, { timeout: 10_000 }).toBe(f.songs.second);
        expect(pushes.results.at(-1)?.queueChanged.upcomingQueue.map((s) => s.id)).toEqual([f.songs.third]);
        const queue = (await api.getPlayQueue()).playQueue;
        expect(queue).toMatchObject({ current: f.songs.second, position: 12_345, username: f.alice.username, changedBy: 'subsonic-api' });
        expect(queue?.entry?.map((s) => s.id)).toEqual([f.songs.second, f.songs.third]);
        // Saving the same queue again pushes nothing.
        const count = pushes.results.length;
        await api.savePlayQueue({ id: [f.songs.second, f.songs.third], current: f.songs.second, position: 12_345 } as never);
        await f.t.app.services.queue.playSong(f.em(), f.alice.user, { id: f.songs.third });
        await expect.poll(() => pushes.results.at(-1)?.queueChanged.currentSong?.id, { timeout: 10_000 }).toBe(f.songs.third);
        expect(pushes.results.length).toBe(count + 1);
        // The web player moved on: the saved position no longer applies.
        expect((await api.getPlayQueue()).playQueue).toMatchObject({ current: f.songs.third, position: 0, changedBy: 'Songforge web' });
      } finally {
        pushes.dispose();
        await socket.dispose();
      }
    });
  });

  describe('lyrics and recommendations', () => {
    it('answers synced lyrics from the LRC, plain lines otherwise (getLyricsBySongId)', async () => {
      const api = f.client();
      const synced = (await api.getLyricsBySongId({ id: f.songs.first })).lyricsList as unknown as { structuredLyrics: Array<Record<string, unknown>> };
      expect(synced.structuredLyrics).toEqual([
        { displayArtist: 'Alice Band', displayTitle: 'Amber Rain', lang: 'xxx', offset: 0, synced: true, line: [{ start: 500, value: 'Hello rain' }, { start: 2250, value: 'Goodbye sun' }] },
      ]);
      const plain = (await api.getLyricsBySongId({ id: f.songs.second })).lyricsList as unknown as { structuredLyrics: Array<{ synced: boolean; line: unknown[] }> };
      expect(plain.structuredLyrics[0]).toMatchObject({ synced: false, line: [{ value: 'Blue blue hour' }] });
      const none = (await api.getLyricsBySongId({ id: f.songs.third })).lyricsList as unknown as { structuredLyrics: unknown[] };
      expect(none.structuredLyrics).toEqual([]);
    });

    it('recommends songs like an artist or a song, and lists an artist top songs', async () => {
      const api = f.client();
      const likeArtist = (await api.getSimilarSongs2({ id: artistId('Bob Trio'), count: 10 })).similarSongs2.song ?? [];
      // Bob's public song is the seed; his private one is never offered to Alice.
      expect(likeArtist.map((s) => s.id)).not.toContain(f.songs.bobPublic);
      expect(likeArtist.map((s) => s.id)).not.toContain(f.songs.bobPrivate);
      const likeSong = (await api.getSimilarSongs({ id: f.songs.first, count: 10 })).similarSongs.song ?? [];
      expect(likeSong.map((s) => s.title).sort()).toEqual(['Blue Hour', 'Copper Skies']);
      await f.em().nativeUpdate(Song, { id: f.songs.second }, { playCount: 50 });
      const top = (await api.getTopSongs({ artist: 'Alice Band', count: 2 })).topSongs.song ?? [];
      expect(top.map((s) => s.title)[0]).toBe('Blue Hour');
      expect(top).toHaveLength(2);
    });
  });

  it('answers XML by default, JSON with f=json, and takes .view and bare method names', async () => {
    const base = `${f.t.baseUrl}/rest/ping`;
    const auth = `u=${encodeURIComponent(f.alice.username)}&p=${encodeURIComponent(f.password)}&v=1.16.1&c=test`;
    const xml = await fetch(`${base}?${auth}`);
    expect(xml.headers.get('content-type')).toContain('application/xml');
    expect(await xml.text()).toMatch(/<subsonic-response xmlns="http:\/\/subsonic.org\/restapi" status="ok" version="1.16.1" type="songforge" serverVersion="[^"]+" openSubsonic="true"\/>/);
    const json = await fetch(`${base}.view?${auth}&f=json`);
    expect(await json.json()).toMatchObject({ 'subsonic-response': { status: 'ok' } });
    const missing = await fetch(`${base}.view?f=json`);
    expect(await missing.json()).toMatchObject({ 'subsonic-response': { status: 'failed', error: { code: 10 } } });
    const unknown = await fetch(`${f.t.baseUrl}/rest/getPodcasts.view?${auth}&f=json`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ 'subsonic-response': { error: { code: 70 } } });
  });
});
