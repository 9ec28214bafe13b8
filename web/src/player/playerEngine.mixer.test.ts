import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_MIXER_SETTINGS, type MixerSettings } from './mixerSettings';
import { crossfadeGainsAtStep } from './crossfadeCurves';
import { dbToGain } from './transitionPlan';
import { VOICE_DUCK_GAIN, VOICE_DUCK_SECONDS } from './playerEngine';
import type { VoiceLinkSource } from './types';
import { analysis, createEngineHarness, deferred, harnessPerTest, queue, song, type EngineHarness } from './testSupport/engineHarness';

let h: EngineHarness;

async function mixerOn(settings: Partial<MixerSettings> = {}): Promise<void> {
  h.engine.setMixerSettings({ ...DEFAULT_MIXER_SETTINGS, ...settings });
  await h.engine.setMixerMode(true);
}

const state = () => h.engine.getSnapshot();

harnessPerTest((harness) => (h = harness), () => h);

describe('mixer mode switching', () => {
  it('enabling while playing hands the song to the mixer at the same position', async () => {
    await h.engine.applyQueue(queue(song('a'), [song('b')]), 'play');
    h.element(0).advanceTo(42);
    await mixerOn();
    expect(state().mode).toBe('mixer');
    expect(state().switchingMode).toBe(false);
    expect(state().isPlaying).toBe(true);
    expect(h.element(0).currentTime).toBe(42);
  });

  it('disabling hands the song back to the standard player at the same position', async () => {
    await h.engine.applyQueue(queue(song('a')), 'play');
    await mixerOn();
    h.element(0).advanceTo(61);
    await h.engine.setMixerMode(false);
    expect(state().mode).toBe('standard');
    expect(state().isPlaying).toBe(true);
    expect(h.element(0).currentTime).toBe(61);
  });

  it('restoring mixer mode at start leaves playback paused', async () => {
    await h.engine.applyQueue(queue(song('a')), 'stay');
    await mixerOn();
    expect(state().mode).toBe('mixer');
    expect(state().isPlaying).toBe(false);
    expect(h.element(0).paused).toBe(true);
  });

  it('levels loudness only in mixer mode with beat-matched transitions', async () => {
    await h.engine.applyQueue(queue(song('a', { analysis: analysis({ integratedLufs: -8 }) })), 'stay');
    expect(h.trim(0).value).toBe(1);
    await mixerOn();
    expect(h.trim(0).value).toBeCloseTo(dbToGain(-6), 9);
    h.engine.setMixerSettings({ ...DEFAULT_MIXER_SETTINGS, beatMatchedTransitions: false });
    expect(h.trim(0).value).toBe(1);
  });
});

