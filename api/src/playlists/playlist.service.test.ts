import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { createPubSub, playlistTopic, Topics, userTopic, type AppPubSub } from '../pubsub/pubsub.js';
import { expectAppError } from '../test-support/app-errors.js';
import { recordEvents } from '../test-support/pubsub-events.js';
import { Song } from '../songs/song.entity.js';
import { User } from '../users/user.entity.js';
import { QueueService } from '../library/queue.service.js';
import { insertSong, insertUser } from '../library/test-fixtures.js';
import { PlaylistSong } from './playlist-song.entity.js';
import { Playlist } from './playlist.entity.js';
import { PLAYLIST_ADD_MAX, PLAYLIST_DESCRIPTION_MAX, PLAYLIST_NAME_MAX, PlaylistService, receivesPlaylistChange, type PlaylistChangedEvent } from './playlist.service.js';
import type { FullPlaylistView } from './playlist.view.js';

const titles = (playlist: FullPlaylistView) => playlist.entries.map((entry) => entry.song.title);

describe.each(DATABASE_TARGETS)('playlist service on %s PostgreSQL', (target) => {
  let db: TestDatabase;
  let pubsub: AppPubSub;
  let queue: QueueService;
  let playlists: PlaylistService;
  let userCount = 0;

  beforeAll(async () => {
    db = await createTestDatabase(target);
    pubsub = createPubSub(null);
    queue = new QueueService(pubsub);
    playlists = new PlaylistService(pubsub, queue);
  });
  afterAll(async () => {
    await pubsub.close();
    await db.close();
  });

  const em = () => db.orm.em.fork() as EntityManager;

  /** A fresh user with public songs A..E (60 s each, covers on the first three). */
  async function owner(songCount = 5): Promise<{ user: User; songs: Song[] }> {
    userCount += 1;
    const user = await insertUser(em(), `curator${userCount}`);
    const songs: Song[] = [];
    for (let i = 0; i < songCount; i += 1) {
      const song = await insertSong(em(), { title: `${String.fromCharCode(65 + i)}${userCount}` });
      await em().nativeUpdate(Song, { id: song.id }, { duration: 60, coverUrl: i < 3 ? `/media/covers/${song.id}.png` : null });
      songs.push(song);
    }
    return { user, songs };
  }
  const ids = (songs: Song[], ...indexes: number[]) => indexes.map((i) => songs[i]!.id);
  const names = (songs: Song[], ...indexes: number[]) => indexes.map((i) => songs[i]!.title);
  /** The stored rows in position order: positions must always be 0..n-1. */
  async function storedOrder(playlistId: string): Promise<{ songIds: string[]; positions: number[] }> {
    const rows = await em().find(PlaylistSong, { playlist: Number(playlistId) }, { orderBy: { position: 'asc' } });
    return { songIds: rows.map((row) => row.music.id), positions: rows.map((row) => row.position) };
  }
  const dense = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('creates, lists, renames, describes, publishes and deletes a playlist, validating every input', async () => {
    const { user, songs } = await owner();
    const created = await playlists.create(em(), user, { name: '  Road trip  ', description: 'Windows down', songIds: ids(songs, 0, 1) });
    expect(created).toMatchObject({ name: 'Road trip', description: 'Windows down', isPublic: false, isOwner: true, ownerName: user.username, songCount: 2, totalDuration: 120 });
    expect(titles(created)).toEqual(names(songs, 0, 1));
    const second = await playlists.create(em(), user, { name: 'Empty' });
    expect(second).toMatchObject({ songCount: 0, totalDuration: 0, coverUrls: [], description: null });
    expect((await playlists.mine(em(), user)).map((p) => p.name)).toEqual(['Empty', 'Road trip']);

    expect((await playlists.rename(em(), user, { id: created.id, name: 'Night drive' })).name).toBe('Night drive');
    expect((await playlists.mine(em(), user)).map((p) => p.name)).toEqual(['Night drive', 'Empty']);
    expect((await playlists.describe(em(), user, { id: created.id, description: '' })).description).toBeNull();
    expect((await playlists.setPublic(em(), user, { id: created.id, isPublic: true })).isPublic).toBe(true);

    await expectAppError(playlists.create(em(), user, { name: '   ' }), 'BAD_USER_INPUT', 'Name is required');
    await expectAppError(playlists.create(em(), user, {}), 'BAD_USER_INPUT', 'Name is required');
    await expectAppError(playlists.create(em(), user, { name: 'x'.repeat(PLAYLIST_NAME_MAX + 1) }), 'BAD_USER_INPUT', `Name must be at most ${PLAYLIST_NAME_MAX} characters`);
    await expectAppError(playlists.describe(em(), user, { id: created.id, description: 'x'.repeat(PLAYLIST_DESCRIPTION_MAX + 1) }), 'BAD_USER_INPUT', `at most ${PLAYLIST_DESCRIPTION_MAX}`);
    await expectAppError(playlists.setPublic(em(), user, { id: created.id, isPublic: 'yes' }), 'BAD_USER_INPUT', 'isPublic must be true or false');
    await expectAppError(playlists.create(em(), user, { name: 'Ghost', songIds: ['no-such-song'] }), 'NOT_FOUND', 'Song not found');
    expect((await playlists.mine(em(), user)).map((p) => p.name)).not.toContain('Ghost');
    for (const id of ['999999', 'abc', '', '-1', 1.5]) await expectAppError(playlists.get(em(), user, id), 'NOT_FOUND', 'Playlist not found');

    expect(await playlists.delete(em(), user, { id: created.id })).toBe(created.id);
    await expectAppError(playlists.get(em(), user, created.id), 'NOT_FOUND');
    expect(await em().count(PlaylistSong, { playlist: Number(created.id) })).toBe(0);
  });

  it('adds songs at the end or a position, skips ones already in it, removes and moves, keeping positions dense', async () => {
    const { user, songs } = await owner();
    const { id } = await playlists.create(em(), user, { name: 'Order', songIds: ids(songs, 0) });
    let p = await playlists.addSongs(em(), user, { id, songIds: ids(songs, 1, 2) });
    expect(titles(p)).toEqual(names(songs, 0, 1, 2));
    p = await playlists.addSongs(em(), user, { id, songIds: ids(songs, 3, 0), position: 1 });
    expect(titles(p)).toEqual(names(songs, 0, 3, 1, 2));
    p = await playlists.addSongs(em(), user, { id, songIds: ids(songs, 4), position: 0 });
    expect(titles(p)).toEqual(names(songs, 4, 0, 3, 1, 2));
    expect(await storedOrder(id)).toEqual({ songIds: ids(songs, 4, 0, 3, 1, 2), positions: dense(5) });

    p = await playlists.moveSong(em(), user, { id, songId: songs[4]!.id, toPosition: 4 });
    expect(titles(p)).toEqual(names(songs, 0, 3, 1, 2, 4));
    p = await playlists.moveSong(em(), user, { id, songId: songs[2]!.id, toPosition: 0 });
    expect(titles(p)).toEqual(names(songs, 2, 0, 3, 1, 4));
    p = await playlists.moveSong(em(), user, { id, songId: songs[2]!.id, toPosition: 2 });
    expect(titles(p)).toEqual(names(songs, 0, 3, 2, 1, 4));
    p = await playlists.removeSongs(em(), user, { id, songIds: ids(songs, 3, 4) });
    expect(titles(p)).toEqual(names(songs, 0, 2, 1));
    // Removed already (another device): nothing to do, no error.
    expect(titles(await playlists.removeSongs(em(), user, { id, songIds: ids(songs, 3) }))).toEqual(names(songs, 0, 2, 1));
    expect(await storedOrder(id)).toEqual({ songIds: ids(songs, 0, 2, 1), positions: dense(3) });
    expect(p.entries.every((entry) => entry.addedAt instanceof Date)).toBe(true);

    await expectAppError(playlists.moveSong(em(), user, { id, songId: songs[0]!.id, toPosition: 3 }), 'BAD_USER_INPUT', 'Position 3 is out of range (the playlist has 3 songs)');
    await expectAppError(playlists.moveSong(em(), user, { id, songId: songs[4]!.id, toPosition: 0 }), 'NOT_FOUND', 'That song is not in this playlist');
    await expectAppError(playlists.addSongs(em(), user, { id, songIds: ids(songs, 3), position: 4 }), 'BAD_USER_INPUT', 'Position 4 is out of range');
    await expectAppError(playlists.addSongs(em(), user, { id, songIds: ids(songs, 3), position: -1 }), 'BAD_USER_INPUT', 'position must not be negative');
    await expectAppError(playlists.addSongs(em(), user, { id, songIds: [] }), 'BAD_USER_INPUT', 'Choose at least one song');
    await expectAppError(playlists.addSongs(em(), user, { id, songIds: 'x' }), 'BAD_USER_INPUT', 'songIds must be a list of song ids');
    await expectAppError(playlists.addSongs(em(), user, { id, songIds: ['missing'] }), 'NOT_FOUND', 'Song not found');
    expect(titles(await playlists.get(em(), user, id))).toEqual(names(songs, 0, 2, 1));
  });

  it("hides others' playlists unless public, and lets only the owner change one", async () => {
    const { user: alice, songs } = await owner();
    const { user: bob } = await owner(0);
    const secret = await playlists.create(em(), alice, { name: 'Secret', songIds: ids(songs, 0) });
    const shared = await playlists.create(em(), alice, { name: 'Shared', isPublic: true, songIds: ids(songs, 0, 1) });

    await expectAppError(playlists.get(em(), bob, secret.id), 'NOT_FOUND', 'Playlist not found');
    for (const change of [
      () => playlists.rename(em(), bob, { id: secret.id, name: 'Mine now' }),
      () => playlists.addSongs(em(), bob, { id: secret.id, songIds: ids(songs, 2) }),
      () => playlists.delete(em(), bob, { id: secret.id }),
      () => playlists.play(em(), bob, { id: secret.id }),
      () => playlists.duplicate(em(), bob, { id: secret.id }),
    ]) {
      await expectAppError(change(), 'NOT_FOUND', 'Playlist not found');
    }

    const seen = await playlists.get(em(), bob, shared.id);
    expect(seen).toMatchObject({ name: 'Shared', isOwner: false, ownerName: alice.username, songCount: 2 });
    for (const change of [
      () => playlists.rename(em(), bob, { id: shared.id, name: 'Mine now' }),
      () => playlists.removeSongs(em(), bob, { id: shared.id, songIds: ids(songs, 0) }),
      () => playlists.moveSong(em(), bob, { id: shared.id, songId: songs[0]!.id, toPosition: 1 }),
      () => playlists.setPublic(em(), bob, { id: shared.id, isPublic: false }),
      () => playlists.delete(em(), bob, { id: shared.id }),
    ]) {
      await expectAppError(change(), 'FORBIDDEN', 'Only the owner can change this playlist');
    }
    expect(await playlists.mine(em(), bob)).toEqual([]);
    expect((await playlists.get(em(), alice, shared.id)).name).toBe('Shared');
  });

  it('shows each viewer only the songs they may see, in count, duration, covers and positions', async () => {
    const { user: alice, songs } = await owner();
    const { user: bob } = await owner(0);
    const alicePrivate = await insertSong(em(), { title: 'Alice demo', isPublic: false, user: alice });
    const bobSong = await insertSong(em(), { title: 'Bob jam', user: bob });
    await em().nativeUpdate(Song, { id: alicePrivate.id }, { duration: 30, coverUrl: '/media/covers/private.png' });
    const p = await playlists.create(em(), alice, { name: 'Mixed', isPublic: true, songIds: [alicePrivate.id, songs[0]!.id, bobSong.id, songs[1]!.id] });
    expect(p).toMatchObject({ songCount: 4, totalDuration: 30 + 60 + 180 + 60 });
    expect(p.coverUrls).toEqual(['/media/covers/private.png', `/media/covers/${songs[0]!.id}.png`, `/media/covers/${songs[1]!.id}.png`]);

    const bobView = await playlists.get(em(), bob, p.id);
    expect(titles(bobView)).toEqual([songs[0]!.title, 'Bob jam', songs[1]!.title]);
    expect(bobView).toMatchObject({ songCount: 3, totalDuration: 300 });
    expect(bobView.coverUrls).not.toContain('/media/covers/private.png');

    // Bob's song turns private: Alice keeps it in the list, unseen, and edits by what she sees.
    await em().nativeUpdate(Song, { id: bobSong.id }, { isPublic: false });
    expect(titles(await playlists.get(em(), alice, p.id))).toEqual(['Alice demo', songs[0]!.title, songs[1]!.title]);
    const moved = await playlists.moveSong(em(), alice, { id: p.id, songId: songs[1]!.id, toPosition: 1 });
    expect(titles(moved)).toEqual(['Alice demo', songs[1]!.title, songs[0]!.title]);
    const added = await playlists.addSongs(em(), alice, { id: p.id, songIds: ids(songs, 2), position: 3 });
    expect(titles(added)).toEqual(['Alice demo', songs[1]!.title, songs[0]!.title, songs[2]!.title]);
    expect((await storedOrder(p.id)).positions).toEqual(dense(5));
    await expectAppError(playlists.addSongs(em(), alice, { id: p.id, songIds: [bobSong.id] }), 'NOT_FOUND', 'Song not found');
    await expectAppError(playlists.moveSong(em(), alice, { id: p.id, songId: bobSong.id, toPosition: 0 }), 'NOT_FOUND', 'That song is not in this playlist');
    // Bob's song is back in view for Bob, at the place it held.
    expect(titles(await playlists.get(em(), bob, p.id))).toEqual([songs[1]!.title, songs[0]!.title, 'Bob jam', songs[2]!.title]);
  });

  it("shows others a song in a public playlist only when its owner lets it be shared; admins see every song", async () => {
    const { user: alice, songs } = await owner(2);
    const { user: bob } = await owner(0);
    const { user: carol } = await owner(0);
    const admin = await insertUser(em(), `admin${userCount}`);
    await em().nativeUpdate(User, { id: admin.id }, { userTier: 'admin' });
    const adminUser = await em().findOneOrFail(User, { id: admin.id });
    const bobKeeps = await insertSong(em(), { title: 'Bob keeps', user: bob });
    await em().nativeUpdate(Song, { id: bobKeeps.id }, { canBeShared: false });
    const carolPrivate = await insertSong(em(), { title: 'Carol draft', user: carol, isPublic: false });
    // Alice may see Bob's unshareable public song, so she may keep it in her own playlist.
    const p = await playlists.create(em(), alice, { name: 'Shared mix', isPublic: true, songIds: [songs[0]!.id, bobKeeps.id, songs[1]!.id] });
    expect(titles(p)).toEqual([songs[0]!.title, 'Bob keeps', songs[1]!.title]);
    // Carol, opening the share link, does not get Bob's song passed on; Bob sees his own.
    expect(titles(await playlists.get(em(), carol, p.id))).toEqual([songs[0]!.title, songs[1]!.title]);
    expect((await playlists.get(em(), carol, p.id)).songCount).toBe(2);
    expect(titles(await playlists.get(em(), bob, p.id))).toEqual([songs[0]!.title, 'Bob keeps', songs[1]!.title]);

    // An admin sees and adds private songs; their playlist shows Carol her own song, nobody else.
    expect(titles(await playlists.get(em(), adminUser, p.id))).toEqual([songs[0]!.title, 'Bob keeps', songs[1]!.title]);
    const adminList = await playlists.create(em(), adminUser, { name: 'Review', isPublic: true, songIds: [carolPrivate.id, songs[0]!.id] });
    expect(titles(adminList)).toEqual(['Carol draft', songs[0]!.title]);
    expect(titles(await playlists.get(em(), carol, adminList.id))).toEqual(['Carol draft', songs[0]!.title]);
    expect(titles(await playlists.get(em(), bob, adminList.id))).toEqual([songs[0]!.title]);
    await expectAppError(playlists.addSongs(em(), alice, { id: p.id, songIds: [carolPrivate.id] }), 'NOT_FOUND', 'Song not found');
  });

  it('loses entries with their song and closes the gap on the next edit; goes with its owner', async () => {
    const { user, songs } = await owner();
    const p = await playlists.create(em(), user, { name: 'Doomed', songIds: ids(songs, 0, 1, 2, 3) });
    await em().nativeDelete(Song, { id: songs[1]!.id });
    expect(titles(await playlists.get(em(), user, p.id))).toEqual(names(songs, 0, 2, 3));
    expect((await storedOrder(p.id)).positions).toEqual([0, 2, 3]);
    await playlists.rename(em(), user, { id: p.id, name: 'Still here' });
    await playlists.addSongs(em(), user, { id: p.id, songIds: ids(songs, 4) });
    expect(await storedOrder(p.id)).toEqual({ songIds: ids(songs, 0, 2, 3, 4), positions: dense(4) });

    await em().nativeDelete(User, { id: user.id });
    expect(await em().count(Playlist, { id: Number(p.id) })).toBe(0);
    expect(await em().count(PlaylistSong, { playlist: Number(p.id) })).toBe(0);
  });

  it('duplicates a playlist the user may see as their own private copy', async () => {
    const { user: alice, songs } = await owner();
    const { user: bob } = await owner(0);
    const hidden = await insertSong(em(), { title: 'Hidden', isPublic: false, user: alice });
    const original = await playlists.create(em(), alice, { name: 'Originals', description: 'Best of', isPublic: true, songIds: [songs[2]!.id, hidden.id, songs[0]!.id] });
    const mine = await playlists.duplicate(em(), alice, { id: original.id });
    expect(mine).toMatchObject({ name: 'Originals (copy)', description: 'Best of', isPublic: false, isOwner: true });
    expect(titles(mine)).toEqual([songs[2]!.title, 'Hidden', songs[0]!.title]);
    const bobs = await playlists.duplicate(em(), bob, { id: original.id });
    expect(bobs).toMatchObject({ ownerName: bob.username, isOwner: true });
    expect(titles(bobs)).toEqual(names(songs, 2, 0));
    const long = await playlists.create(em(), alice, { name: 'n'.repeat(PLAYLIST_NAME_MAX) });
    expect((await playlists.duplicate(em(), alice, { id: long.id })).name).toHaveLength(PLAYLIST_NAME_MAX);
  });

  it('adds at most PLAYLIST_ADD_MAX songs per call, but copies a longer playlist whole', async () => {
    const { user } = await owner(0);
    const count = PLAYLIST_ADD_MAX + 20;
    const songIds = Array.from({ length: count }, (_, i) => `bulk-${userCount}-${i}`);
    await em().insertMany(Song, songIds.map((id) => ({ id, title: id, isPublic: true, duration: 1, settings: null })));
    const p = await playlists.create(em(), user, { name: 'Long', songIds });
    expect(p.songCount).toBe(count);
    await expectAppError(playlists.addSongs(em(), user, { id: p.id, songIds }), 'BAD_USER_INPUT', `At most ${PLAYLIST_ADD_MAX} songs at once`);
    const copy = await playlists.duplicate(em(), user, { id: p.id });
    expect(copy.entries.map((entry) => entry.song.id)).toEqual(songIds);
  });

  it('plays a playlist through the queue from a chosen song, shuffled, and enqueues it at the end or next', async () => {
    const { user: alice, songs } = await owner();
    const { user: bob } = await owner(0);
    const hidden = await insertSong(em(), { title: 'Private take', isPublic: false, user: alice });
    const p = await playlists.create(em(), alice, { name: 'Set', isPublic: true, songIds: [...ids(songs, 0, 1), hidden.id, ...ids(songs, 2, 3)] });

    let q = (await playlists.play(em(), alice, { id: p.id })).queue;
    expect(q.currentSong?.title).toBe(songs[0]!.title);
    expect(q.upcomingQueue.map((s) => s.title)).toEqual([songs[1]!.title, 'Private take', songs[2]!.title, songs[3]!.title]);
    q = (await playlists.play(em(), alice, { id: p.id, startSongId: songs[2]!.id })).queue;
    expect(q.currentSong?.title).toBe(songs[2]!.title);
    expect(q.upcomingQueue.map((s) => s.title)).toEqual([songs[3]!.title]);
    expect(q.playHistory[0]?.title).toBe(songs[0]!.title);

    // Bob hears only what he may see.
    q = (await playlists.play(em(), bob, { id: p.id })).queue;
    expect([q.currentSong?.title, ...q.upcomingQueue.map((s) => s.title)]).toEqual(names(songs, 0, 1, 2, 3));

    q = (await playlists.play(em(), alice, { id: p.id, startSongId: songs[3]!.id, shuffle: true })).queue;
    expect(q.currentSong?.title).toBe(songs[3]!.title);
    expect(q.upcomingQueue.map((s) => s.title).sort()).toEqual([songs[0]!.title, songs[1]!.title, songs[2]!.title, 'Private take'].sort());
    const orders = new Set<string>();
    for (let i = 0; i < 8; i += 1) {
      const shuffledQueue = (await playlists.play(em(), alice, { id: p.id, shuffle: true })).queue;
      orders.add([shuffledQueue.currentSong?.id, ...shuffledQueue.upcomingQueue.map((s) => s.id)].join());
    }
    expect(orders.size).toBeGreaterThan(1);

    await queue.playSong(em(), alice, { id: songs[4]!.id });
    await queue.clearQueue(em(), alice);
    await queue.enqueue(em(), alice, { songId: songs[4]!.id });
    q = (await playlists.enqueue(em(), alice, { id: p.id, next: true })).queue;
    expect(q.upcomingQueue.map((s) => s.title)).toEqual([...names(songs, 0, 1), 'Private take', ...names(songs, 2, 3, 4)]);
    q = (await playlists.enqueue(em(), alice, { id: p.id })).queue;
    expect(q.upcomingQueue).toHaveLength(11);
    expect(q.currentSong?.title).toBe(songs[4]!.title);

    const empty = await playlists.create(em(), alice, { name: 'Nothing' });
    await expectAppError(playlists.play(em(), alice, { id: empty.id }), 'BAD_USER_INPUT', 'This playlist has no songs to play');
    await expectAppError(playlists.play(em(), alice, { id: p.id, startSongId: songs[4]!.id }), 'NOT_FOUND', 'That song is not in this playlist');
  });

  it('keeps positions dense and every edit applied under concurrent edits from two devices', async () => {
    const { user, songs } = await owner(12);
    const p = await playlists.create(em(), user, { name: 'Busy', songIds: ids(songs, 0, 1, 2, 3) });
    const phone = () =>
      songs.slice(4, 8).map((song, i) => playlists.addSongs(em(), user, { id: p.id, songIds: [song.id], position: i % 2 === 0 ? 0 : null }));
    const laptop = () => [
      playlists.moveSong(em(), user, { id: p.id, songId: songs[0]!.id, toPosition: 3 }),
      playlists.removeSongs(em(), user, { id: p.id, songIds: ids(songs, 1) }),
      playlists.addSongs(em(), user, { id: p.id, songIds: ids(songs, 8, 9, 10), position: 1 }),
      playlists.moveSong(em(), user, { id: p.id, songId: songs[3]!.id, toPosition: 0 }),
      playlists.rename(em(), user, { id: p.id, name: 'Still busy' }),
    ];
    await Promise.all([...phone(), ...laptop()]);
    const stored = await storedOrder(p.id);
    expect(stored.positions).toEqual(dense(10));
    expect([...stored.songIds].sort()).toEqual(ids(songs, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10).sort());
    const view = await playlists.get(em(), user, p.id);
    expect(view.entries.map((entry) => entry.song.id)).toEqual(stored.songIds);
    expect(view.name).toBe('Still busy');

    // Both devices add the same songs at once: each is in the list once.
    await Promise.all([0, 1, 2].map(() => playlists.addSongs(em(), user, { id: p.id, songIds: ids(songs, 11, 1) })));
    const after = await storedOrder(p.id);
    expect(after.positions).toEqual(dense(12));
    expect(new Set(after.songIds).size).toBe(12);
  });

  it('publishes a change event for each real change, and filters who hears it', async () => {
    const { user: alice, songs } = await owner();
    const { user: bob } = await owner(0);
    const alices = recordEvents<PlaylistChangedEvent>(pubsub, userTopic(Topics.playlistChanged, alice.id));
    const bobs = recordEvents<PlaylistChangedEvent>(pubsub, userTopic(Topics.playlistChanged, bob.id));
    const p = await playlists.create(em(), alice, { name: 'Live' });
    const watchers = recordEvents<PlaylistChangedEvent>(pubsub, playlistTopic(p.id));
    await playlists.addSongs(em(), alice, { id: p.id, songIds: ids(songs, 0) });
    await playlists.rename(em(), alice, { id: p.id, name: 'Live' });
    await playlists.removeSongs(em(), alice, { id: p.id, songIds: ids(songs, 1) });
    await playlists.setPublic(em(), alice, { id: p.id, isPublic: true });
    await playlists.delete(em(), alice, { id: p.id });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Routed by topic: the owner's and the playlist's own, never another user's.
    expect(bobs).toEqual([]);
    expect(watchers).toEqual(alices.slice(1)); // watching began after the create
    expect(alices).toEqual([
      { playlistId: Number(p.id), ownerId: alice.id, deleted: false, sharedWithOthers: false },
      { playlistId: Number(p.id), ownerId: alice.id, deleted: false, sharedWithOthers: false },
      { playlistId: Number(p.id), ownerId: alice.id, deleted: false, sharedWithOthers: true },
      { playlistId: Number(p.id), ownerId: alice.id, deleted: true, sharedWithOthers: true },
    ]);

    const privateEdit: PlaylistChangedEvent = { playlistId: Number(p.id), ownerId: alice.id, deleted: false, sharedWithOthers: false };
    const publicEdit = { ...privateEdit, sharedWithOthers: true };
    expect(receivesPlaylistChange(privateEdit, alice, null)).toBe(true);
    expect(receivesPlaylistChange(privateEdit, alice, p.id)).toBe(true);
    expect(receivesPlaylistChange(privateEdit, alice, '999')).toBe(false);
    expect(receivesPlaylistChange(privateEdit, bob, null)).toBe(false);
    expect(receivesPlaylistChange(privateEdit, bob, p.id)).toBe(false);
    expect(receivesPlaylistChange(publicEdit, bob, p.id)).toBe(true);
    expect(receivesPlaylistChange(publicEdit, bob, null)).toBe(false);
    expect(receivesPlaylistChange(publicEdit, null, p.id)).toBe(false);

    const live = await playlists.create(em(), alice, { name: 'Seen', isPublic: true, songIds: ids(songs, 0) });
    expect((await playlists.changeFor(em(), bob, { ...publicEdit, playlistId: Number(live.id) })).playlist?.songCount).toBe(1);
    await playlists.setPublic(em(), alice, { id: live.id, isPublic: false });
    expect(await playlists.changeFor(em(), bob, { ...publicEdit, playlistId: Number(live.id) })).toMatchObject({ playlistId: live.id, playlist: null });
  });
});
