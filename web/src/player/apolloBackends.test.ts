import { describe, expect, it, vi } from 'vitest';
import { createApolloMixerSettingsBackend, createApolloQueueBackend } from './apolloBackends';
import { DEFAULT_MIXER_SETTINGS } from './mixerSettings';
import { NotSignedInError } from './notices';
import { GraphQLErrorAnswer, createScriptedApollo, queueData, songAnalysisData, songData } from './testSupport/scriptedApollo';

describe('Apollo queue backend', () => {
  it('maps queue moves to the contract mutations', async () => {
    const apollo = createScriptedApollo({
      NextSong: () => ({ nextSong: queueData(songData('b'), [], 2) }),
      PreviousSong: () => ({ previousSong: queueData(songData('a'), [songData('b')], 3) }),
      AutoAdvance: () => ({ autoAdvance: queueData(songData('c'), [], 4) }),
      PlaySong: () => ({ playSong: queueData(songData('d'), [], 5, 'lofi') }),
      PlayerQueue: () => ({ queue: queueData(null, [], 6) }),
      PlayerSongAnalysis: ({ id }) => songAnalysisData(id as string),
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
    const queueCalls = apollo.calls.filter((c) => c.operationName !== 'PlayerSongAnalysis');
    expect(queueCalls.map((c) => [c.operationName, c.variables])).toEqual([
      ['NextSong', {}],
      ['PreviousSong', {}],
      ['AutoAdvance', { finishedSongId: 'b' }],
      ['PlaySong', { id: 'd', isGenreSelection: true }],
      ['PlayerQueue', {}],
    ]);
  });

  it("attaches the current and the next song's analysis, each read once, and no other song's", async () => {
    const analysisOf = (bpm: number) => ({ durationSeconds: 180, bpm, beatOffsetSeconds: 0.5, integratedLufs: -14, introEndSeconds: 8, outroStartSeconds: 170, silenceRanges: [{ start: 179, end: 180 }] });
    const apollo = createScriptedApollo({
      NextSong: () => ({ nextSong: queueData(songData('a'), [songData('b'), songData('c')], 2) }),
      AutoAdvance: () => ({ autoAdvance: queueData(songData('b'), [songData('c'), songData('d')], 3) }),
      PlayerSongAnalysis: ({ id }) => songAnalysisData(id as string, id === 'c' ? null : analysisOf(id === 'a' ? 100 : 120)),
    });
    const backend = createApolloQueueBackend(apollo.client);
    const first = await backend.next();
    expect(first.currentSong?.analysis?.bpm).toBe(100);
    expect(first.upcomingQueue[0].analysis).toMatchObject({ bpm: 120, silenceRanges: [{ start: 179, end: 180 }] });
    expect(first.upcomingQueue[1].analysis).toBeUndefined();
    const second = await backend.autoAdvance('a');
    expect(second.currentSong?.analysis?.bpm).toBe(120);
    expect(second.upcomingQueue[0].analysis).toBeNull();
    expect(second.upcomingQueue[1].analysis).toBeUndefined();
    expect(apollo.calls.filter((c) => c.operationName === 'PlayerSongAnalysis').map((c) => c.variables.id)).toEqual(['a', 'b', 'c']);
  });

  it('answers the queue without an analysis the server failed to send', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const apollo = createScriptedApollo({
      NextSong: () => ({ nextSong: queueData(songData('a'), [], 2) }),
      PlayerSongAnalysis: () => {
        throw new Error('offline');
      },
    });
    const answer = await createApolloQueueBackend(apollo.client).next();
    expect(answer.currentSong?.id).toBe('a');
    expect(answer.currentSong?.analysis).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('[player] analysis of song a not loaded', expect.any(Error));
    warn.mockRestore();
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