describe('automatic crossfade', () => {
  async function playNearEnd(position: number, settings: Partial<MixerSettings> = {}, current = song('a'), next = song('b')) {
    await mixerOn(settings);
    await h.engine.applyQueue(queue(current, [next]), 'play');
    h.element(0).setDuration(current.duration ?? 180);
    h.element(0).advanceTo(position);
  }

  it('does not start before remaining time <= fade + 0.5 s', async () => {
    await playNearEnd(174.4);
    await vi.advanceTimersByTimeAsync(500);
    expect(state().crossfade).toBeNull();
    expect(h.element(1).paused).toBe(true);
  });

  it('fades along the curve, swaps decks and tells the server to advance', async () => {
    await playNearEnd(174.6, { mixTightness: 3 });
    h.backend.autoAdvance.mockResolvedValue(queue(song('b'), [song('c')], [song('a')]));
    await vi.advanceTimersByTimeAsync(500);
    expect(state().crossfade).toEqual({ fromSongId: 'a', toSongId: 'b', progress: 0 });
    // fade start 175 s is 0.4 s ahead of the playhead
    await vi.advanceTimersByTimeAsync(400);
    expect(h.element(1).paused).toBe(false);
    // the initial values and 100 steps on each fader
    expect(h.fader(0).events).toHaveLength(101);
    expect(h.fader(1).events).toHaveLength(101);
    const t0 = h.rig.context.currentTime;
    const mid = crossfadeGainsAtStep(3, 50, 100);
    expect(h.fader(0).valueAt(t0 + 2.5)).toBeCloseTo(mid.outgoing, 9);
    expect(h.fader(1).valueAt(t0 + 2.5)).toBeCloseTo(mid.incoming, 9);
    expect(h.backend.autoAdvance).not.toHaveBeenCalled();

    h.rig.context.currentTime = t0 + 5;
    await vi.advanceTimersByTimeAsync(5000);
    expect(h.backend.autoAdvance).toHaveBeenCalledTimes(1);
    expect(h.backend.autoAdvance).toHaveBeenCalledWith('a');
    expect(state().crossfade).toBeNull();
    expect(state().currentSong?.id).toBe('b');
    expect(state().isPlaying).toBe(true);
    expect(h.element(0).paused).toBe(true);
    expect(h.fader(0).value).toBe(1);
    expect(h.fader(1).value).toBe(1);
    // the freed deck preloads the song after next
    expect(h.element(0).src).toBe('/media/c.mp3');
    // the outgoing element ending later must not advance again
    h.element(0).emit('ended');
    expect(h.backend.autoAdvance).toHaveBeenCalledTimes(1);
  });

  it('swaps the decks only when the audio clock has played the fade out, even if it lags wall time', async () => {
    await playNearEnd(174.6, { mixTightness: 1 });
    h.backend.autoAdvance.mockResolvedValue(queue(song('b'), [], [song('a')]));
    await vi.advanceTimersByTimeAsync(900);
    const t0 = h.rig.context.currentTime;
    // A starved machine: after 5 s of wall time the audio has played only 3.25 s of the 5 s fade.
    h.rig.context.currentTime = t0 + 3.25;
    await vi.advanceTimersByTimeAsync(5000);
    expect(state().crossfade).not.toBeNull();
    expect(h.backend.autoAdvance).not.toHaveBeenCalled();
    h.rig.context.currentTime = t0 + 5;
    await vi.advanceTimersByTimeAsync(200);
    expect(state().crossfade).toBeNull();
    expect(h.backend.autoAdvance).toHaveBeenCalledWith('a');
  });

  it('swaps the decks after the grace period when the audio clock has stopped', async () => {
    await playNearEnd(174.6, { mixTightness: 1 });
    h.backend.autoAdvance.mockResolvedValue(queue(song('b'), [], [song('a')]));
    await vi.advanceTimersByTimeAsync(900);
    await vi.advanceTimersByTimeAsync(5000);
    expect(state().crossfade).not.toBeNull();
    await vi.advanceTimersByTimeAsync(5000);
    expect(state().crossfade).toBeNull();
    expect(h.backend.autoAdvance).toHaveBeenCalledWith('a');
  });

  it('does not crossfade tracks of 30 s or less', async () => {
    await playNearEnd(25, {}, song('a', { duration: 30 }));
    await vi.advanceTimersByTimeAsync(500);
    expect(state().crossfade).toBeNull();
  });

  it('does not crossfade when crossfade is off', async () => {
    await playNearEnd(178, { crossfadeEnabled: false });
    await vi.advanceTimersByTimeAsync(500);
    expect(state().crossfade).toBeNull();
  });

  it('resets when the incoming song fails to start', async () => {
    await playNearEnd(175);
    h.element(1).rejectNextPlay = new Error('network');
    // the poll at 500 ms starts the crossfade; the fade start is due at once
    await vi.advanceTimersByTimeAsync(501);
    expect(state().crossfade).toBeNull();
    expect(h.element(0).paused).toBe(false);
    expect(h.fader(0).value).toBe(1);
    expect(h.backend.autoAdvance).not.toHaveBeenCalled();
    expect(h.logger.warn).toHaveBeenCalledWith('Crossfade failed', expect.any(Error));
  });

  it('a crossfade cancelled while the next song is still starting leaves it silent', async () => {
    await playNearEnd(175);
    const start = deferred<void>();
    h.element(1).holdNextPlay = start.promise;
    await vi.advanceTimersByTimeAsync(501);
    h.engine.pause();
    start.resolve();
    await vi.advanceTimersByTimeAsync(6000);
    expect(h.element(1).paused).toBe(true);
    expect(state().crossfade).toBeNull();
    expect(h.logger.warn).not.toHaveBeenCalled();
    expect(h.backend.autoAdvance).not.toHaveBeenCalled();
  });

  it('pausing mid-fade cancels it and keeps the outgoing song', async () => {
    await playNearEnd(175);
    await vi.advanceTimersByTimeAsync(500);
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.element(1).paused).toBe(false);
    h.engine.pause();
    expect(state().crossfade).toBeNull();
    expect(h.element(1).paused).toBe(true);
    expect(h.fader(0).value).toBe(1);
    expect(state().currentSong?.id).toBe('a');
    await vi.advanceTimersByTimeAsync(6000);
    expect(h.backend.autoAdvance).not.toHaveBeenCalled();
  });

  it('beat matched: starts on the downbeat, enters the next song before its intro end, levels loudness', async () => {
    const outgoing = song('a', { analysis: analysis({ bpm: 120, beatOffsetSeconds: 0, integratedLufs: -8 }) });
    const incoming = song('b', { analysis: analysis({ bpm: 120, beatOffsetSeconds: 0.25, introEndSeconds: 16.25, integratedLufs: -20 }) });
    // nominal start 175 -> downbeat 174 (2 s bars), so the mixer starts at 173.5
    await playNearEnd(173.4, {}, outgoing, incoming);
    await vi.advanceTimersByTimeAsync(500);
    expect(state().crossfade).toBeNull();
    h.element(0).advanceTo(173.6);
    await vi.advanceTimersByTimeAsync(500);
    expect(state().crossfade?.toSongId).toBe('b');
    await vi.advanceTimersByTimeAsync(400);
    // intro end 16.25 - 5 = 11.25 -> downbeat 10.25
    expect(h.element(1).currentTime).toBe(10.25);
    expect(h.element(1).paused).toBe(false);
    expect(h.trim(0).value).toBeCloseTo(dbToGain(-6), 9);
    expect(h.trim(1).value).toBeCloseTo(dbToGain(6), 9);
  });
});

