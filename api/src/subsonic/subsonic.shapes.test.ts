/**
 * Response shapes against the OpenSubsonic specification (its response tables and examples: which
 * fields are required, their types, and that no field outside the specification is sent), in JSON,
 * and the XML form of the same answers (attributes, repeated elements, text for `value`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { albumId, artistId } from './subsonic-library.js';
import { startSubsonicFixture, type Fixture } from './test-fixtures.js';

const int = z.number().int();
const isoDate = z.string().refine((text) => !Number.isNaN(Date.parse(text)) && text.includes('T'), 'an ISO 8601 date-time');
const itemGenre = z.object({ name: z.string() }).strict();
const artistRef = z.object({ id: z.string(), name: z.string() }).strict();

/** Child (song or directory entry): required id, isDir, title; the optional fields we send, typed as the specification says. */
const child = z
  .object({
    id: z.string(),
    isDir: z.boolean(),
    title: z.string(),
    parent: z.string().optional(),
    album: z.string().optional(),
    artist: z.string().optional(),
    track: int.optional(),
    discNumber: int.optional(),
    year: int.optional(),
    genre: z.string().optional(),
    coverArt: z.string().optional(),
    size: int.optional(),
    contentType: z.string().optional(),
    suffix: z.string().optional(),
    duration: int.optional(),
    bitRate: int.optional(),
    isVideo: z.boolean().optional(),
    playCount: int.optional(),
    created: isoDate.optional(),
    starred: isoDate.optional(),
    albumId: z.string().optional(),
    artistId: z.string().optional(),
    type: z.enum(['music', 'podcast', 'audiobook', 'video']).optional(),
    mediaType: z.enum(['song', 'album', 'artist']).optional(),
    bpm: int.optional(),
    comment: z.string().optional(),
    sortName: z.string().optional(),
    musicBrainzId: z.string().optional(),
    genres: z.array(itemGenre).optional(),
    artists: z.array(artistRef).optional(),
    displayArtist: z.string().optional(),
    albumArtists: z.array(artistRef).optional(),
    displayAlbumArtist: z.string().optional(),
    moods: z.array(z.string()).optional(),
    replayGain: z.object({ trackGain: z.number().optional(), albumGain: z.number().optional() }).strict().optional(),
  })
  .strict();

/** AlbumID3: required id, name, songCount, duration, created. */
const album = z
  .object({
    id: z.string(),
    name: z.string(),
    songCount: int,
    duration: int,
    created: isoDate,
    artist: z.string().optional(),
    artistId: z.string().optional(),
    coverArt: z.string().optional(),
    playCount: int.optional(),
    starred: isoDate.optional(),
    year: int.optional(),
    genre: z.string().optional(),
    genres: z.array(itemGenre).optional(),
    artists: z.array(artistRef).optional(),
    displayArtist: z.string().optional(),
    releaseTypes: z.array(z.string()).optional(),
    moods: z.array(z.string()).optional(),
    sortName: z.string().optional(),
    musicBrainzId: z.string().optional(),
    isCompilation: z.boolean().optional(),
  })
  .strict();
const albumWithSongs = album.extend({ song: z.array(child) }).strict();

/** ArtistID3: required id, name. */
const artist = z
  .object({ id: z.string(), name: z.string(), coverArt: z.string().optional(), albumCount: int.optional(), starred: isoDate.optional(), musicBrainzId: z.string().optional(), sortName: z.string().optional() })
  .strict();

/** Playlist: required id, name, songCount, duration, created, changed. */
const playlist = z
  .object({
    id: z.string(),
    name: z.string(),
    songCount: int,
    duration: int,
    created: isoDate,
    changed: isoDate,
    comment: z.string().optional(),
    owner: z.string().optional(),
    public: z.boolean().optional(),
    coverArt: z.string().optional(),
    readonly: z.boolean().optional(),
  })
  .strict();

const envelope = z.object({ status: z.literal('ok'), version: z.string(), type: z.string(), serverVersion: z.string(), openSubsonic: z.literal(true) });
/** A successful answer: the envelope and exactly one payload key (none for empty answers). */
const answer = (payload: Record<string, z.ZodType>) => envelope.extend(payload).strict();

