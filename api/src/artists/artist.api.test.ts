import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { cookiePair } from '../test-support/ws-client.js';
import { User } from '../users/user.entity.js';
import { ARTISTS_PER_USER_MAX } from './artist.service.js';

const ARTIST = '{ id name bio genres moods voiceType timbre { brightness breathiness vibrato } instruments tempoMin tempoMax isPublic portraitSeed portraitUrl portraitThumbnailUrl ownerName isMine canEdit songCount songs { id title artist } }';
const CREATE = `mutation ($input: AiArtistInput!) { createAiArtist(input: $input) ${ARTIST} }`;
const UPDATE = `mutation ($id: ID!, $input: AiArtistInput!) { updateAiArtist(id: $id, input: $input) ${ARTIST} }`;
const GET = `query ($id: ID!) { aiArtist(id: $id) ${ARTIST} }`;
const LIST = 'query ($mine: Boolean) { aiArtists(mine: $mine) { id name isMine } }';
const DELETE = 'mutation ($id: ID!) { deleteAiArtist(id: $id) }';
const PLAY = 'mutation ($id: ID!) { playAiArtist(id: $id) { currentSong { id } upcomingQueue { id } } }';
const PLAN = 'query ($input: GenerateSongInput!) { planSong(input: $input) { genre mood bpm voice artist instrumental excluded summary withLyrics } }';
const GENERATE = 'mutation ($input: GenerateSongInput!) { generateSong(input: $input) { id stages } }';
const GENERATION = 'query ($id: ID!) { generation(id: $id) { status error song { id artist } } }';

const NOVA = {
  name: 'Nova Lane',
  bio: 'Night-drive synth songs with a breathy high voice.',
  genres: ['synthwave'],
  moods: ['dreamy'],
  voiceType: 'high',
  timbre: { brightness: 0.4, breathiness: 0.7, vibrato: 0.3 },
  instruments: ['epiano', 'saxophone'],
  tempoMin: 84,
  tempoMax: 96,
};

type Body = { data?: Record<string, any>; errors?: Array<{ message: string; extensions: { code: string } }> };