describe('silence elimination', () => {
  it('skips a long leading silence and advances at trailing silence', async () => {
    const silent = song('a', { analysis: analysis({ silenceRanges: [{ start: 0, end: 2 }, { start: 170, end: 180 }] }) });
    await mixerOn({ crossfadeEnabled: false, silenceEliminationEnabled: true });
    h.backend.autoAdvance.mockResolvedValue(queue(song('b')));
    await h.engine.applyQueue(queue(silent, [song('b')]), 'play');
    expect(h.element(0).currentTime).toBe(2);
    h.element(0).setDuration(180);
    h.element(0).advanceTo(169.8);
    await vi.advanceTimersByTimeAsync(500);
    expect(h.backend.autoAdvance).not.toHaveBeenCalled();
    h.element(0).advanceTo(170.1);
    await vi.advanceTimersByTimeAsync(500);
    expect(h.backend.autoAdvance).toHaveBeenCalledWith('a');
    await vi.waitFor(() => expect(state().currentSong?.id).toBe('b'));
  });

  it('crossfades from the start of trailing silence', async () => {
    const silent = song('a', { analysis: analysis({ silenceRanges: [{ start: 170, end: 180 }] }) });
    await mixerOn({ silenceEliminationEnabled: true, beatMatchedTransitions: false });
    await h.engine.applyQueue(queue(silent, [song('b')]), 'play');
    h.element(0).setDuration(180);
    h.element(0).advanceTo(164.6);
    await vi.advanceTimersByTimeAsync(500);
    expect(state().crossfade?.toSongId).toBe('b');
  });

  it('analyses decoded audio when the song has no stored analysis', async () => {
    const rate = 1000;
    const data = new Float32Array(5 * rate);
    data.fill(0.5, 1.5 * rate);
    h.rig.context.decoded = { sampleRate: rate, numberOfChannels: 1, length: data.length, getChannelData: () => data };
    await mixerOn({ silenceEliminationEnabled: true });
    await h.engine.applyQueue(queue(song('a')), 'play');
    await vi.waitFor(() => expect(h.element(0).currentTime).toBe(1.5));
  });

  it('plays from the start when decoding fails', async () => {
    await mixerOn({ silenceEliminationEnabled: true });
    await h.engine.applyQueue(queue(song('a')), 'play');
    await vi.waitFor(() => expect(h.logger.warn).toHaveBeenCalledWith('Silence analysis failed for song a', expect.any(Error)));
    expect(h.element(0).currentTime).toBe(0);
    expect(state().isPlaying).toBe(true);
  });
});