const user = z
  .object({
    username: z.string(),
    email: z.string().optional(),
    scrobblingEnabled: z.boolean(),
    adminRole: z.boolean(),
    settingsRole: z.boolean(),
    downloadRole: z.boolean(),
    uploadRole: z.boolean(),
    playlistRole: z.boolean(),
    coverArtRole: z.boolean(),
    commentRole: z.boolean(),
    podcastRole: z.boolean(),
    streamRole: z.boolean(),
    jukeboxRole: z.boolean(),
    shareRole: z.boolean(),
    videoConversionRole: z.boolean(),
    folder: z.array(int).optional(),
  })
  .strict();

describe('Subsonic response shapes against the OpenSubsonic specification', () => {
  let f: Fixture;
  let playlistId: string;
  /** The JSON answer of a call as Alice (app password in clear, as some apps send it). */
  const call = async (method: string, params: Record<string, string | string[]> = {}, format: 'json' | 'xml' = 'json') => {
    const query = new URLSearchParams({ u: f.alice.username, p: f.password, v: '1.16.1', c: 'shapes', f: format });
    for (const [name, value] of Object.entries(params)) for (const v of [value].flat()) query.append(name, v);
    const res = await fetch(`${f.t.baseUrl}/rest/${method}.view?${query}`);
    return format === 'json' ? ((await res.json()) as { 'subsonic-response': unknown })['subsonic-response'] : res.text();
  };

  beforeAll(async () => {
    f = await startSubsonicFixture('embedded');
    playlistId = (await f.t.app.services.playlists.create(f.em(), f.alice.user, { name: 'Shapes', description: 'For the shapes', songIds: [f.songs.first, f.songs.bobPublic] })).id;
    await f.t.app.services.likes.like(f.em(), f.alice.user, { songId: f.songs.first });
    await f.t.app.services.queue.saveClientQueue(f.em(), f.alice.user, { songIds: [f.songs.first, f.songs.second], currentId: f.songs.first, positionMs: 1000, changedBy: 'shapes' });
  });
  afterAll(async () => {
    await f?.t.close();
  });

  it.each([
    ['ping', {}, answer({})],
    ['getLicense', {}, answer({ license: z.object({ valid: z.boolean(), email: z.string().optional() }).strict() })],
    ['getOpenSubsonicExtensions', {}, answer({ openSubsonicExtensions: z.array(z.object({ name: z.string(), versions: z.array(int) }).strict()) })],
    ['getMusicFolders', {}, answer({ musicFolders: z.object({ musicFolder: z.array(z.object({ id: int, name: z.string() }).strict()) }).strict() })],
    ['getScanStatus', {}, answer({ scanStatus: z.object({ scanning: z.boolean(), count: int }).strict() })],
    [
      'getIndexes',
      {},
      answer({ indexes: z.object({ ignoredArticles: z.string(), lastModified: int, index: z.array(z.object({ name: z.string(), artist: z.array(z.object({ id: z.string(), name: z.string() }).strict()) }).strict()) }).strict() }),
    ],
    ['getArtists', {}, answer({ artists: z.object({ ignoredArticles: z.string(), index: z.array(z.object({ name: z.string(), artist: z.array(artist) }).strict()) }).strict() })],
    ['getArtist', { id: artistId('Alice Band') }, answer({ artist: artist.extend({ album: z.array(album) }).strict() })],
    ['getAlbum', { id: albumId(f_songs('first')) }, answer({ album: albumWithSongs })],
    ['getMusicDirectory', { id: artistId('Alice Band') }, answer({ directory: z.object({ id: z.string(), name: z.string(), parent: z.string().optional(), child: z.array(child) }).strict() })],
    ['getAlbumList2', { type: 'newest' }, answer({ albumList2: z.object({ album: z.array(album) }).strict() })],
    ['getSong', { id: f_songs('first') }, answer({ song: child })],
    ['getRandomSongs', {}, answer({ randomSongs: z.object({ song: z.array(child) }).strict() })],
    ['getSongsByGenre', { genre: 'lo-fi' }, answer({ songsByGenre: z.object({ song: z.array(child) }).strict() })],
    ['getGenres', {}, answer({ genres: z.object({ genre: z.array(z.object({ value: z.string(), songCount: int, albumCount: int }).strict()) }).strict() })],
    ['search3', { query: 'a' }, answer({ searchResult3: z.object({ artist: z.array(artist), album: z.array(album), song: z.array(child) }).strict() })],
    ['getPlaylists', {}, answer({ playlists: z.object({ playlist: z.array(playlist) }).strict() })],
    ['getPlaylist', { id: 'PLAYLIST' }, answer({ playlist: playlist.extend({ entry: z.array(child) }).strict() })],
    ['getStarred2', {}, answer({ starred2: z.object({ artist: z.array(artist), album: z.array(album), song: z.array(child) }).strict() })],
    [
      'getPlayQueue',
      {},
      answer({ playQueue: z.object({ current: z.string().optional(), position: int.optional(), username: z.string(), changed: isoDate, changedBy: z.string(), entry: z.array(child) }).strict() }),
    ],
    [
      'getLyricsBySongId',
      { id: f_songs('first') },
      answer({
        lyricsList: z
          .object({
            structuredLyrics: z.array(
              z.object({ lang: z.string(), synced: z.boolean(), line: z.array(z.object({ value: z.string(), start: z.number().optional() }).strict()), displayArtist: z.string(), displayTitle: z.string(), offset: z.number() }).strict(),
            ),
          })
          .strict(),
      }),
    ],
    ['getSimilarSongs', { id: f_songs('first') }, answer({ similarSongs: z.object({ song: z.array(child) }).strict() })],
    ['getSimilarSongs2', { id: artistId('Alice Band') }, answer({ similarSongs2: z.object({ song: z.array(child) }).strict() })],
    ['getTopSongs', { artist: 'Alice Band' }, answer({ topSongs: z.object({ song: z.array(child) }).strict() })],
    ['getUser', { username: 'ALICE' }, answer({ user })],
  ] as Array<[string, Record<string, string>, z.ZodType]>)('%s answers the specified shape', async (method, params, schema) => {
    const resolved = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, resolve(v)]));
    const body = await call(method, resolved);
    const parsed = schema.safeParse(body);
    expect(parsed.success ? 'matches' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe('matches');
  });

  it('answers errors as the specification says: status failed, an int code and a message', async () => {
    const body = await call('getSong', { id: f.songs.bobPrivate });
    expect(z.object({ status: z.literal('failed'), version: z.string(), type: z.string(), serverVersion: z.string(), openSubsonic: z.literal(true), error: z.object({ code: int, message: z.string() }).strict() }).strict().safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ error: { code: 70 } });
  });

  it('writes XML as the specification examples do: attributes, repeated elements, text for value', async () => {
    const lyrics = await call('getLyricsBySongId', { id: f.songs.first }, 'xml');
    expect(lyrics).toContain('<lyricsList><structuredLyrics displayArtist="Alice Band" displayTitle="Amber Rain" lang="xxx" offset="0" synced="true"><line start="500">Hello rain</line><line start="2250">Goodbye sun</line></structuredLyrics></lyricsList>');
    const genres = await call('getGenres', {}, 'xml');
    expect(genres).toMatch(/<genres><genre songCount="1" albumCount="1">jazz<\/genre><genre songCount="3" albumCount="3">lo-fi<\/genre><\/genres>/);
    const song = (await call('getSong', { id: f.songs.first }, 'xml')) as string;
    expect(song).toMatch(new RegExp(`<song id="${f.songs.first}" parent="al-${f.songs.first}" isDir="false" title="Amber Rain" album="Amber Rain" artist="Alice Band" track="1"`));
    expect(song).toContain('<genres name="lo-fi"/>');
    expect(song).toContain(`<artists id="${artistId('Alice Band')}" name="Alice Band"/>`);
    expect(song).toContain('<moods>chill</moods>');
    expect(song).toMatch(/<replayGain trackGain="-4" albumGain="-4"\/>/);
    const extensions = await call('getOpenSubsonicExtensions', {}, 'xml');
    expect(extensions).toContain('<openSubsonicExtensions name="songLyrics"><versions>1</versions></openSubsonicExtensions>');
  });

  /** Placeholders in the table above, resolved once the fixture exists. */
  function f_songs(name: 'first'): string {
    return `SONG:${name}`;
  }
  function resolve(value: string): string {
    if (value === 'PLAYLIST') return playlistId;
    if (value === 'ALICE') return f.alice.username;
    if (value.startsWith('al-SONG:')) return albumId(f.songs[value.slice('al-SONG:'.length) as 'first']);
    if (value.startsWith('SONG:')) return f.songs[value.slice('SONG:'.length) as 'first'];
    return value;
  }
});
