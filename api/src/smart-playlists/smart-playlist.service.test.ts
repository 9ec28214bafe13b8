import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { createPubSub, type AppPubSub } from '../pubsub/pubsub.js';
import { expectAppError } from '../test-support/app-errors.js';
import { Song } from '../songs/song.entity.js';
import type { User } from '../users/user.entity.js';
import { LikedSong } from '../library/liked-song.entity.js';
import { PlayHistory } from '../library/play-history.entity.js';
import { QueueService } from '../library/queue.service.js';
import { insertUser } from '../library/test-fixtures.js';
import { PlaylistService } from '../playlists/playlist.service.js';
import { SmartPlaylistService } from './smart-playlist.service.js';
import { RULE_FIELDS, RULE_OPERATORS, SORT_FIELDS, type SmartRules } from './smart-rules.js';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
/** 'YYYY-MM-DD' (UTC) of a day relative to today. */
const dayString = (days: number) => daysAgo(days).toISOString().slice(0, 10);

/**
 * Known rows. The caller ("me") sees s1, s2, s3 and s5 (title order: s3, s1, s2, s5); s4 is
 * another user's private song and must never appear.
 */
const SONGS = {
  s1: { title: 'Alpha Song', artist: 'Ann', genre: 'lo-fi', mood: 'chill', bpm: 80, musicalKey: 'C major', energy: 0.3, loudness: -16, duration: 120, likeCount: 5, isPublic: true, owner: 'me', createdAt: new Date('2026-01-10T12:00:00Z') },
  s2: { title: 'Beta_Beat', artist: 'Bob', genre: 'rock', mood: 'energetic', bpm: 140, musicalKey: 'E minor', energy: 0.9, loudness: -9, duration: 200, likeCount: 1, isPublic: true, owner: 'other', createdAt: new Date('2026-06-15T08:00:00Z') },
  s3: { title: '100% Pure', artist: null, genre: 'jazz', mood: 'peaceful', bpm: 90, musicalKey: 'A minor', energy: 0.5, loudness: -20, duration: 300, likeCount: 0, isPublic: false, owner: 'me', createdAt: daysAgo(2) },
  s4: { title: 'Hidden', artist: 'Ann', genre: 'rock', mood: 'chill', bpm: 100, musicalKey: 'C major', energy: 0.8, loudness: -10, duration: 100, likeCount: 9, isPublic: false, owner: 'other', createdAt: daysAgo(1) },
  s5: { title: "Gamma's Tune", artist: 'Cat', genre: 'Lo-Fi', mood: 'happy', bpm: 125, musicalKey: 'C major', energy: 0.75, loudness: -12, duration: 150, likeCount: 10, isPublic: true, owner: null, createdAt: new Date('2025-12-31T23:00:00Z') },
} as const;
type SongKey = keyof typeof SONGS;
const ALL: SongKey[] = ['s3', 's1', 's2', 's5'];

