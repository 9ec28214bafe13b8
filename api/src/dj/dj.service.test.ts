/**
 * The DJ on both databases: DJ mode takes over the queue with a planned set, pin / remove / move /
 * regenerate, a quick skip as a dislike, re-planning when Mood & Time changes, playing something
 * else or leaving Mixer Mode ends it, canAccessDJ on every operation, and the voice (eSpeak NG).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { expectAppError } from '../test-support/app-errors.js';
import { User } from '../users/user.entity.js';
import { Song } from '../songs/song.entity.js';
import { UserPreferences } from '../users/user-preferences.entity.js';
import { insertUser } from '../library/test-fixtures.js';
import { QueueService } from '../library/queue.service.js';
import { SchedulesService } from '../schedules/schedules.service.js';
import { camelotOf, keysCompatible, temposCompatible } from '../radio/camelot.js';
import { DjSession } from './dj-session.entity.js';
import { DjService, QUICK_SKIP_SECONDS, type DjSet } from './dj.service.js';
import { DjVoice, VOICE_UNAVAILABLE_MESSAGE } from './voice.js';
import { LocalMediaStorage } from '../storage/local-storage.js';

const MINOR_KEYS = ['A', 'E', 'B', 'F#', 'C#', 'G#', 'D#', 'A#', 'F', 'C', 'G', 'D'].map((tonic) => `${tonic} minor`);
const espeakInstalled = new DjVoice(new LocalMediaStorage('/nonexistent')).available;

describe.each(DATABASE_TARGETS)('the DJ on %s PostgreSQL', (target) => {
  let t: TestApp;
  let users = 0;
  beforeAll(async () => {
    t = await startTestApp({ target, config: { workerConcurrency: 0, demoCatalogue: false } });
  });
  afterAll(async () => {
    await t?.close();
  });
  const em = () => t.app.database.orm.em.fork() as EntityManager;
  const dj = () => t.app.services.dj;

  async function newUser(fields: Partial<Pick<User, 'userTier' | 'canAccessDJ'>> = { userTier: 'basic' }): Promise<User> {
    const user = await insertUser(em(), `dj${(users += 1)}${target}`);
    await em().nativeUpdate(User, { id: user.id }, fields);
    return em().findOneOrFail(User, { id: user.id });
  }

  /** A private catalogue for `owner`: every minor key at several energies, 120 BPM, 120 s each. */
  async function addLibrary(owner: User, count = 36): Promise<Song[]> {
    const setup = em();
    const songs = Array.from({ length: count }, (_, i) => {
      const id = randomUUID();
      return setup.create(Song, {
        id,
        title: `Song ${i}`,
        genre: i % 2 ? 'house' : 'techno',
        mood: null,
        bpm: 120,
        musicalKey: MINOR_KEYS[i % 12],
        energy: (Math.floor(i / 12) + 0.5) / Math.ceil(count / 12),
        loudness: -18,
        duration: 120,
        audioUrl: `/media/songs/${id}.mp3`,
        isPublic: false,
        user: setup.getReference(User, owner.id),
        settings: null,
      });
    });
    await setup.flush();
    return songs;
  }

  const order = (set: DjSet) => [...(set.current ? [set.current] : []), ...set.upcoming];

  it('takes over the queue with a set whose every transition mixes, and ends when something else plays', async () => {
    const user = await newUser();
    await addLibrary(user);
    const outcome = await dj().start(em(), user, { timezone: 'Europe/Berlin' });
    expect(outcome.queue.djActive).toBe(true);
    expect(outcome.queue.currentSong).not.toBeNull();
    expect((await em().findOneOrFail(UserPreferences, { user: user.id })).djModeEnabled).toBe(true);

    const set = await dj().getSet(em(), user, {});
    expect(set.active).toBe(true);
    expect(set.upcoming.length).toBeGreaterThanOrEqual(20);
    const songs = order(set).map((e) => e.song);
    expect(new Set(songs.map((s) => s.id)).size).toBe(songs.length);
    songs.slice(1).forEach((song, i) => {
      expect(keysCompatible(camelotOf(songs[i].musicalKey), camelotOf(song.musicalKey)), `${songs[i].musicalKey} -> ${song.musicalKey}`).toBe(true);
      expect(temposCompatible(songs[i].bpm, song.bpm)).toBe(true);
    });
    expect(set.compatibleShare).toBe(1);
    expect(set.upcoming.every((e) => e.planned && e.camelot && e.transition !== null) || set.upcoming.at(-1)!.transition === null).toBe(true);
    expect(set.upcoming[0].transition).toMatchObject({ kind: 'beat-matched', seconds: 5, harmonic: true, tempo: true });
    expect(set.targetCurve[0]).toMatchObject({ minutes: 0 });
    expect(set.targetCurve.at(-1)!.minutes).toBe(60);

    // Advancing keeps the set topped up and planned.
    const advanced = await t.app.services.queue.autoAdvance(em(), user, {});
    expect(advanced.queue.djActive).toBe(true);
    expect(advanced.queue.upcomingQueue.length).toBeGreaterThanOrEqual(20);

    const other = await t.app.services.queue.playSong(em(), user, { id: set.upcoming[5].song.id });
    expect(other.queue.djActive).toBe(false);
  });

  it('pins, removes, moves and regenerates: pinned songs keep their places', async () => {
    const user = await newUser();
    await addLibrary(user);
    await dj().start(em(), user, {});
    let set = await dj().getSet(em(), user, {});
    const pinned = set.upcoming[2].song.id;
    await dj().pin(em(), user, { songId: pinned, pinned: true });
    await dj().regenerate(em(), user);
    set = await dj().getSet(em(), user, {});
    expect(set.upcoming[2].song.id).toBe(pinned);
    expect(set.upcoming[2].pinned).toBe(true);

    const removed = set.upcoming[4].song.id;
    await dj().remove(em(), user, { songId: removed });
    set = await dj().getSet(em(), user, {});
    expect(set.upcoming.map((e) => e.song.id)).not.toContain(removed);
    expect(set.upcoming[2].song.id).toBe(pinned);

    const moved = set.upcoming[6].song.id;
    await dj().move(em(), user, { songId: moved, toIndex: 0 });
    set = await dj().getSet(em(), user, {});
    expect(set.upcoming[0]).toMatchObject({ song: { id: moved }, pinned: true });

    await expectAppError(dj().pin(em(), user, { songId: randomUUID(), pinned: true }), 'NOT_FOUND', 'not in the DJ set');
    await expectAppError(dj().move(em(), user, { songId: moved, toIndex: 500 }), 'BAD_USER_INPUT', 'out of range');
  });

  it('counts a quick skip as a dislike: the song leaves the set for the session', async () => {
    const user = await newUser();
    await addLibrary(user);
    await dj().start(em(), user, {});
    const next = (await dj().getSet(em(), user, {})).upcoming[0].song.id;
    await t.app.services.queue.nextSong(em(), user); // the first song was skipped at once
    const skippedFirst = await t.app.services.queue.getQueue(em(), user);
    expect(skippedFirst.currentSong?.id).toBe(next);
    const session = await em().findOneOrFail(DjSession, { user: user.id });
    expect(session.dislikedIds).toHaveLength(1);
    expect(skippedFirst.upcomingQueue.map((s) => s.id)).not.toContain(session.dislikedIds[0]);

    // A skip after QUICK_SKIP_SECONDS is no dislike.
    await em().nativeUpdate(DjSession, { user: user.id }, { currentStartedAt: new Date(Date.now() - (QUICK_SKIP_SECONDS + 5) * 1000) });
    await t.app.services.queue.nextSong(em(), user);
    expect((await em().findOneOrFail(DjSession, { user: user.id })).dislikedIds).toHaveLength(1);
    expect((await dj().getSet(em(), user, {})).dislikedCount).toBe(1);
  });

  it('re-plans for the new target when an override starts, and stops planning when Mixer Mode is left', async () => {
    const user = await newUser();
    await addLibrary(user, 60);
    await dj().start(em(), user, {});
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await t.app.services.schedules.createOverride(em(), user, { name: 'Calm', energyLevel: 0.05, startDate: today, endDate: tomorrow });
    const calm = await dj().getSet(em(), user, {});
    expect(calm.explanation).toMatch(/Override "Calm"/);
    await t.app.services.schedules.createOverride(em(), user, { name: 'Loud', energyLevel: 0.95, startDate: today, endDate: tomorrow });
    const loud = await dj().getSet(em(), user, {});
    const mean = (set: DjSet) => set.upcoming.reduce((sum, e) => sum + e.energy, 0) / set.upcoming.length;
    expect(mean(loud) - mean(calm)).toBeGreaterThan(0.2);
    expect(loud.upcoming.every((e) => e.targetEnergy === 0.95)).toBe(true);

    await t.app.services.mixerSettings.save(em(), user, { crossfadeEnabled: true, crossfadeDuration: 5000, mixTightness: 3, djModeEnabled: false, silenceEliminationEnabled: false });
    const after = await t.app.services.queue.autoAdvance(em(), user, {});
    expect(after.queue.djActive).toBe(false);
  });

  it('needs canAccessDJ for every operation', async () => {
    const free = await newUser({ userTier: 'free' });
    const granted = await newUser({ userTier: 'free', canAccessDJ: true });
    await addLibrary(granted, 12);
    for (const call of [
      () => dj().getSet(em(), free, {}),
      () => dj().start(em(), free, {}),
      () => dj().stop(em(), free),
      () => dj().pin(em(), free, { songId: 'x', pinned: true }),
      () => dj().remove(em(), free, { songId: 'x' }),
      () => dj().move(em(), free, { songId: 'x', toIndex: 0 }),
      () => dj().regenerate(em(), free),
      () => dj().setVoice(em(), free, { enabled: false }),
      () => dj().voiceLink(em(), free, { fromSongId: 'x', toSongId: 'y' }),
    ]) {
      await expectAppError(call(), 'FORBIDDEN', 'DJ access');
    }
    await expect(dj().start(em(), granted, {})).resolves.toMatchObject({ queue: { djActive: true } });
    // Losing the right stops the planning at the next advance.
    await em().nativeUpdate(User, { id: granted.id }, { canAccessDJ: false });
    const after = await t.app.services.queue.autoAdvance(em(), await em().findOneOrFail(User, { id: granted.id }), {});
    expect(after.queue.djActive).toBe(false);
  });

  it('says clearly that the voice is off when the server has no synthesiser', async () => {
    const user = await newUser();
    const withoutVoice = new DjService({ queue: new QueueService(t.app.services.pubsub), schedules: new SchedulesService(), voice: new DjVoice(t.app.services.media.storage, 'no-such-espeak-ng'), onError: () => {} });
    await expectAppError(withoutVoice.setVoice(em(), user, { enabled: true }), 'BAD_USER_INPUT', 'eSpeak NG');
    const set = await withoutVoice.getSet(em(), user, {});
    expect(set).toMatchObject({ voiceAvailable: false, voiceEnabled: false, voiceMessage: VOICE_UNAVAILABLE_MESSAGE });
  });

  it.runIf(espeakInstalled)('speaks a link between two songs at the outgoing song\'s loudness, cached per link', async () => {
    const user = await newUser();
    await addLibrary(user, 24);
    await dj().start(em(), user, {});
    await dj().setVoice(em(), user, { enabled: true });
    const set = await dj().getSet(em(), user, {});
    const [from, to] = [set.current!.song, set.upcoming[0].song];
    expect(set.current!.linkText).toMatch(new RegExp(`^That was ${from.title}\\. Next, .+ for your (morning|afternoon|evening|night): ${to.title}\\.$`));
    const clip = await dj().voiceLink(em(), user, { fromSongId: from.id, toSongId: to.id });
    expect(clip).not.toBeNull();
    expect(clip!.text).toBe(set.current!.linkText);
    expect(clip!.durationSeconds).toBeGreaterThan(1);
    // The songs were measured at -18 LUFS: the voice is brought to the same loudness.
    expect(Math.abs(clip!.integratedLufs - -18)).toBeLessThan(1.5);
    const file = path.join(t.config.mediaDir, clip!.audioUrl.replace('/media/', ''));
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file).subarray(0, 3).toString('latin1')).toMatch(/^(ID3|\xff)/);
    const again = await dj().voiceLink(em(), user, { fromSongId: from.id, toSongId: to.id });
    expect(again).toEqual(clip);
    // Not consecutive in the set: no link.
    expect(await dj().voiceLink(em(), user, { fromSongId: to.id, toSongId: from.id })).toBeNull();
  }, 60_000);
});
