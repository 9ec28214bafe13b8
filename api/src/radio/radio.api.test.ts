/** Radio over GraphQL: the station list, an admin's inline edit, playing a station (with its endless generation), and tuning Radio v2. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { DATABASE_TARGETS } from '../test-support/services-available.js';
import { signUp, startTestApp, type TestApp } from '../test-support/test-app.js';
import { insertSong } from '../library/test-fixtures.js';
import { User } from '../users/user.entity.js';
import { GenerationRequest } from '../generation/generation-request.entity.js';
import { BACKGROUND_PRIORITY } from '../generation/queue.js';

const STATIONS = 'query ($all: Boolean) { radioStations(includeInactive: $all) { id genre mood description songCount isActive displayOrder songsAvailable } }';
const EDIT = 'mutation ($id: ID!, $input: RadioStationInput!) { updateRadioStation(id: $id, input: $input) { genre description songCount isActive displayOrder } }';
const PLAY = 'mutation ($genre: String!) { playRadioStation(genre: $genre) { radioGenre currentSong { title genre } upcomingQueue { genre } } }';
const TUNE = 'mutation ($t: RadioTuningInput!) { tuneRadio(tuning: $t) { songsRequested songsInProgress note queue { radioGenre radioTuning { genres energy } currentSong { title } } } }';
const DIALS = '{ radioDials { genres moods defaults { energy tempoMin tempoMax freshness } } }';

describe.each(DATABASE_TARGETS)('radio GraphQL on %s PostgreSQL', (target) => {
  let t: TestApp;
  let admin: (query: string, variables?: Record<string, unknown>) => Promise<{ data?: Record<string, any>; errors?: Array<{ message: string; extensions: { code: string } }> }>;
  let accounts = 0;
  beforeAll(async () => {
    t = await startTestApp({ target, config: { demoCatalogue: false } });
    admin = await client(); // the first account of the installation is its admin
  });
  afterAll(async () => {
    await t?.close();
  });
  async function client(changes: Partial<Pick<User, 'canGenerateMusic'>> = {}) {
    const username = `radiohead${(accounts += 1)}`;
    const cookie = await signUp(t, username);
    if (Object.keys(changes).length) await t.app.database.orm.em.fork().nativeUpdate(User, { username }, changes);
    return async (query: string, variables: Record<string, unknown> = {}) => (await supertest(t.baseUrl).post('/graphql').set('cookie', cookie).send({ query, variables })).body;
  }

  it('lists the stations, lets an admin edit one, and plays a station with its genre as the badge', async () => {
    const listener = await client();
    await insertSong(t.app.database.orm.em.fork(), { title: 'Skank', genre: 'reggae' });
    const stations = (await listener(STATIONS)).data.radioStations;
    expect(stations).toHaveLength(19);
    expect(stations[0]).toMatchObject({ genre: 'pop', mood: 'happy', songCount: 3, isActive: true, displayOrder: 1, songsAvailable: 0 });
    expect(stations.find((s: { genre: string }) => s.genre === 'reggae').songsAvailable).toBe(1);
    const reggae = stations.find((s: { genre: string }) => s.genre === 'reggae');

    expect((await listener(EDIT, { id: reggae.id, input: { songCount: 2 } })).errors[0].extensions.code).toBe('FORBIDDEN');
    expect((await admin(EDIT, { id: reggae.id, input: { songCount: 21 } })).errors![0]).toMatchObject({ message: 'songCount must be between 1 and 20', extensions: { code: 'BAD_USER_INPUT' } });
    const edited = (await admin(EDIT, { id: reggae.id, input: { songCount: 2, description: 'Sunshine offbeats.', displayOrder: 2 } })).data!.updateRadioStation;
    expect(edited).toEqual({ genre: 'reggae', description: 'Sunshine offbeats.', songCount: 2, isActive: true, displayOrder: 2 });
    expect((await listener(STATIONS)).data.radioStations.slice(0, 3).map((s: { genre: string }) => s.genre)).toEqual(['pop', 'reggae', 'rock']);

    const played = (await listener(PLAY, { genre: 'reggae' })).data.playRadioStation;
    expect(played).toEqual({ radioGenre: 'reggae', currentSong: { title: 'Skank', genre: 'reggae' }, upcomingQueue: [{ genre: 'reggae' }, { genre: 'reggae' }] });
    // One reggae song for a listener who may generate: the station makes new ones in the background.
    const making = await t.app.database.orm.em.fork().find(GenerationRequest, { priority: BACKGROUND_PRIORITY });
    expect(making.map((r) => [r.genres, r.moods])).toEqual([[['reggae'], ['peaceful']], [['reggae'], ['peaceful']]]);
    expect((await listener(PLAY, { genre: 'polka' })).errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await listener(PLAY, { genre: 'metal' })).errors[0]).toMatchObject({ message: 'The metal station has no songs yet', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('tunes Radio v2; a listener without canGenerateMusic gets catalogue-only radio, a creator background generations', async () => {
    const listener = await client({ canGenerateMusic: false });
    const dials = (await listener(DIALS)).data.radioDials;
    expect(dials.genres).toContain('lo-fi');
    expect(dials.moods).toContain('chill');
    expect(dials.defaults).toEqual({ energy: 0.5, tempoMin: 70, tempoMax: 140, freshness: 0.5 });
    await insertSong(t.app.database.orm.em.fork(), { title: 'Dusty', genre: 'lo-fi' });
    const tuning = { genres: ['lo-fi'], moods: [], energy: 0.3, tempoMin: 70, tempoMax: 95, freshness: 0.8 };
    const listened = (await listener(TUNE, { t: tuning })).data.tuneRadio;
    expect(listened).toMatchObject({ songsRequested: 0, songsInProgress: 0, note: 'Catalogue-only radio: your account cannot generate music.', queue: { radioGenre: 'lo-fi', radioTuning: { genres: ['lo-fi'], energy: 0.3 }, currentSong: { title: 'Dusty' } } });
    // The plain queue read (explicit columns, no entities) answers the same dials.
    expect((await listener('{ queue { radioGenre radioTuning { genres energy } } }')).data.queue).toEqual({ radioGenre: 'lo-fi', radioTuning: { genres: ['lo-fi'], energy: 0.3 } });

    const creator = await client();
    const created = (await creator(TUNE, { t: tuning })).data.tuneRadio;
    expect(created).toMatchObject({ songsRequested: 2, songsInProgress: 2, queue: { currentSong: { title: 'Dusty' } } });
    const queued = await t.app.database.orm.em.fork().find(GenerationRequest, { priority: BACKGROUND_PRIORITY }, { orderBy: { id: 'asc' } });
    expect(queued.slice(-2).map((r) => r.genres)).toEqual([['lo-fi'], ['lo-fi']]);
    const refused = await creator(TUNE, { t: { ...tuning, tempoMin: 120 } });
    expect(refused.errors[0]).toMatchObject({ message: 'tempoMin must not be above tempoMax', extensions: { code: 'BAD_USER_INPUT' } });
  });
});