describe.each(DATABASE_TARGETS)('smart playlists on %s PostgreSQL', (target) => {
  let db: TestDatabase;
  let pubsub: AppPubSub;
  let smart: SmartPlaylistService;
  let me: User;
  let other: User;
  const playlistIds = { mine: '', othersPublic: '', othersPrivate: '' };
  const em = () => db.orm.em.fork() as EntityManager;

  beforeAll(async () => {
    db = await createTestDatabase(target);
    pubsub = createPubSub(null);
    const queue = new QueueService(pubsub);
    smart = new SmartPlaylistService(queue);
    me = await insertUser(em(), 'me');
    other = await insertUser(em(), 'other');
    const owners = { me, other, null: null };
    const setup = em();
    for (const [id, { owner, createdAt, ...fields }] of Object.entries(SONGS)) {
      setup.create(Song, { id, ...fields, user: owners[owner ?? 'null'], audioUrl: `/media/songs/${id}.mp3`, settings: null });
    }
    await setup.flush();
    // Timestamps set after the insert: the ORM stamps createdAt itself on create.
    for (const [id, { createdAt }] of Object.entries(SONGS)) await em().nativeUpdate(Song, { id }, { createdAt });
    const plays: Array<[User, SongKey, Date]> = [
      [me, 's1', new Date('2026-03-01T10:00:00Z')],
      [me, 's1', new Date('2026-03-02T10:00:00Z')],
      [me, 's1', daysAgo(1)],
      [me, 's2', new Date('2026-01-01T09:00:00Z')],
      // Another listener's plays and likes are theirs: they must not count for me.
      ...Array.from({ length: 5 }, (): [User, SongKey, Date] => [other, 's5', daysAgo(1)]),
    ];
    const writes = em();
    for (const [user, song, playedAt] of plays) writes.create(PlayHistory, { user, music: song, playedAt });
    await writes.flush();
    const likes: Array<[User, SongKey, Date]> = [
      [me, 's1', daysAgo(5)],
      [me, 's2', daysAgo(60)],
      [other, 's5', daysAgo(1)],
    ];
    for (const [user, song, at] of likes) {
      const liking = em();
      const like = liking.create(LikedSong, { user, music: song });
      await liking.flush();
      await em().nativeUpdate(LikedSong, { id: like.id }, { createdAt: at });
    }
    const playlists = new PlaylistService(pubsub, queue);
    playlistIds.mine = (await playlists.create(em(), me, { name: 'Mine', songIds: ['s3', 's1'] })).id;
    playlistIds.othersPublic = (await playlists.create(em(), other, { name: 'Shared', isPublic: true, songIds: ['s5', 's4'] })).id;
    playlistIds.othersPrivate = (await playlists.create(em(), other, { name: 'Secret', songIds: ['s1'] })).id;
  });
  afterAll(async () => {
    await pubsub.close();
    await db.close();
  });

  async function run(rules: unknown, first?: number) {
    const { songs, count } = await smart.preview(em(), me, { rules, first });
    return { keys: songs.map((song) => song.id), count };
  }
  const matching = async (field: string, operator: string, value: unknown) => (await run({ all: [{ field, operator, value }] })).keys;

  // [field, operator, value, songs in title order]
  const CASES: Array<[string, string, unknown, SongKey[]]> = [
    ['title', 'is', 'alpha song', ['s1']],
    ['title', 'isNot', 'Alpha Song', ['s3', 's2', 's5']],
    ['title', 'contains', '%', ['s3']],
    ['title', 'contains', '_', ['s2']],
    ['title', 'contains', "'s", ['s5']],
    ['title', 'notContains', 'a', ['s3']],
    ['title', 'startsWith', 'be', ['s2']],
    ['title', 'endsWith', 'TUNE', ['s5']],
    ['title', 'is', 'Hidden', []],
    ['artist', 'is', 'ann', ['s1']],
    ['artist', 'isNot', 'Ann', ['s3', 's2', 's5']],
    ['artist', 'contains', 'o', ['s2']],
    ['artist', 'notContains', 'n', ['s3', 's2', 's5']],
    ['artist', 'startsWith', 'c', ['s5']],
    ['artist', 'endsWith', 'b', ['s2']],
    ['genre', 'is', 'lo-fi', ['s1', 's5']],
    ['genre', 'isNot', 'rock', ['s3', 's1', 's5']],
    ['genre', 'contains', 'Z', ['s3']],
    ['genre', 'notContains', 'o', ['s3']],
    ['genre', 'startsWith', 'lo', ['s1', 's5']],
    ['genre', 'endsWith', 'ck', ['s2']],
    ['mood', 'is', 'Peaceful', ['s3']],
    ['mood', 'isNot', 'chill', ['s3', 's2', 's5']],
    ['mood', 'contains', 'e', ['s3', 's2']],
    ['mood', 'notContains', 'e', ['s1', 's5']],
    ['mood', 'startsWith', 'ha', ['s5']],
    ['mood', 'endsWith', 'ill', ['s1']],
    ['key', 'is', 'c major', ['s1', 's5']],
    ['key', 'isNot', 'C major', ['s3', 's2']],
    ['key', 'contains', 'min', ['s3', 's2']],
    ['key', 'notContains', 'min', ['s1', 's5']],
    ['key', 'startsWith', 'A', ['s3']],
    ['key', 'endsWith', 'minor', ['s3', 's2']],
    ['bpm', 'is', 90, ['s3']],
    ['bpm', 'isNot', 90, ['s1', 's2', 's5']],
    ['bpm', 'gt', 100, ['s2', 's5']],
    ['bpm', 'lt', 90, ['s1']],
    ['bpm', 'inTheRange', [80, 90], ['s3', 's1']],
    ['energy', 'is', 0.75, ['s5']],
    ['energy', 'isNot', 0.75, ['s3', 's1', 's2']],
    ['energy', 'gt', 0.7, ['s2', 's5']],
    ['energy', 'lt', 0.4, ['s1']],
    ['energy', 'inTheRange', [0.4, 0.8], ['s3', 's5']],
    ['loudness', 'is', -16, ['s1']],
    ['loudness', 'isNot', -16, ['s3', 's2', 's5']],
    ['loudness', 'gt', -13, ['s2', 's5']],
    ['loudness', 'lt', -15, ['s3', 's1']],
    ['loudness', 'inTheRange', [-16, -12], ['s1', 's5']],
    ['duration', 'is', 150, ['s5']],
    ['duration', 'isNot', 150, ['s3', 's1', 's2']],
    ['duration', 'gt', 180, ['s3', 's2']],
    ['duration', 'lt', 130, ['s1']],
    ['duration', 'inTheRange', [150, 200], ['s2', 's5']],
    ['playCount', 'is', 0, ['s3', 's5']],
    ['playCount', 'isNot', 0, ['s1', 's2']],
    ['playCount', 'gt', 1, ['s1']],
    ['playCount', 'lt', 2, ['s3', 's2', 's5']],
    ['playCount', 'inTheRange', [1, 1], ['s2']],
    ['likeCount', 'is', 0, ['s3']],
    ['likeCount', 'isNot', 0, ['s1', 's2', 's5']],
    ['likeCount', 'gt', 4, ['s1', 's5']],
    ['likeCount', 'lt', 2, ['s3', 's2']],
    ['likeCount', 'inTheRange', [1, 5], ['s1', 's2']],
    ['createdAt', 'is', '2026-01-10', ['s1']],
    ['createdAt', 'before', '2026-01-01', ['s5']],
    ['createdAt', 'after', '2026-06-14', ['s3', 's2']],
    ['createdAt', 'after', '2026-06-15', ['s3']],
    ['createdAt', 'inTheRange', ['2026-01-01', '2026-06-15'], ['s1', 's2']],
    ['createdAt', 'inTheLast', 7, ['s3']],
    ['createdAt', 'notInTheLast', 7, ['s1', 's2', 's5']],
    ['lastPlayed', 'is', '2026-01-01', ['s2']],
    ['lastPlayed', 'before', '2026-02-01', ['s2']],
    ['lastPlayed', 'after', '2026-02-01', ['s1']],
    ['lastPlayed', 'inTheRange', ['2025-12-01', '2026-01-31'], ['s2']],
    ['lastPlayed', 'inTheLast', 7, ['s1']],
    ['lastPlayed', 'notInTheLast', 7, ['s3', 's2', 's5']],
    ['liked', 'is', true, ['s1', 's2']],
    ['liked', 'is', false, ['s3', 's5']],
    ['liked', 'isNot', true, ['s3', 's5']],
    ['liked', 'inTheLast', 30, ['s1']],
    ['liked', 'notInTheLast', 30, ['s3', 's2', 's5']],
    ['liked', 'before', dayString(30), ['s2']],
    ['liked', 'after', dayString(30), ['s1']],
    ['mySong', 'is', true, ['s3', 's1']],
    ['mySong', 'isNot', true, ['s2', 's5']],
    ['public', 'is', false, ['s3']],
    ['public', 'isNot', false, ['s1', 's2', 's5']],
  ];

  it.each(CASES)('%s %s %j', async (field, operator, value, expected) => {
    expect(await matching(field, operator, value)).toEqual(expected);
  });

  it('covers every field and every operator', () => {
    const playlistOps = ['inPlaylist', 'notInPlaylist'];
    expect(new Set([...CASES.map(([field]) => field), 'inPlaylist'])).toEqual(new Set(RULE_FIELDS));
    expect(new Set([...CASES.map(([, operator]) => operator), ...playlistOps])).toEqual(new Set(RULE_OPERATORS));
  });

  it('inPlaylist / notInPlaylist: own and public playlists; another user\'s private playlist counts as empty', async () => {
    expect(await matching('inPlaylist', 'inPlaylist', playlistIds.mine)).toEqual(['s3', 's1']);
    expect(await matching('inPlaylist', 'notInPlaylist', playlistIds.mine)).toEqual(['s2', 's5']);
    // The public playlist also holds s4, which is private to its owner.
    expect(await matching('inPlaylist', 'inPlaylist', playlistIds.othersPublic)).toEqual(['s5']);
    expect(await matching('inPlaylist', 'inPlaylist', playlistIds.othersPrivate)).toEqual([]);
    expect(await matching('inPlaylist', 'notInPlaylist', playlistIds.othersPrivate)).toEqual(ALL);
    expect(await matching('inPlaylist', 'inPlaylist', '999999')).toEqual([]);
  });

  it('nests all / any groups', async () => {
    expect((await run({ all: [{ field: 'genre', operator: 'is', value: 'lo-fi' }, { any: [{ field: 'bpm', operator: 'gt', value: 100 }, { field: 'mood', operator: 'is', value: 'chill' }] }] })).keys).toEqual(['s1', 's5']);
    expect(
      (await run({ all: [{ any: [{ field: 'mood', operator: 'is', value: 'chill' }, { field: 'mood', operator: 'is', value: 'peaceful' }] }, { any: [{ field: 'bpm', operator: 'lt', value: 85 }, { field: 'energy', operator: 'gt', value: 0.4 }] }] })).keys,
    ).toEqual(['s3', 's1']);
    const threeDeep = {
      any: [
        { all: [{ field: 'genre', operator: 'is', value: 'rock' }, { field: 'bpm', operator: 'gt', value: 130 }] },
        { all: [{ field: 'genre', operator: 'is', value: 'jazz' }, { any: [{ field: 'public', operator: 'is', value: false }, { field: 'title', operator: 'is', value: 'nothing' }] }] },
      ],
    };
    expect((await run(threeDeep)).keys).toEqual(['s3', 's2']);
    // An empty group sets no condition, "all" or "any".
    expect((await run({ any: [] })).keys).toEqual(ALL);
    expect((await run({ all: [{ any: [] }, { field: 'mySong', operator: 'is', value: true }] })).keys).toEqual(['s3', 's1']);
  });

  // [field, ascending order]; descending is the reverse except where noted (ties by id, nulls last).
  const SORTS: Array<[string, SongKey[], SongKey[]]> = [
    ['title', ['s3', 's1', 's2', 's5'], ['s5', 's2', 's1', 's3']],
    ['artist', ['s1', 's2', 's5', 's3'], ['s5', 's2', 's1', 's3']],
    ['genre', ['s3', 's1', 's5', 's2'], ['s2', 's1', 's5', 's3']],
    ['mood', ['s1', 's2', 's5', 's3'], ['s3', 's5', 's2', 's1']],
    ['bpm', ['s1', 's3', 's5', 's2'], ['s2', 's5', 's3', 's1']],
    ['key', ['s3', 's1', 's5', 's2'], ['s2', 's1', 's5', 's3']],
    ['energy', ['s1', 's3', 's5', 's2'], ['s2', 's5', 's3', 's1']],
    ['loudness', ['s3', 's1', 's5', 's2'], ['s2', 's5', 's1', 's3']],
    ['duration', ['s1', 's5', 's2', 's3'], ['s3', 's2', 's5', 's1']],
    ['createdAt', ['s5', 's1', 's2', 's3'], ['s3', 's2', 's1', 's5']],
    ['playCount', ['s3', 's5', 's2', 's1'], ['s1', 's2', 's3', 's5']],
    ['lastPlayed', ['s2', 's1', 's3', 's5'], ['s1', 's2', 's3', 's5']],
    ['liked', ['s2', 's1', 's3', 's5'], ['s1', 's2', 's3', 's5']],
    ['likeCount', ['s3', 's2', 's1', 's5'], ['s5', 's1', 's2', 's3']],
    ['mySong', ['s2', 's5', 's1', 's3'], ['s1', 's3', 's2', 's5']],
    ['public', ['s3', 's1', 's2', 's5'], ['s1', 's2', 's5', 's3']],
  ];

  it.each(SORTS)('sorts on %s', async (field, ascending, descending) => {
    expect((await run({ all: [], sort: [{ field, order: 'asc' }] })).keys).toEqual(ascending);
    expect((await run({ all: [], sort: [{ field, order: 'desc' }] })).keys).toEqual(descending);
  });

  it('has a sort case for every sortable field, sorts on several fields, and at random', async () => {
    expect(SORTS.map(([field]) => field).sort()).toEqual([...SORT_FIELDS].sort());
    expect((await run({ all: [], sort: [{ field: 'genre', order: 'asc' }, { field: 'bpm', order: 'desc' }] })).keys).toEqual(['s3', 's5', 's1', 's2']);
    expect((await run({ all: [], sort: [{ field: 'mySong', order: 'desc' }, { field: 'title', order: 'desc' }] })).keys).toEqual(['s1', 's3', 's5', 's2']);
    const orders = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      const { keys, count } = await run({ all: [], sort: 'random' });
      expect([...keys].sort()).toEqual([...ALL].sort());
      expect(count).toBe(4);
      orders.add(keys.join());
    }
    // 12 draws of 24 equally likely orders all alike: about 1 in 10^16.
    expect(orders.size).toBeGreaterThan(1);
  });

  it('limits the playlist, counts every match, and previews the first songs', async () => {
    expect(await run({ all: [] })).toEqual({ keys: ALL, count: 4 });
    expect(await run({ all: [], sort: [{ field: 'bpm', order: 'asc' }], limit: 2 })).toEqual({ keys: ['s1', 's3'], count: 2 });
    expect(await run({ all: [], sort: [{ field: 'bpm', order: 'asc' }], limit: 3 }, 1)).toEqual({ keys: ['s1'], count: 3 });
    expect(await run({ all: [], limit: 100 }, 2)).toEqual({ keys: ['s3', 's1'], count: 4 });
    expect(await run({ all: [{ field: 'title', operator: 'is', value: 'none' }], limit: 5 })).toEqual({ keys: [], count: 0 });
  });

  it('binds every value: injection attempts match literally or are refused, and the tables stay', async () => {
    const hostile = ["x' or '1'='1", "'); drop table songs; --", '\\', '%_%', "$1 ' \" ; --", '" or 1=1 --'];
    for (const value of hostile) {
      for (const field of ['title', 'artist', 'genre', 'mood', 'key']) {
        for (const operator of ['is', 'contains', 'startsWith', 'endsWith']) expect(await matching(field, operator, value)).toEqual([]);
        for (const operator of ['isNot', 'notContains']) expect(await matching(field, operator, value)).toEqual(ALL);
      }
      // Values of other kinds must have their kind: text there never reaches SQL.
      for (const [field, operator] of [['bpm', 'gt'], ['energy', 'inTheRange'], ['createdAt', 'before'], ['lastPlayed', 'inTheLast'], ['liked', 'is'], ['public', 'isNot'], ['inPlaylist', 'inPlaylist']]) {
        await expectAppError(run({ all: [{ field, operator, value }] }), 'BAD_USER_INPUT');
      }
      await expectAppError(run({ all: [{ field: 'createdAt', operator: 'inTheRange', value: [value, '2026-01-01'] }] }), 'BAD_USER_INPUT');
      await expectAppError(run({ all: [{ field: value, operator: 'is', value: 'x' }] }), 'BAD_USER_INPUT', 'unknown field');
      await expectAppError(run({ all: [{ field: 'title', operator: value, value: 'x' }] }), 'BAD_USER_INPUT', 'cannot use the operator');
      await expectAppError(run({ all: [], sort: [{ field: value, order: 'asc' }] }), 'BAD_USER_INPUT', 'unknown field');
      await expectAppError(run({ all: [], sort: [{ field: 'title', order: value }] }), 'BAD_USER_INPUT', 'order must be');
      await expectAppError(run({ all: [], limit: value }), 'BAD_USER_INPUT', 'limit must be');
      await expectAppError(run({ all: [], [value]: [] }), 'BAD_USER_INPUT', 'unknown key');
    }
    expect(await em().count(Song, {})).toBe(5);
    // A title that is exactly the hostile text is found by it, and only it.
    await em().nativeUpdate(Song, { id: 's3' }, { title: "'); drop table songs; --" });
    expect(await matching('title', 'is', "'); drop table songs; --")).toEqual(['s3']);
    expect(await matching('title', 'contains', 'drop table')).toEqual(['s3']);
    await em().nativeUpdate(Song, { id: 's3' }, { title: SONGS.s3.title });
  });

  it('refuses malformed rules with a message naming the problem', async () => {
    const refused: Array<[unknown, string]> = [
      [null, 'Rules must be an object'],
      [{}, 'exactly one of "all" or "any"'],
      [{ all: [], any: [] }, 'exactly one of "all" or "any"'],
      [{ all: 'x' }, 'must be a list'],
      [{ all: [{ field: 'bpm', operator: 'contains', value: 'x' }] }, 'bpm cannot use the operator "contains"'],
      [{ all: [{ field: 'bpm', operator: 'inTheRange', value: [9, 1] }] }, 'from the lower to the higher'],
      [{ all: [{ field: 'createdAt', operator: 'is', value: '2026-02-30' }] }, 'needs a date'],
      [{ all: [{ field: 'createdAt', operator: 'inTheLast', value: 0 }] }, 'whole number of days'],
      [{ all: [{ field: 'title', operator: 'is', value: 'x'.repeat(201) }] }, 'at most 200 characters'],
      [{ all: [{ field: 'title', operator: 'is', value: 'a\0b' }] }, 'NUL'],
      [{ all: Array.from({ length: 51 }, () => ({ field: 'bpm', operator: 'gt', value: 1 })) }, 'At most 50 conditions'],
      [{ all: [{ all: [{ all: [{ all: [{ all: [{ all: [] }] }] }] }] }] }, 'at most 5 deep'],
      [{ all: [], sort: 'sideways' }, 'sort must be'],
      [{ all: [], sort: [{ field: 'inPlaylist', order: 'asc' }] }, 'unknown field'],
      [{ all: [], limit: 0 }, 'limit must be'],
      [{ all: [], limit: 5001 }, 'limit must be'],
    ];
    for (const [rules, message] of refused) await expectAppError(run(rules), 'BAD_USER_INPUT', message);
    await expectAppError(smart.preview(em(), me, { rules: { all: [] }, first: 0 }), 'BAD_USER_INPUT', 'first must be at least 1');
  });

  it('offers presets that find what their names say', async () => {
    const presets = Object.fromEntries(smart.presets().map((preset) => [preset.name, preset.rules]));
    expect(Object.keys(presets)).toEqual(['Recently added', 'Most played', 'Liked this month', 'Never played', 'High energy', 'Calm evening']);
    expect((await run(presets['Recently added'])).keys).toEqual(['s3']);
    expect((await run(presets['Most played'])).keys).toEqual(['s1', 's2']);
    expect((await run(presets['Liked this month'])).keys).toEqual(['s1']);
    expect((await run(presets['Never played'])).keys.sort()).toEqual(['s3', 's5']);
    expect((await run(presets['High energy'])).keys).toEqual(['s2', 's5']);
    expect((await run(presets['Calm evening'])).keys).toEqual(['s1', 's3']);
  });

  it('stores smart playlists per user: create, list, update, delete; others are told they do not exist', async () => {
    const rules: SmartRules = { all: [{ field: 'mySong', operator: 'is', value: true }], sort: [{ field: 'bpm', order: 'desc' }] };
    const created = await smart.create(em(), me, { name: '  Mine only ', rules });
    expect(created).toMatchObject({ name: 'Mine only', rules });
    expect((await smart.mine(em(), me)).map((p) => p.name)).toEqual(['Mine only']);
    expect(await smart.mine(em(), other)).toEqual([]);
    await expectAppError(smart.get(em(), other, created.id), 'NOT_FOUND', 'Smart playlist not found');
    await expectAppError(smart.update(em(), other, { id: created.id, name: 'Taken' }), 'NOT_FOUND');
    await expectAppError(smart.delete(em(), other, { id: created.id }), 'NOT_FOUND');
    await expectAppError(smart.play(em(), other, { id: created.id }), 'NOT_FOUND');
    await expectAppError(smart.get(em(), me, "1; drop table smart_playlists"), 'NOT_FOUND');
    await expectAppError(smart.create(em(), me, { name: ' ', rules }), 'BAD_USER_INPUT', 'Name is required');
    await expectAppError(smart.create(em(), me, { name: 'Bad', rules: { all: [{ field: 'nope' }] } }), 'BAD_USER_INPUT', 'unknown field');

    const renamed = await smart.update(em(), me, { id: created.id, name: 'Renamed' });
    expect(renamed).toMatchObject({ name: 'Renamed', rules });
    const reruled = await smart.update(em(), me, { id: created.id, rules: { any: [{ field: 'genre', operator: 'is', value: 'jazz' }] } });
    expect(reruled).toMatchObject({ name: 'Renamed', rules: { any: [{ field: 'genre', operator: 'is', value: 'jazz' }] } });
    expect(await smart.get(em(), me, created.id)).toMatchObject({ name: 'Renamed' });

    expect(await smart.delete(em(), me, { id: created.id })).toBe(created.id);
    await expectAppError(smart.get(em(), me, created.id), 'NOT_FOUND');
  });

  it('plays a smart playlist through the queue (replacing it), in order or shuffled', async () => {
    const playlist = await smart.create(em(), me, { name: 'By tempo', rules: { all: [], sort: [{ field: 'bpm', order: 'asc' }], limit: 3 } });
    const { queue } = await smart.play(em(), me, { id: playlist.id });
    expect([queue.currentSong?.id, ...queue.upcomingQueue.map((song) => song.id)]).toEqual(['s1', 's3', 's5']);
    const shuffledQueue = (await smart.play(em(), me, { id: playlist.id, shuffle: true })).queue;
    expect([shuffledQueue.currentSong?.id, ...shuffledQueue.upcomingQueue.map((song) => song.id)].sort()).toEqual(['s1', 's3', 's5']);
    const empty = await smart.create(em(), me, { name: 'Nothing', rules: { all: [{ field: 'title', operator: 'is', value: 'no such song' }] } });
    await expectAppError(smart.play(em(), me, { id: empty.id }), 'BAD_USER_INPUT', 'No songs match');
  });
});
