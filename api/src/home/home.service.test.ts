import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { Song } from '../songs/song.entity.js';
import { User } from '../users/user.entity.js';
import { PlayHistory } from '../library/play-history.entity.js';
import { LikesService } from '../library/likes.service.js';
import { insertSong, insertUser } from '../library/test-fixtures.js';
import { FRESH_AFTER_PLAYS, HOME_ROW_SIZE, HomeService } from './home.service.js';
import type { HomeView } from './home.view.js';

describe.each(DATABASE_TARGETS)('home service on %s PostgreSQL', (target) => {
  let db: TestDatabase;
  const home = new HomeService();
  const likes = new LikesService();
  let userCount = 0;

  beforeAll(async () => {
    db = await createTestDatabase(target);
  });
  afterAll(async () => {
    await db.close();
  });

  const em = () => db.orm.em.fork() as EntityManager;
  const titles = (row: HomeView[keyof HomeView]) => row.map((song) => song.title);
  const newUser = () => insertUser(em(), `homer${(userCount += 1)}`);

  async function song(title: string, fields: { genre?: string; mood?: string; user?: User; isPublic?: boolean; likeCount?: number } = {}): Promise<Song> {
    const created = await insertSong(em(), { title, genre: fields.genre ?? null, user: fields.user ?? null, isPublic: fields.isPublic });
    await em().nativeUpdate(Song, { id: created.id }, { mood: fields.mood ?? null, likeCount: fields.likeCount ?? 0 });
    return created;
  }
  let clock = Date.now() - 30 * 86_400_000;
  /** Plays in order, a minute apart and after every earlier call's (the last one the most recent). */
  async function played(user: User, songs: Song[]): Promise<void> {
    const fork = em();
    for (const s of songs) fork.create(PlayHistory, { user: fork.getReference(User, user.id), music: fork.getReference(Song, s.id), playedAt: new Date((clock += 60_000)) });
    await fork.flush();
  }
  async function songs(count: number, title: string, fields: Parameters<typeof song>[1]): Promise<Song[]> {
    const made: Song[] = [];
    for (let i = 0; i < count; i += 1) made.push(await song(`${title} ${i}`, fields));
    return made;
  }

  it('is empty for a new user', async () => {
    const user = await newUser();
    await song('Someone else’s song', { genre: 'jazz' });
    expect(await home.home(em(), user)).toEqual({ recentlyPlayed: [], latestCreations: [], recentlyLiked: [], madeForYou: [] });
  });

  it('lists recent plays once each (latest play first), own songs newest first and likes newest first', async () => {
    const user = await newUser();
    const [a, b, c] = [await song('Play A'), await song('Play B'), await song('Play C')];
    await played(user, [a, b, a, c, b]);
    const first = await song('Made First', { user, isPublic: false });
    const second = await song('Made Second', { user });
    await em().nativeUpdate(Song, { id: first.id }, { createdAt: new Date(Date.now() - 60_000) });
    await likes.like(em(), user, { songId: c.id });
    await likes.like(em(), user, { songId: second.id });

    const rows = await home.home(em(), user);
    expect(titles(rows.recentlyPlayed)).toEqual(['Play B', 'Play C', 'Play A']);
    expect(titles(rows.latestCreations)).toEqual(['Made Second', 'Made First']);
    expect(titles(rows.recentlyLiked)).toEqual(['Made Second', 'Play C']);
    expect(rows.recentlyLiked.every((s) => s.isLiked)).toBe(true);
    expect(rows.recentlyPlayed.find((s) => s.title === 'Play C')?.isLiked).toBe(true);
  });

  it('leaves out songs that turned private for this user, and keeps each row to its size', async () => {
    const user = await newUser();
    const other = await newUser();
    const hidden = await song('Turned Private', { user: other });
    const many = await songs(HOME_ROW_SIZE + 3, 'Many', { user });
    await played(user, [hidden, ...many]);
    await likes.like(em(), user, { songId: hidden.id });
    await em().nativeUpdate(Song, { id: hidden.id }, { isPublic: false });
    const rows = await home.home(em(), user);
    for (const row of Object.values(rows)) {
      expect(titles(row)).not.toContain('Turned Private');
      expect(row.length).toBeLessThanOrEqual(HOME_ROW_SIZE);
    }
    expect(rows.recentlyPlayed).toHaveLength(HOME_ROW_SIZE);
    expect(rows.latestCreations).toHaveLength(HOME_ROW_SIZE);
    expect(rows.recentlyLiked).toEqual([]);
  });

  it("picks 'made for you' from the most played genres and moods, best fit first, leaving out what was played lately", async () => {
    const user = await newUser();
    const other = await newUser();
    const houseHappy = await song('House Happy', { genre: 'deep-house', mood: 'euphoric' });
    const houseSad = await song('House Sad', { genre: 'deep-house', mood: 'gloomy' });
    const jazzHappy = await song('Jazz Happy', { genre: 'bebop', mood: 'euphoric' });
    // Played four times house, twice euphoric, once bebop.
    await played(user, [houseHappy, houseSad, houseHappy, houseSad, jazzHappy]);

    await song('Pick House Euphoric', { genre: 'deep-house', mood: 'euphoric' });
    await song('Pick House Calm', { genre: 'deep-house', mood: 'calm', likeCount: 1 });
    await song('Pick House Calm Liked More', { genre: 'deep-house', mood: 'calm', likeCount: 5 });
    await song('Pick Bebop Gloomy', { genre: 'bebop', mood: 'gloomy' });
    await song('Pick Euphoric Only', { genre: 'polka', mood: 'euphoric' });
    await song('Not My Taste', { genre: 'polka', mood: 'calm' });
    await song('Others Private Pick', { genre: 'deep-house', mood: 'euphoric', user: other, isPublic: false });

    const picks = titles((await home.home(em(), user)).madeForYou);
    // Scores: house 4 + euphoric 3 = 7; house 4 (more likes first); euphoric 3 and bebop 1 + gloomy 2 = 3 (the newer first).
    expect(picks).toEqual(['Pick House Euphoric', 'Pick House Calm Liked More', 'Pick House Calm', 'Pick Euphoric Only', 'Pick Bebop Gloomy']);
    expect(picks).not.toContain('House Happy');
  });

  it(`lets a song played ${FRESH_AFTER_PLAYS} plays ago come back in 'made for you'`, async () => {
    const user = await newUser();
    const old = await song('Old Favourite', { genre: 'trip-hop', mood: 'moody' });
    const filler = await songs(FRESH_AFTER_PLAYS, 'Filler', { genre: 'trip-hop' });
    await played(user, [old]);
    expect(titles((await home.home(em(), user)).madeForYou)).not.toContain('Old Favourite');
    await played(user, filler);
    expect(titles((await home.home(em(), user)).madeForYou)).toContain('Old Favourite');
  });
});
