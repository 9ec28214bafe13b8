import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { createPubSub, Topics, userTopic, type AppPubSub } from '../pubsub/pubsub.js';
import { expectAppError } from '../test-support/app-errors.js';
import { recordEvents } from '../test-support/pubsub-events.js';
import { QueueService, REPEATED_AUTO_ADVANCE_WINDOW_MS } from '../library/queue.service.js';
import { insertSong, insertUser } from '../library/test-fixtures.js';
import type { QueueView } from '../library/queue.view.js';
import type { Song } from '../songs/song.entity.js';
import type { User } from '../users/user.entity.js';
import { PreferencesService, type PreferencesChangedEvent } from './preferences.service.js';

const titles = (q: QueueView) => ({ current: q.currentSong?.title ?? null, upcoming: q.upcomingQueue.map((s) => s.title) });

describe.each(DATABASE_TARGETS)('settings (preferences) and the queue modes on %s PostgreSQL', (target) => {
  let db: TestDatabase;
  let pubsub: AppPubSub;
  let queue: QueueService;
  let preferences: PreferencesService;
  let users = 0;

  beforeAll(async () => {
    db = await createTestDatabase(target);
    pubsub = createPubSub(null);
    queue = new QueueService(pubsub);
    preferences = new PreferencesService({ pubsub, queue });
  });
  afterAll(async () => {
    await pubsub.close();
    await db.close();
  });
  const em = () => db.orm.em.fork() as EntityManager;

  async function listener(songCount = 4): Promise<{ user: User; songs: Song[] }> {
    users += 1;
    const user = await insertUser(em(), `settings${users}`);
    const songs: Song[] = [];
    for (let i = 0; i < songCount; i += 1) songs.push(await insertSong(em(), { title: `${'ABCDEFGHIJ'[i]}${users}` }));
    return { user, songs };
  }
  /** As if the current song had played to its end long after the last move. */
  const songPlayed = (user: User) =>
    em().execute(`update "play_history" set "played_at" = now() - interval '${REPEATED_AUTO_ADVANCE_WINDOW_MS + 60_000} milliseconds' where "user_id" = ?`, [user.id]);

  it('answers SPEC 3 defaults before anything is saved, saves only what is given and pushes each change to the user', async () => {
    const { user } = await listener(0);
    const { user: other } = await listener(0);
    // Each user's events go to that user's topic only.
    const events = recordEvents<PreferencesChangedEvent>(pubsub, userTopic(Topics.preferencesChanged, user.id));
    const othersEvents = recordEvents<PreferencesChangedEvent>(pubsub, userTopic(Topics.preferencesChanged, other.id));
    expect(await preferences.get(em(), user)).toEqual({
      theme: 'dark', shuffleEnabled: false, repeatMode: 'none', crossfadeEnabled: true, crossfadeDuration: 5000, mixTightness: 3, preferredGenres: [], preferredMoods: [],
    });
    const saved = await preferences.update(em(), user, { theme: 'light', preferredGenres: ['Lo-Fi', 'jazz', 'jazz'], preferredMoods: ['calm'] });
    expect(saved).toMatchObject({ theme: 'light', repeatMode: 'none', preferredGenres: ['lo-fi', 'jazz'], preferredMoods: ['peaceful'] });
    await preferences.update(em(), user, { crossfadeDuration: 7500, repeatMode: 'all' });
    expect(await preferences.get(em(), user)).toMatchObject({ theme: 'light', crossfadeDuration: 7500, repeatMode: 'all', preferredGenres: ['lo-fi', 'jazz'] });
    expect(events.map((e) => [e.userId, e.preferences.theme])).toEqual([[user.id, 'light'], [user.id, 'light']]);
    expect(othersEvents).toEqual([]);
  });

  it.each([
    [{ theme: 'blue' }, 'Theme must be dark, light or system'],
    [{ repeatMode: 'twice' }, 'Repeat must be none, one or all'],
    [{ shuffleEnabled: 'yes' }, 'shuffleEnabled must be true or false'],
    [{ crossfadeDuration: 1250 }, 'crossfadeDuration must be a multiple of 500 ms'],
    [{ mixTightness: 6 }, 'mixTightness must be a whole number from 1 to 5'],
    [{ preferredGenres: ['polka-thrash'] }, 'Unknown genre: polka-thrash'],
    [{ preferredMoods: ['hangry'] }, 'Unknown mood: hangry'],
    [{ preferredMoods: Array.from({ length: 11 }, () => 'happy') }, 'At most 10 moods'],
  ])('refuses %j with a clear message and saves nothing', async (input, message) => {
    const { user } = await listener(0);
    await expectAppError(preferences.update(em(), user, input), 'BAD_USER_INPUT', message);
    expect((await preferences.get(em(), user)).theme).toBe('dark');
  });

  it('repeat one plays the ended song again; skipping still moves on', async () => {
    const { user, songs } = await listener(3);
    await queue.playSongs(em(), user, { songIds: songs.map((s) => s.id) });
    await preferences.update(em(), user, { repeatMode: 'one' });
    await songPlayed(user);
    const again = await queue.autoAdvance(em(), user, { finishedSongId: songs[0].id });
    expect(titles(again.queue)).toEqual({ current: songs[0].title, upcoming: [songs[1].title, songs[2].title] });
    expect(again.queue.playHistory[0]?.title).toBe(songs[0].title);
    expect(titles((await queue.nextSong(em(), user)).queue).current).toBe(songs[1].title);
  });

  it('repeat all sends each song that ends back to the end of the queue, so it plays round', async () => {
    const { user, songs } = await listener(3);
    await queue.playSongs(em(), user, { songIds: songs.map((s) => s.id) });
    await preferences.update(em(), user, { repeatMode: 'all' });
    const seen: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      await songPlayed(user);
      const { queue: q } = await queue.autoAdvance(em(), user, {});
      seen.push(q.currentSong!.title);
    }
    expect(seen).toEqual([songs[1].title, songs[2].title, songs[0].title, songs[1].title]);
    await preferences.update(em(), user, { repeatMode: 'none' });
    await songPlayed(user);
    const plain = (await queue.autoAdvance(em(), user, {})).queue;
    expect(titles(plain)).toEqual({ current: songs[2].title, upcoming: [songs[0].title] });
  });

  it('turning shuffle on shuffles the upcoming songs; songs added while it is on land among them', async () => {
    const { user, songs } = await listener(10);
    await queue.playSongs(em(), user, { songIds: songs.slice(0, 8).map((s) => s.id) });
    const ordered = songs.slice(1, 8).map((s) => s.title);
    let shuffledOrder: string[] = ordered;
    // Seven songs keep their order by chance once in 5040: a few tries make that vanishingly rare.
    for (let attempt = 0; attempt < 3 && shuffledOrder.join() === ordered.join(); attempt += 1) {
      await preferences.update(em(), user, { shuffleEnabled: false });
      await preferences.update(em(), user, { shuffleEnabled: true });
      shuffledOrder = titles(await queue.getQueue(em(), user)).upcoming;
    }
    expect(shuffledOrder).not.toEqual(ordered);
    expect([...shuffledOrder].sort()).toEqual([...ordered].sort());
    const added = await queue.enqueueSongs(em(), user, { songIds: [songs[8].id, songs[9].id] });
    expect([...titles(added.queue).upcoming].sort()).toEqual([...ordered, songs[8].title, songs[9].title].sort());
    // Playing a list with shuffle on keeps the chosen song first and shuffles the rest.
    const played = await queue.playSongs(em(), user, { songIds: songs.map((s) => s.id), startIndex: 0 });
    expect(played.queue.currentSong?.title).toBe(songs[0].title);
    expect([...titles(played.queue).upcoming].sort()).toEqual(songs.slice(1).map((s) => s.title).sort());
  });
});
