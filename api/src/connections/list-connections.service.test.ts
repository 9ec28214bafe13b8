/**
 * The connections that replaced plain lists (issue 19): liked songs, AI Artists, an artist's songs,
 * a profile's songs and playlists, song management. Each pages the same items as its list, forward
 * and backward at every page size, and each viewer sees in it what the list shows them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { expectAppError } from '../test-support/app-errors.js';
import { expectSameBothWays } from '../test-support/connection-pages.js';
import { createPubSub, type AppPubSub } from '../pubsub/pubsub.js';
import { Song } from '../songs/song.entity.js';
import { User } from '../users/user.entity.js';
import { QueueService } from '../library/queue.service.js';
import { LibraryReads } from '../songs/library-reads.js';
import { LikesService } from '../library/likes.service.js';
import { LikedSong } from '../library/liked-song.entity.js';
import { insertSong, insertUser } from '../library/test-fixtures.js';
import { PlaylistService } from '../playlists/playlist.service.js';
import { Playlist } from '../playlists/playlist.entity.js';
import { ArtistService } from '../artists/artist.service.js';
import { AiArtist } from '../artists/ai-artist.entity.js';
import { ProfileService } from '../profile/profile.service.js';
import { SongManagementService } from '../song-management/song-management.service.js';
import { LocalMediaStorage } from '../storage/local-storage.js';
import { encodeCursor } from './cursor.js';

/** Minutes after a fixed moment: rows given the same one tie on their sort time, so only the id orders them. */
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
/** Newest first, ties by id descending: the order every connection here keeps. */
const newestFirst = <T extends { id: string | number }>(items: readonly T[], time: (item: T) => Date) =>
  [...items].sort((a, b) => time(b).getTime() - time(a).getTime() || (typeof a.id === 'number' && typeof b.id === 'number' ? b.id - a.id : a.id < b.id ? 1 : a.id > b.id ? -1 : 0));