describe('the DJ voice', () => {
  const LINK = { text: 'That was Song a. Next, more in the same vein for your evening: Song b.', audioUrl: '/media/dj-voice/ab.mp3', durationSeconds: 8 };

  async function djSetPlaying(linkFor: VoiceLinkSource['linkFor']) {
    h.engine.dispose();
    h = createEngineHarness({ voiceLinks: { linkFor } });
    await mixerOn();
    await h.engine.applyQueue({ ...queue(song('a'), [song('b')]), djActive: true }, 'play');
    h.element(0).setDuration(180);
    h.element(0).advanceTo(120);
    await vi.advanceTimersByTimeAsync(500);
  }

  it('asks for the link once and speaks it so it ends mid-crossfade, over the outro, with the music ducked', async () => {
    const linkFor = vi.fn<VoiceLinkSource['linkFor']>().mockResolvedValue(LINK);
    await djSetPlaying(linkFor);
    expect(linkFor).toHaveBeenCalledWith('a', 'b');
    // The 5 s fade starts at 175 s: an 8 s link starts at 175 + 2.5 - 8 = 169.5 s.
    h.element(0).advanceTo(169);
    await vi.advanceTimersByTimeAsync(500);
    expect(state().voice).toBeNull();
    h.element(0).advanceTo(169.6);
    const t0 = h.rig.context.currentTime;
    await vi.advanceTimersByTimeAsync(500);
    expect(state().voice).toEqual({ fromSongId: 'a', toSongId: 'b', text: LINK.text });
    const voice = h.element(2);
    expect(voice.src).toBe(LINK.audioUrl);
    expect(voice.paused).toBe(false);
    const music = h.rig.context.gains[1].gain as unknown as { valueAt(time: number): number };
    expect(music.valueAt(t0 + VOICE_DUCK_SECONDS)).toBeCloseTo(VOICE_DUCK_GAIN);
    expect(state().crossfade).toBeNull();
    // Spoken once per transition, and the music comes back when it ends.
    await vi.advanceTimersByTimeAsync(1000);
    expect(linkFor).toHaveBeenCalledTimes(1);
    voice.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(state().voice).toBeNull();
    expect(music.valueAt(h.rig.context.currentTime + 1)).toBeCloseTo(1);
  });

  it('stops speaking when the user pauses, and says nothing outside a DJ set or without a link', async () => {
    const linkFor = vi.fn<VoiceLinkSource['linkFor']>().mockResolvedValue(LINK);
    await djSetPlaying(linkFor);
    h.element(0).advanceTo(170);
    await vi.advanceTimersByTimeAsync(500);
    expect(state().voice).not.toBeNull();
    h.engine.pause();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.element(2).paused).toBe(true);
    expect(state().voice).toBeNull();

    const none = vi.fn<VoiceLinkSource['linkFor']>().mockResolvedValue(null);
    await djSetPlaying(none);
    h.element(0).advanceTo(170);
    await vi.advanceTimersByTimeAsync(500);
    expect(state().voice).toBeNull();

    const unused = vi.fn<VoiceLinkSource['linkFor']>().mockResolvedValue(LINK);
    h.engine.dispose();
    h = createEngineHarness({ voiceLinks: { linkFor: unused } });
    await mixerOn();
    await h.engine.applyQueue(queue(song('a'), [song('b')]), 'play');
    h.element(0).setDuration(180);
    h.element(0).advanceTo(170);
    await vi.advanceTimersByTimeAsync(1000);
    expect(unused).not.toHaveBeenCalled();
    expect(state().voice).toBeNull();
  });
});