/** AI Artists over GraphQL; one worker runs the songs generated as an artist. */
describe.each(DATABASE_TARGETS)('AI Artists over GraphQL on %s PostgreSQL', (target) => {
  let t: TestApp;
  let users = 0;
  beforeAll(async () => {
    t = await startTestApp({ target, config: { workerConcurrency: 1, seed: false, demoCatalogue: false } });
    // The first account is the installation's admin.
    expect((await supertest(t.baseUrl).post('/api/register').send({ username: 'artadmin', password: 'password1' })).status).toBe(201);
  });
  afterAll(async () => {
    await t.close();
  });

  async function member(username = `artist${++users}`) {
    const res = await supertest(t.baseUrl).post('/api/register').send({ username, password: 'password1' });
    const cookie = res.status === 201 ? cookiePair(res.headers['set-cookie']) : cookiePair((await supertest(t.baseUrl).post('/api/login').send({ username, password: 'password1' })).headers['set-cookie']);
    const gql = async (query: string, variables: Record<string, unknown> = {}) => (await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query, variables })).body as Body;
    const ok = async (query: string, variables: Record<string, unknown> = {}) => {
      const body = await gql(query, variables);
      expect(body.errors).toBeUndefined();
      return body.data!;
    };
    const code = async (query: string, variables: Record<string, unknown> = {}) => (await gql(query, variables)).errors?.[0]?.extensions.code ?? null;
    return { username, cookie, gql, ok, code };
  }

  it('creates an artist with a painted portrait and defaults, edits it, and validates input', async () => {
    const me = await member();
    const created = (await me.ok(CREATE, { input: NOVA })).createAiArtist;
    expect(created).toMatchObject({ ...NOVA, isPublic: false, isMine: true, canEdit: true, songCount: 0, songs: [], ownerName: me.username });
    expect(created.portraitUrl).toMatch(new RegExp(`^/media/artists/${created.id}-[a-z0-9]+\\.png$`));
    const file = (url: string) => path.join(t.config.mediaDir, url.slice('/media/'.length));
    expect(existsSync(file(created.portraitUrl))).toBe(true);
    expect((await supertest(t.baseUrl).get(created.portraitThumbnailUrl).set('cookie', me.cookie)).headers['content-type']).toBe('image/png');
    // A private artist's portrait is its owner's (and admins'): to others it is not there.
    expect((await supertest(t.baseUrl).get(created.portraitThumbnailUrl)).status).toBe(404);

    // Only a name: the rest has defaults (high voice, the middle timbre, 70-140 BPM).
    const plain = (await me.ok(CREATE, { input: { name: 'Plain' } })).createAiArtist;
    expect(plain).toMatchObject({ voiceType: 'high', tempoMin: 70, tempoMax: 140, genres: [], instruments: [] });

    // A new genre repaints the portrait under a new name; the old files go.
    const changed = (await me.ok(UPDATE, { id: created.id, input: { genres: ['jazz'], bio: '' } })).updateAiArtist;
    expect(changed).toMatchObject({ genres: ['jazz'], bio: null, name: 'Nova Lane' });
    expect(changed.portraitUrl).not.toBe(created.portraitUrl);
    expect(existsSync(file(created.portraitUrl))).toBe(false);
    expect(existsSync(file(changed.portraitUrl))).toBe(true);
    // Changing only the bio keeps the portrait.
    expect((await me.ok(UPDATE, { id: created.id, input: { bio: 'New bio' } })).updateAiArtist.portraitUrl).toBe(changed.portraitUrl);

    const refused = async (input: Record<string, unknown>) => (await me.gql(CREATE, { input })).errors?.[0];
    expect(await refused({ name: '  ' })).toMatchObject({ message: 'Name is required', extensions: { code: 'BAD_USER_INPUT' } });
    expect(await refused({ name: 'X', genres: ['polka'] })).toMatchObject({ message: 'Unknown genre "polka"' });
    expect(await refused({ name: 'X', voiceType: 'alto' })).toMatchObject({ message: 'Voice type must be low or high' });
    expect(await refused({ name: 'X', tempoMin: 150, tempoMax: 90 })).toMatchObject({ message: 'The lowest tempo must not be above the highest' });
    expect(await refused({ name: 'X', timbre: { brightness: 2, breathiness: 0, vibrato: 0 } })).toMatchObject({ message: 'Brightness must be between -1 and 1' });
    expect(await refused({ name: 'X', instruments: ['kazoo'] })).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
    expect(await refused({ name: 'nova lane' })).toMatchObject({ message: 'You already have an artist named "nova lane"', extensions: { code: 'CONFLICT' } });
  });

  it('keeps private artists to their owner and admins, and public ones read-only to others', async () => {
    const owner = await member();
    const other = await member();
    const admin = await member('artadmin');
    const secret = (await owner.ok(CREATE, { input: { name: 'Secret' } })).createAiArtist.id;
    const shared = (await owner.ok(CREATE, { input: { name: 'Shared', isPublic: true } })).createAiArtist.id;

    expect(await other.code(GET, { id: secret })).toBe('NOT_FOUND');
    expect(await other.code(UPDATE, { id: secret, input: { name: 'Mine now' } })).toBe('NOT_FOUND');
    expect(await other.code(GENERATE, { input: { prompt: 'a song', artistId: secret, durationSeconds: 30 } })).toBe('NOT_FOUND');
    expect((await other.ok(GET, { id: shared })).aiArtist).toMatchObject({ name: 'Shared', isMine: false, canEdit: false, ownerName: owner.username });
    expect(await other.code(UPDATE, { id: shared, input: { name: 'Mine now' } })).toBe('FORBIDDEN');
    expect(await other.code(DELETE, { id: shared })).toBe('FORBIDDEN');
    const seen = (await other.ok(LIST)).aiArtists.map((a: { id: string }) => a.id);
    expect(seen).toContain(shared);
    expect(seen).not.toContain(secret);
    expect((await other.ok(LIST, { mine: true })).aiArtists).toEqual([]);

    expect((await admin.ok(GET, { id: secret })).aiArtist).toMatchObject({ name: 'Secret', canEdit: true, isMine: false });
    expect((await admin.ok(LIST)).aiArtists.map((a: { id: string }) => a.id)).toEqual(expect.arrayContaining([secret, shared]));
    expect((await admin.ok(DELETE, { id: secret })).deleteAiArtist).toBe(secret);
    expect(await owner.code(GET, { id: secret })).toBe('NOT_FOUND');
    expect(await owner.code(GET, { id: 'abc' })).toBe('NOT_FOUND');
  });

  it('limits each user to 50 artists', async () => {
    const me = await member();
    const em = t.app.database.orm.em.fork();
    const user = await em.findOneOrFail(User, { username: me.username });
    await em.getConnection().execute(
      `insert into ai_artists (user_id, name, genres, moods, voice_type, timbre, instruments, tempo_min, tempo_max, portrait_seed)
       select ?, 'Bulk ' || n, '[]', '[]', 'low', '{"brightness":0,"breathiness":0.3,"vibrato":0.5}', '[]', 70, 140, n from generate_series(1, ?) n`,
      [user.id, ARTISTS_PER_USER_MAX],
    );
    expect((await me.gql(CREATE, { input: { name: 'One too many' } })).errors?.[0]).toMatchObject({ message: `At most ${ARTISTS_PER_USER_MAX} artists per user: delete one first`, extensions: { code: 'FORBIDDEN' } });
  });

  it("plans and generates as an artist: its genre, voice and tempo range, its name on the song, the song on its page", async () => {
    const me = await member();
    const fan = await member();
    const artist = (await me.ok(CREATE, { input: { ...NOVA, isPublic: true } })).createAiArtist;
    const plan = (await me.ok(PLAN, { input: { prompt: 'city lights at night', artistId: artist.id, durationSeconds: 30, generateLyrics: false, seed: 5 } })).planSong;
    expect(plan).toMatchObject({ genre: 'synthwave', mood: 'dreamy', voice: 'high', artist: 'Nova Lane', instrumental: false });
    expect(plan.bpm).toBeGreaterThanOrEqual(84);
    expect(plan.bpm).toBeLessThanOrEqual(96);
    // A public artist: another user may generate as it too (the song is theirs).
    expect((await fan.ok(PLAN, { input: { prompt: 'x', artistId: artist.id } })).planSong.artist).toBe('Nova Lane');

    const created = (await me.ok(GENERATE, { input: { prompt: 'city lights at night', artistId: artist.id, durationSeconds: 30, generateAlbumArt: false, seed: 5 } })).generateSong;
    await expect.poll(async () => (await me.ok(GENERATION, { id: created.id })).generation.status, { timeout: 150_000, interval: 500 }).toBe('completed');
    const { song } = (await me.ok(GENERATION, { id: created.id })).generation;
    expect(song.artist).toBe('Nova Lane');
    const page = (await me.ok(GET, { id: artist.id })).aiArtist;
    expect(page.songCount).toBe(1);
    expect(page.songs).toEqual([{ id: song.id, title: expect.any(String), artist: 'Nova Lane' }]);
    expect((await me.ok(PLAY, { id: artist.id })).playAiArtist.currentSong.id).toBe(song.id);

    // Deleting the artist keeps the song and its artist name.
    await me.ok(DELETE, { id: artist.id });
    expect((await me.ok(GENERATION, { id: created.id })).generation.song.artist).toBe('Nova Lane');
  }, 200_000);

  it('understands the instrumental toggle and negative style words in plans and stages', async () => {
    const me = await member();
    const noDrums = (await me.ok(PLAN, { input: { prompt: 'house groove with no drums', exclude: 'distortion', durationSeconds: 30 } })).planSong;
    expect(noDrums.excluded).toEqual(['drums', 'distortion']);
    expect(noDrums.summary).toContain('no drums');
    expect((await me.gql(PLAN, { input: { prompt: 'x', exclude: 'sadness' } })).errors?.[0]).toMatchObject({ message: 'Cannot leave out "sadness": name drums, bass, vocals, distortion or an instrument', extensions: { code: 'BAD_USER_INPUT' } });
    const instrumental = (await me.ok(GENERATE, { input: { prompt: 'pop song with no vocals', generateLyrics: true, durationSeconds: 30, seed: 1 } })).generateSong;
    expect(instrumental.stages).not.toContain('Writing lyrics');
    expect((await me.gql(GENERATE, { input: { prompt: 'pop', instrumental: true, lyrics: 'la la la' } })).errors?.[0]?.message).toBe('An instrumental has no lyrics: remove the lyrics or turn instrumental off');
  });
});