describe.each(DATABASE_TARGETS)('list connections on %s PostgreSQL', (target) => {
  let db: TestDatabase;
  let pubsub: AppPubSub;
  let mediaDir: string;
  let likes: LikesService;
  let playlists: PlaylistService;
  let artists: ArtistService;
  let profiles: ProfileService;
  let management: SongManagementService;
  let alice: User;
  let bob: User;
  let admin: User;
  const em = () => db.orm.em.fork() as EntityManager;

  async function userOfTier(name: string, tier: 'free' | 'pro' | 'admin'): Promise<User> {
    const created = await insertUser(em(), name);
    await em().nativeUpdate(User, { id: created.id }, { userTier: tier });
    return em().findOneOrFail(User, { id: created.id });
  }
  /** A song of `owner` made at `minute`, public unless said otherwise, optionally hidden by a moderator. */
  async function songAt(title: string, minute: number, fields: { user?: User | null; isPublic?: boolean; hidden?: boolean } = {}): Promise<Song> {
    const song = await insertSong(em(), { title, user: fields.user ?? null, isPublic: fields.isPublic ?? true });
    await em().nativeUpdate(Song, { id: song.id }, { createdAt: at(minute), ...(fields.hidden ? { moderationStatus: 'hidden' } : {}) });
    return em().findOneOrFail(Song, { id: song.id });
  }

  beforeAll(async () => {
    db = await createTestDatabase(target);
    pubsub = createPubSub(null);
    mediaDir = await mkdtemp(path.join(tmpdir(), 'songforge-list-connections-'));
    const storage = new LocalMediaStorage(mediaDir);
    const queue = new QueueService(pubsub);
    likes = new LikesService();
    playlists = new PlaylistService(pubsub, queue);
    artists = new ArtistService({ storage, queue });
    profiles = new ProfileService({ pubsub, storage });
    management = new SongManagementService(storage, queue, playlists, new LibraryReads(pubsub));
    alice = await userOfTier('alice', 'pro');
    bob = await userOfTier('bob', 'free');
    admin = await userOfTier('root', 'admin');
  });
  afterAll(async () => {
    await pubsub.close();
    await db.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('likedSongsConnection: the liked songs the user may still see, most recently liked first, both ways', async () => {
    const liker = await insertUser(em(), 'liker');
    const songs = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => songAt(`Liked ${i}`, i, { user: bob })));
    for (const song of songs) await likes.like(em(), liker, { songId: song.id });
    // Three likes at the same earlier moment: the like's id orders them, after the like made now.
    const tied = songs.slice(1, 4).map((song) => song.id);
    await em().nativeUpdate(LikedSong, { user: liker.id, music: { $in: tied } }, { createdAt: at(30) });
    // Made private, and hidden by a moderator, after the like: both leave the list.
    await em().nativeUpdate(Song, { id: songs[4]!.id }, { isPublic: false });
    await em().nativeUpdate(Song, { id: songs[5]!.id }, { moderationStatus: 'hidden' });

    const listed = (await likes.likedSongs(em(), liker)).map((song) => song.id);
    expect(listed).toHaveLength(4);
    expect(listed[0]).toBe(songs[0]!.id);
    expect(new Set(listed.slice(1))).toEqual(new Set(tied));
    expect(await expectSameBothWays((page) => likes.likedSongsConnection(em(), liker, page), (song) => song.id)).toEqual(listed);
    const first = await likes.likedSongsConnection(em(), liker, { first: 1 });
    expect(first.edges[0]!.node.isLiked).toBe(true);
    expect(await first.totalCount()).toBe(4);
    expect((await likes.likedSongsConnection(em(), bob, {})).edges).toEqual([]);

    // An admin sees every song, so their likes of songs since made private stay.
    await likes.like(em(), admin, { songId: songs[4]!.id });
    expect((await likes.likedSongsConnection(em(), admin, {})).edges.map((edge) => edge.node.id)).toEqual([songs[4]!.id]);
  });

  it("aiArtistsConnection: the viewer's own artists and the public ones (admins: all), as aiArtists lists them, filtered by owner", async () => {
    const artist = async (owner: User, name: string, isPublic: boolean, minute: number) => {
      const scratch = em();
      const created = scratch.create(AiArtist, { user: scratch.getReference(User, owner.id), name, genres: ['jazz'], moods: [], voiceType: 'high', timbre: { brightness: 0, breathiness: 0.3, vibrato: 0.5 }, instruments: [], tempoMin: 70, tempoMax: 140, isPublic, portraitSeed: 1 });
      await scratch.flush();
      await em().nativeUpdate(AiArtist, { id: created.id }, { updatedAt: at(minute) });
      return created.id;
    };
    await artist(alice, 'Alice public', true, 5);
    await artist(alice, 'Alice private', false, 5);
    await artist(alice, 'Alice second', true, 7);
    await artist(bob, 'Bob public', true, 5);
    await artist(bob, 'Bob private', false, 9);
    await artist(bob, 'Bob later', true, 1);

    const names = async (viewer: User, owner: string) => (await expectSameBothWays((page) => artists.listConnection(em(), viewer, { owner, ...page }), (a) => a.name));
    const listed = async (viewer: User, mine: boolean) => (await artists.list(em(), viewer, { mine })).map((a) => a.name);
    for (const viewer of [alice, bob, admin]) {
      const everyone = await listed(viewer, false);
      expect(await names(viewer, 'anyone')).toEqual(everyone);
      expect(await names(viewer, 'mine')).toEqual(await listed(viewer, true));
      const own = new Set(await listed(viewer, true));
      expect(await names(viewer, 'others')).toEqual(everyone.filter((name) => !own.has(name)));
    }
    expect(await listed(bob, false)).toEqual(['Bob private', 'Alice second', 'Bob public', 'Alice public', 'Bob later']);
    expect(await listed(alice, false)).not.toContain('Bob private');
    expect(await names(admin, 'anyone')).toHaveLength(6);
    expect(await (await artists.listConnection(em(), alice, { owner: 'others' })).totalCount()).toBe(2);
    // No owner means anyone's.
    expect((await artists.listConnection(em(), alice, {})).edges.map((edge) => edge.node.name)).toEqual(await listed(alice, false));
    await expectAppError(artists.listConnection(em(), alice, { owner: 'theirs' }), 'BAD_USER_INPUT', /owner must be one of anyone, mine, others/);
    await expectAppError(artists.listConnection(em(), alice, { after: encodeCursor('liked', ['2026-01-01T00:00:00.000000Z', 1]) }), 'BAD_USER_INPUT', /Invalid cursor/);
  });

  it("AiArtist.songsConnection: every song made as the artist the viewer may see (not only the newest 200), as its songs list", async () => {
    const scratch = em();
    const persona = scratch.create(AiArtist, { user: scratch.getReference(User, alice.id), name: 'Persona', genres: [], moods: [], voiceType: 'low', timbre: { brightness: 0, breathiness: 0.3, vibrato: 0.5 }, instruments: [], tempoMin: 70, tempoMax: 140, isPublic: true, portraitSeed: 2 });
    await scratch.flush();
    const made = [
      await songAt('As persona 0', 1, { user: alice }),
      await songAt('As persona 1', 2, { user: alice }),
      await songAt('As persona 2', 2, { user: alice }),
      await songAt('As persona 3', 2, { user: alice }),
      await songAt('As persona private', 3, { user: alice, isPublic: false }),
      await songAt('As persona hidden', 4, { user: alice, hidden: true }),
    ];
    await em().nativeUpdate(Song, { id: { $in: made.map((song) => song.id) } }, { aiArtist: persona.id });
    await songAt('Not as persona', 5, { user: alice });
    const loaded = await em().findOneOrFail(AiArtist, { id: persona.id }, { populate: ['user'] });

    for (const [viewer, count] of [[alice, 6], [bob, 4], [admin, 6]] as const) {
      const listed = (await artists.songs(em(), viewer, loaded)).map((song) => song.id);
      expect(listed).toHaveLength(count);
      expect(await expectSameBothWays((page) => artists.songsConnection(em(), viewer, loaded, page), (song) => song.id)).toEqual(newestFirst(listed.map((id) => made.find((song) => song.id === id)!), (song) => song.createdAt).map((song) => song.id));
      expect(await (await artists.songsConnection(em(), viewer, loaded, { first: 1 })).totalCount()).toBe(await artists.songCount(em(), viewer, loaded));
    }
  });

  it("Profile.songsConnection / playlistsConnection: what the profile's lists show its viewer, newest first, both ways", async () => {
    const owner = await insertUser(em(), 'profiled');
    const songs = [
      await songAt('Profile 0', 1, { user: owner }),
      await songAt('Profile 1', 2, { user: owner }),
      await songAt('Profile 2', 2, { user: owner }),
      await songAt('Profile 3', 3, { user: owner }),
      await songAt('Profile private', 4, { user: owner, isPublic: false }),
      await songAt('Profile hidden', 2, { user: owner, hidden: true }),
    ];
    for (const [index, [name, isPublic, minute]] of ([['Mix a', true, 1], ['Mix b', true, 2], ['Mix c', false, 2], ['Mix d', true, 2], ['Mix e', false, 5]] as const).entries()) {
      const created = await playlists.create(em(), owner, { name, isPublic, songIds: [songs[index]!.id] });
      await em().nativeUpdate(Playlist, { id: Number(created.id) }, { updatedAt: at(minute) });
    }

    for (const [viewer, songCount, playlistCount] of [[owner, 6, 5], [bob, 4, 3], [admin, 4, 3]] as const) {
      const profile = viewer === owner ? await profiles.myProfile(em(), viewer) : await profiles.profileOf(em(), viewer, { username: 'profiled' });
      const listedSongs = await profiles.songs(em(), viewer, profile);
      expect(listedSongs).toHaveLength(songCount);
      const expectedSongs = newestFirst(listedSongs, (song) => song.createdAt).map((song) => song.id);
      expect(await expectSameBothWays((page) => profiles.songsConnection(em(), viewer, profile, page), (song) => song.id)).toEqual(expectedSongs);
      const listedPlaylists = await profiles.playlists(em(), viewer, profile);
      expect(listedPlaylists).toHaveLength(playlistCount);
      const expectedPlaylists = newestFirst(listedPlaylists.map((p) => ({ ...p, id: Number(p.id) })), (p) => p.updatedAt).map((p) => String(p.id));
      const pagedPlaylists = await expectSameBothWays((page) => profiles.playlistsConnection(em(), viewer, profile, page), (p) => p.id);
      expect(pagedPlaylists).toEqual(expectedPlaylists);
      expect(await (await profiles.songsConnection(em(), viewer, profile, {})).totalCount()).toBe(songCount);
      expect(await (await profiles.playlistsConnection(em(), viewer, profile, {})).totalCount()).toBe(playlistCount);
    }
    // A playlist card counts the songs its viewer may see: the owner's private song is in "Mix e" for the owner only.
    const own = await profiles.playlistsConnection(em(), owner, await profiles.myProfile(em(), owner), { first: 1 });
    expect(own.edges[0]!.node).toMatchObject({ name: 'Mix e', songCount: 1, isOwner: true });
  });

  it("managedSongsConnection: the manager's own songs, every song with all (admins only), newest first, both ways", async () => {
    const manager = await userOfTier('manager', 'pro');
    const own = [await songAt('Managed 0', 1, { user: manager }), await songAt('Managed 1', 3, { user: manager }), await songAt('Managed 2', 3, { user: manager }), await songAt('Managed 3', 3, { user: manager, isPublic: false })];
    const expected = newestFirst(own, (song) => song.createdAt).map((song) => song.id);
    expect(new Set((await management.list(em(), manager, {})).map((song) => song.id))).toEqual(new Set(expected));
    expect(await expectSameBothWays((page) => management.listConnection(em(), manager, page), (song) => song.id)).toEqual(expected);
    const first = await management.listConnection(em(), manager, { first: 1 });
    expect(first.edges[0]!.node).toMatchObject({ id: expected[0], ownerName: 'manager' });

    const everySong = (await management.list(em(), admin, { all: true })).map((song) => song.id);
    const pagedAll = await expectSameBothWays((page) => management.listConnection(em(), admin, { all: true, ...page }), (song) => song.id);
    expect(new Set(pagedAll)).toEqual(new Set(everySong));
    expect(pagedAll).toEqual(expect.arrayContaining(expected));
    expect(await (await management.listConnection(em(), admin, { all: true })).totalCount()).toBe(everySong.length);
    expect(await (await management.listConnection(em(), admin, {})).totalCount()).toBe(0);

    await expectAppError(management.listConnection(em(), bob, {}), 'FORBIDDEN', /permission to manage songs/);
    await expectAppError(management.listConnection(em(), manager, { all: true }), 'FORBIDDEN', 'Only admins can manage every song');
  });
});
