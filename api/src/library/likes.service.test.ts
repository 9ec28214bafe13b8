import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { AppError } from '../common/errors.js';
import { Song } from '../songs/song.entity.js';
import { LikedSong } from './liked-song.entity.js';
import { LikesService } from './likes.service.js';
import { insertSong, insertUser } from './test-fixtures.js';

describe.each(DATABASE_TARGETS)('likes service on %s PostgreSQL', (target) => {
  let db: TestDatabase;
  const likes = new LikesService();
  beforeAll(async () => {
    db = await createTestDatabase(target);
  });
  afterAll(async () => {
    await db.close();
  });
  const em = () => db.orm.em.fork() as EntityManager;
  const likeCount = async (song: Song) => (await em().findOneOrFail(Song, { id: song.id })).likeCount;

  it('likes once however often the user clicks, and unlikes the same way', async () => {
    const user = await insertUser(em(), 'clicker');
    const song = await insertSong(em(), { title: 'Catchy' });
    expect(await likes.isLiked(em(), user, { songId: song.id })).toBe(false);
    const liked = await likes.like(em(), user, { songId: song.id });
    expect(liked).toMatchObject({ id: song.id, isLiked: true, likeCount: 1 });
    expect((await likes.like(em(), user, { songId: song.id })).likeCount).toBe(1);
    expect(await likes.isLiked(em(), user, { songId: song.id })).toBe(true);
    expect(await em().count(LikedSong, { music: song.id })).toBe(1);
    expect(await likes.unlike(em(), user, { songId: song.id })).toMatchObject({ isLiked: false, likeCount: 0 });
    expect((await likes.unlike(em(), user, { songId: song.id })).likeCount).toBe(0);
    expect(await likeCount(song)).toBe(0);
  });

  it('keeps likeCount exact under concurrent likes from many users and double clicks', async () => {
    const song = await insertSong(em(), { title: 'Viral' });
    const users = await Promise.all(Array.from({ length: 12 }, (_, i) => insertUser(em(), `fan${i}`)));
    await Promise.all(users.flatMap((user) => [likes.like(em(), user, { songId: song.id }), likes.like(em(), user, { songId: song.id })]));
    expect(await likeCount(song)).toBe(12);
    await Promise.all(users.slice(0, 5).flatMap((user) => [likes.unlike(em(), user, { songId: song.id }), likes.unlike(em(), user, { songId: song.id })]));
    expect(await likeCount(song)).toBe(7);
    expect(await em().count(LikedSong, { music: song.id })).toBe(7);
  });

  it("lists liked songs newest like first and hides others' private songs", async () => {
    const user = await insertUser(em(), 'collector');
    const other = await insertUser(em(), 'owner');
    const first = await insertSong(em(), { title: 'First' });
    const second = await insertSong(em(), { title: 'Second' });
    const secret = await insertSong(em(), { title: 'Secret', isPublic: false, user: other });
    await likes.like(em(), user, { songId: first.id });
    await likes.like(em(), user, { songId: second.id });
    expect((await likes.likedSongs(em(), user)).map((s) => [s.title, s.isLiked])).toEqual([
      ['Second', true],
      ['First', true],
    ]);
    const forbiddenCalls = [() => likes.like(em(), user, { songId: secret.id }), () => likes.isLiked(em(), user, { songId: secret.id }), () => likes.unlike(em(), user, { songId: 'missing' })];
    for (const call of forbiddenCalls) {
      await expect(call()).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === 'NOT_FOUND');
    }
    // The owner made a liked song private: it drops out of the other user's list.
    await likes.like(em(), other, { songId: secret.id });
    const shared = await insertSong(em(), { title: 'Shared', user: other });
    await likes.like(em(), user, { songId: shared.id });
    await em().nativeUpdate(Song, { id: shared.id }, { isPublic: false });
    expect((await likes.likedSongs(em(), user)).map((s) => s.title)).toEqual(['Second', 'First']);
    expect((await likes.likedSongs(em(), other)).map((s) => s.title)).toEqual(['Secret']);
  });
});
