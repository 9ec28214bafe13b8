import { describe, expect, it } from 'vitest';
import { createApolloMixerSettingsBackend, createApolloQueueBackend } from './apolloBackends';
import { DEFAULT_MIXER_SETTINGS } from './mixerSettings';
import { NotSignedInError } from './notices';
import { GraphQLErrorAnswer, createScriptedApollo, queueData, songData } from './testSupport/scriptedApollo';

describe('Apollo queue backend', () => {
  it('maps queue moves to the contract mutations', async () => {
    const apollo = createScriptedApollo({
      NextSong: () => ({ nextSong: queueData(songData('b'), [], 2) }),
      PreviousSong: () => ({ previousSong: queueData(songData('a'), [songData('b')], 3) }),
      AutoAdvance: () => ({ autoAdvance: queueData(songData('c'), [], 4) }),
      PlaySong: () => ({ playSong: queueData(songData('d'), [], 5, 'lofi') }),
      PlayerQueue: () => ({ queue: queueData(null, [], 6) }),
    });
    const backend = createApolloQueueBackend(apollo.client);
    expect((await backend.next()).currentSong?.id).toBe('b');
    const previous = await backend.previous();
    expect(previous.upcomingQueue.map((s) => s.id)).toEqual(['b']);
    expect(previous.version).toBe(3);
    expect((await backend.autoAdvance('b')).currentSong?.id).toBe('c');
    const played = await backend.playSong('d', true);
    expect(played.radioGenre).toBe('lofi');
    expect((await backend.refresh()).currentSong).toBeNull();
    expect(apollo.calls.map((c) => [c.operationName, c.variables])).toEqual([
      ['NextSong', {}],
      ['PreviousSong', {}],
      ['AutoAdvance', { finishedSongId: 'b' }],
      ['PlaySong', { id: 'd', isGenreSelection: true }],
      ['PlayerQueue', {}],
    ]);
  });

  it('rejects when the server fails', async () => {
    const apollo = createScriptedApollo({
      NextSong: () => {
        throw new Error('offline');
      },
    });
    await expect(createApolloQueueBackend(apollo.client).next()).rejects.toThrow('offline');
  });


  it('reports a refresh without a session as NotSignedInError', async () => {
    const apollo = createScriptedApollo({
      PlayerQueue: () => new GraphQLErrorAnswer([{ message: 'Not authenticated', extensions: { code: 'UNAUTHENTICATED' } }]),
    });
    await expect(createApolloQueueBackend(apollo.client).refresh()).rejects.toBeInstanceOf(NotSignedInError);
  });
});

describe('Apollo mixer settings backend', () => {
  it('loads null until saved and saves the full input', async () => {
    const saved = { __typename: 'MixerSettings', ...DEFAULT_MIXER_SETTINGS, crossfadeDuration: 9000 };
    const apollo = createScriptedApollo({
      MixerSettings: () => ({ mixerSettings: null }),
      SaveMixerSettings: () => ({ saveMixerSettings: saved }),
    });
    const backend = createApolloMixerSettingsBackend(apollo.client);
    expect(await backend.load()).toBeNull();
    const settings = { ...DEFAULT_MIXER_SETTINGS, crossfadeDuration: 9000 };
    expect(await backend.save(settings)).toEqual(settings);
    expect(apollo.calls[1].variables).toEqual({ input: settings });
  });
});
