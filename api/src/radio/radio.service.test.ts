/**
 * Radio on both databases: the station line-up and its admin edits, playing a station (and its
 * endless generation for listeners who may generate), and
 * Radio v2 (tuned by dials): scoring and mixable order, top-up with fresh songs first, never
 * running dry, and the endless radio's background generation requests and their quota.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { expectAppError } from '../test-support/app-errors.js';
import { User } from '../users/user.entity.js';
import { Song } from '../songs/song.entity.js';
import { GenerationRequest } from '../generation/generation-request.entity.js';
import { BACKGROUND_PRIORITY } from '../generation/queue.js';
import { LikedSong } from '../library/liked-song.entity.js';
import { PlayHistory } from '../library/play-history.entity.js';
import { insertUser } from '../library/test-fixtures.js';
import type { QueueView } from '../library/queue.view.js';
import { RadioStation } from './radio-station.entity.js';
import { AdminAuditEntry } from '../admin/admin-audit-entry.entity.js';
import { transitionOf } from './camelot.js';
import { DEFAULT_TUNING, type RadioTuning } from './tuning.js';
import { MAX_RADIO_GENERATIONS_IN_PROGRESS } from './radio-generation.js';

const titles = (q: QueueView) => q.upcomingQueue.map((s) => s.title);

describe.each(DATABASE_TARGETS)('radio on %s PostgreSQL', (target) => {
  let t: TestApp;
  let users = 0;
  beforeAll(async () => {
    t = await startTestApp({ target, config: { workerConcurrency: 0, demoCatalogue: false } });
  });
  afterAll(async () => {
    await t?.close();
  });
  const em = () => t.app.database.orm.em.fork() as EntityManager;
  const services = () => t.app.services;

  async function newUser(fields: Partial<Pick<User, 'canGenerateMusic' | 'userTier' | 'canAccessAdmin' | 'monthlyGenerationLimit' | 'adminOverride'>> = {}): Promise<User> {
    const user = await insertUser(em(), `radio${(users += 1)}${target}`);
    await em().nativeUpdate(User, { id: user.id }, { canGenerateMusic: true, ...fields });
    return em().findOneOrFail(User, { id: user.id });
  }

  /** A song only `owner` may play (private), so each test's catalogue is its own. */
  async function addSong(owner: User, fields: { title: string; genre: string; mood?: string; bpm?: number; key?: string; energy?: number }): Promise<Song> {
    const setup = em();
    const id = randomUUID();
    const song = setup.create(Song, {
      id,
      title: fields.title,
      genre: fields.genre,
      mood: fields.mood ?? 'happy',
      bpm: fields.bpm ?? 120,
      musicalKey: fields.key ?? 'A minor',
      duration: 120,
      audioUrl: `/media/songs/${id}.mp3`,
      isPublic: false,
      user: setup.getReference(User, owner.id),
      settings: null,
      analysis: fields.energy === undefined ? null : ({ energyCurve: [fields.energy, fields.energy] } as unknown as Song['analysis']),
    });
    await setup.flush();
    return song;
  }
  const tuning = (fields: Partial<RadioTuning>): RadioTuning => ({ ...DEFAULT_TUNING, ...fields });

  describe('stations', () => {
    it('lists the active stations in order with their song counts; only admins see inactive ones and edit them', async () => {
      const admin = await newUser({ userTier: 'admin', canAccessAdmin: true });
      const listener = await newUser();
      const all = await services().radioStations.list(em(), admin, { includeInactive: true });
      expect(all.length).toBe(19);
      const jazz = all.find((l) => l.station.genre === 'jazz')!.station;
      await addSong(listener, { title: 'My jazz', genre: 'jazz' });
      const before = await services().radioStations.list(em(), listener, {});
      expect(before.map((l) => l.station.displayOrder)).toEqual([...before.map((l) => l.station.displayOrder)].sort((a, b) => a! - b!));
      expect(before.find((l) => l.station.genre === 'jazz')!.songsAvailable).toBe(1);
      expect((await services().radioStations.list(em(), admin, {})).find((l) => l.station.genre === 'jazz')!.songsAvailable).toBe(0);

      await expectAppError(services().radioStations.list(em(), listener, { includeInactive: true }), 'FORBIDDEN', 'Admin access required');
      await expectAppError(services().radioStations.update(em(), listener, jazz.id, { isActive: false }), 'FORBIDDEN');
      await expectAppError(services().radioStations.update(em(), admin, jazz.id, { songCount: 0 }), 'BAD_USER_INPUT', 'songCount must be between 1 and 20');
      await expectAppError(services().radioStations.update(em(), admin, 99_999, { songCount: 4 }), 'NOT_FOUND');

      const edited = await services().radioStations.update(em(), admin, jazz.id, { isActive: false, songCount: 5, description: 'Late-night trios.', displayOrder: 1 });
      expect(edited).toMatchObject({ isActive: false, songCount: 5, description: 'Late-night trios.', displayOrder: 1 });
      const lineUp = await services().radioStations.list(em(), admin, { includeInactive: true });
      expect(lineUp.map((l) => l.station.displayOrder)).toEqual(lineUp.map((_, i) => i + 1));
      expect(lineUp[0].station.genre).toBe('jazz');
      expect((await services().radioStations.list(em(), listener, {})).some((l) => l.station.genre === 'jazz')).toBe(false);
      await expectAppError(services().queue.playStation(em(), listener, { genre: 'jazz' }), 'NOT_FOUND', 'There is no jazz station');
      // Moved to the end and back on.
      await services().radioStations.update(em(), admin, jazz.id, { isActive: true, displayOrder: 100, songCount: 3 });
      const restored = await services().radioStations.list(em(), admin, { includeInactive: true });
      expect(restored[restored.length - 1].station).toMatchObject({ genre: 'jazz', displayOrder: 19, isActive: true });

      // A new station: one of the engine's genres or a genre songs have; a mood of the engine's; audit-logged.
      await expectAppError(services().radioStations.create(em(), listener, { genre: 'polka', mood: 'happy' }), 'FORBIDDEN');
      await expectAppError(services().radioStations.create(em(), admin, { genre: 'polka', mood: 'happy' }), 'BAD_USER_INPUT', 'No song has the genre polka');
      await expectAppError(services().radioStations.create(em(), admin, { genre: 'jazz', mood: 'happy' }), 'CONFLICT', 'There is already a jazz station');
      await addSong(listener, { title: 'Oompah', genre: 'polka' });
      await expectAppError(services().radioStations.create(em(), admin, { genre: 'polka', mood: 'grumpy' }), 'BAD_USER_INPUT', 'Mood must be one of');
      const polka = await services().radioStations.create(em(), admin, { genre: 'Polka', mood: 'happy', displayOrder: 2 });
      expect(polka).toMatchObject({ genre: 'polka', mood: 'happy', songCount: 3, isActive: true, displayOrder: 2 });
      const withPolka = await services().radioStations.list(em(), admin, { includeInactive: true });
      expect(withPolka.map((l) => l.station.displayOrder)).toEqual(withPolka.map((_, i) => i + 1));
      expect(withPolka[1].station.genre).toBe('polka');
      expect(await services().radioStations.update(em(), admin, polka.id, { mood: 'chill' })).toMatchObject({ mood: 'chill' });
      const audit = await em().find(AdminAuditEntry, { targetType: 'radio_station', targetId: String(polka.id) }, { orderBy: { id: 'asc' } });
      expect(audit.map((a) => [a.action, a.before?.mood ?? null, a.after?.mood])).toEqual([['radio.create', null, 'happy'], ['radio.update', 'happy', 'chill']]);
      await em().nativeDelete(RadioStation, { id: polka.id });
      await services().radioStations.update(em(), admin, jazz.id, { displayOrder: 19 });
    });

    it("plays a station: a song of its genre now, songCount more queued, topped up as songs end, repeating spaced when it has few", async () => {
      const listener = await newUser();
      await expectAppError(services().queue.playStation(em(), listener, { genre: 'blues' }), 'BAD_USER_INPUT', 'The blues station has no songs yet');
      await addSong(listener, { title: 'Blue one', genre: 'blues' });
      await addSong(listener, { title: 'Blue two', genre: 'blues' });
      const setup = em();
      const station = await setup.findOneOrFail(RadioStation, { genre: 'blues' });
      const songCount = station.songCount;
      let q = (await services().queue.playStation(em(), listener, { genre: 'blues' })).queue;
      expect(q.radioGenre).toBe('blues');
      expect(q.radioTuning).toBeNull();
      expect(q.upcomingQueue).toHaveLength(songCount);
      for (let step = 0; step < 5; step += 1) {
        const order = [q.currentSong!.title, ...titles(q)];
        expect(order.every((title) => title.startsWith('Blue'))).toBe(true);
        expect(order.some((title, i) => i > 0 && title === order[i - 1])).toBe(false);
        q = (await services().queue.autoAdvance(em(), listener, { finishedSongId: q.currentSong!.id })).queue;
        expect(q.upcomingQueue).toHaveLength(songCount);
      }
    });

    it('makes new songs for a station short of fresh ones when the listener may generate; catalogue-only otherwise', async () => {
      const creator = await newUser({ monthlyGenerationLimit: 10 });
      for (let i = 0; i < 3; i += 1) await addSong(creator, { title: `Skank ${i}`, genre: 'reggae' });
      const station = await em().findOneOrFail(RadioStation, { genre: 'reggae' });
      // Three songs: one plays, two are queued, none is left fresh, so the station asks for songCount (3), two at a time.
      const started = await services().queue.playStation(em(), creator, { genre: 'reggae' });
      expect(started.radioSongs).toMatchObject({ requested: MAX_RADIO_GENERATIONS_IN_PROGRESS, inProgress: MAX_RADIO_GENERATIONS_IN_PROGRESS });
      const requests = await em().find(GenerationRequest, { user: creator.id });
      expect(requests).toHaveLength(MAX_RADIO_GENERATIONS_IN_PROGRESS);
      for (const request of requests) expect(request).toMatchObject({ priority: BACKGROUND_PRIORITY, status: 'pending', genres: ['reggae'], moods: [station.mood] });
      // The station's card says its new songs are on the way, to this listener only, until they are done.
      const making = async (who: User) => (await services().radioStations.list(em(), who, {})).find((l) => l.station.genre === 'reggae')!.songsInMaking;
      expect(await making(creator)).toBe(MAX_RADIO_GENERATIONS_IN_PROGRESS);
      await em().nativeUpdate(GenerationRequest, { id: requests[0].id }, { status: 'completed' });
      expect(await making(creator)).toBe(MAX_RADIO_GENERATIONS_IN_PROGRESS - 1);

      // Enough fresh songs of the genre: nothing to make.
      const stocked = await newUser({ monthlyGenerationLimit: 10 });
      for (let i = 0; i < 3 + 2 * station.songCount; i += 1) await addSong(stocked, { title: `Offbeat ${i}`, genre: 'reggae' });
      expect((await services().queue.playStation(em(), stocked, { genre: 'reggae' })).radioSongs).toBeNull();
      expect(await em().count(GenerationRequest, { user: stocked.id })).toBe(0);

      // A listener who may not generate: the station repeats its songs spaced instead.
      const listener = await newUser({ canGenerateMusic: false, userTier: 'free' });
      await addSong(listener, { title: 'Only skank', genre: 'reggae' });
      const heard = await services().queue.playStation(em(), listener, { genre: 'reggae' });
      expect(heard.queue.upcomingQueue.map((s) => s.title)).toEqual(Array(station.songCount).fill('Only skank'));
      expect(heard.radioSongs).toBeNull();
      expect(await em().count(GenerationRequest, { user: listener.id })).toBe(0);
      expect(await making(listener)).toBe(0);
    });
  });

  describe('Radio v2', () => {
    it('plays the best-scoring songs of the chosen genres, keeps consecutive songs mixable, and marks the badge with the genres', async () => {
      const user = await newUser({ canGenerateMusic: false, userTier: 'free' });
      await addSong(user, { title: 'Outside genre', genre: 'metal', mood: 'energetic', bpm: 125, key: 'E minor' });
      await addSong(user, { title: 'Calm misfit', genre: 'house', mood: 'peaceful', bpm: 70, key: 'C# major', energy: 0.1 });
      const chain = ['A minor', 'E minor', 'B minor', 'F# minor'];
      for (const [i, key] of chain.entries()) await addSong(user, { title: `Groove ${i}`, genre: i % 2 ? 'techno' : 'house', mood: 'energetic', bpm: 124 + i, key, energy: 0.8 });
      const dial = tuning({ genres: ['house', 'techno'], moods: ['energetic'], energy: 0.8, tempoMin: 118, tempoMax: 132, freshness: 1 });
      const outcome = await services().queue.tuneRadio(em(), user, dial);
      const q = outcome.queue;
      expect(q.radioGenre).toBe('house, techno');
      expect(q.radioTuning).toEqual(dial);
      const set = [q.currentSong!, ...q.upcomingQueue];
      expect(set).toHaveLength(4);
      expect(set.map((s) => s.title).sort()).toEqual(['Groove 0', 'Groove 1', 'Groove 2', 'Groove 3']);
      const rows = await em().find(Song, { id: { $in: set.map((s) => s.id) } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      const inOrder = set.map((s) => byId.get(s.id)!);
      expect(inOrder.slice(1).every((song, i) => transitionOf(inOrder[i], song).harmonic && transitionOf(inOrder[i], song).tempo)).toBe(true);
      // Catalogue-only: this user may not generate, and is told so.
      expect(outcome.radioSongs).toEqual({ requested: 0, inProgress: 0, note: 'Catalogue-only radio: your account cannot generate music.' });
      expect(await em().count(GenerationRequest, { user: user.id })).toBe(0);
      await expectAppError(services().queue.tuneRadio(em(), user, { ...dial, moods: ['calm'] }), 'BAD_USER_INPUT', "Unknown mood 'calm'");
    });

    it('prefers songs not heard in the last hours, then repeats spaced rather than running dry', async () => {
      const user = await newUser({ canGenerateMusic: false, userTier: 'free' });
      const heard = await addSong(user, { title: 'Heard lately', genre: 'reggae', mood: 'peaceful' });
      for (let i = 0; i < 3; i += 1) await addSong(user, { title: `Fresh ${i}`, genre: 'reggae', mood: 'happy', bpm: 90 + i });
      const setup = em();
      setup.create(PlayHistory, { user: setup.getReference(User, user.id), music: setup.getReference(Song, heard.id), playedAt: new Date(Date.now() - 30 * 60_000) });
      setup.create(LikedSong, { user: setup.getReference(User, user.id), music: setup.getReference(Song, heard.id) });
      await setup.flush();
      // Liked and familiar is what 'familiar' asks for, but it was heard half an hour ago: the fresh ones come first.
      let q = (await services().queue.tuneRadio(em(), user, tuning({ genres: ['reggae'], freshness: 0 }))).queue;
      expect([q.currentSong!.title, ...titles(q)].slice(0, 3).sort()).toEqual(['Fresh 0', 'Fresh 1', 'Fresh 2']);
      expect(titles(q)[2]).toBe('Heard lately');
      for (let step = 0; step < 6; step += 1) {
        q = (await services().queue.nextSong(em(), user)).queue;
        const order = [q.currentSong!.title, ...titles(q)];
        expect(order).toHaveLength(4);
        expect(order.some((title, i) => i > 0 && title === order[i - 1])).toBe(false);
      }
    });

    it('asks the engine for new songs at background priority when good fresh matches run short, within the monthly limit', async () => {
      const user = await newUser({ monthlyGenerationLimit: 3 });
      await addSong(user, { title: 'Lone lo-fi', genre: 'lo-fi', mood: 'chill', bpm: 80 });
      const dial = tuning({ genres: ['lo-fi'], moods: ['chill'], energy: 0.3, tempoMin: 70, tempoMax: 90 });
      const first = await services().queue.tuneRadio(em(), user, dial);
      expect(first.queue.currentSong?.title).toBe('Lone lo-fi');
      expect(first.radioSongs).toMatchObject({ requested: MAX_RADIO_GENERATIONS_IN_PROGRESS, inProgress: MAX_RADIO_GENERATIONS_IN_PROGRESS });
      expect(first.radioSongs?.note).toMatch(/^2 new songs are being generated for this station/);
      const requests = await em().find(GenerationRequest, { user: user.id });
      expect(requests).toHaveLength(2);
      for (const request of requests) {
        expect(request).toMatchObject({ priority: BACKGROUND_PRIORITY, status: 'pending', genres: ['lo-fi'], moods: ['chill'] });
        expect(request.prompt).toMatch(/80 bpm/);
        expect(request.settings.durationSeconds).toBe(120);
      }
      // Two in progress already: the next advance asks for none.
      const next = await services().queue.nextSong(em(), user);
      expect(next.radioSongs?.requested).toBe(0);
      expect(await em().count(GenerationRequest, { user: user.id })).toBe(2);
      // One finishes: with 3 a month and the last kept for the Studio, the radio may not start another.
      await em().nativeUpdate(GenerationRequest, { user: user.id }, { status: 'completed', completedAt: new Date() });
      const after = await services().queue.nextSong(em(), user);
      expect(after.radioSongs).toMatchObject({ requested: 0, inProgress: 0 });
      expect(after.radioSongs?.note).toMatch(/this month's generations are used up/);
      // The Studio still has its one.
      await services().generation.generate(em(), user, { prompt: 'my own song' });
      await expectAppError(services().generation.generate(em(), user, { prompt: 'one more' }), 'FORBIDDEN', 'Monthly generation limit reached (3/3)');
    });

    it('starts an empty station while the endless radio makes its first songs', async () => {
      const user = await newUser();
      const outcome = await services().queue.tuneRadio(em(), user, tuning({ genres: ['classical'], moods: ['epic'] }));
      expect(outcome.queue).toMatchObject({ currentSong: null, upcomingQueue: [], radioGenre: 'classical' });
      expect(outcome.radioSongs?.requested).toBe(2);
      const listenerOnly = await newUser({ canGenerateMusic: false, userTier: 'free' });
      await expectAppError(services().queue.tuneRadio(em(), listenerOnly, tuning({ genres: ['classical'] })), 'BAD_USER_INPUT', 'No songs match these dials yet');
    });
  });
});
