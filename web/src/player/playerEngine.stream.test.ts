import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_MIXER_SETTINGS } from './mixerSettings';
import { STREAM_SWITCH_FADE_SECONDS, generationStreamUrl } from './playerEngine';
import type { GenerationStreamRequest, PlayableSong, QueueSnapshot } from './types';
import { deferred, harnessPerTest, queue, song, type EngineHarness } from './testSupport/engineHarness';

let h: EngineHarness;
const state = () => h.engine.getSnapshot();

const REQUEST: GenerationStreamRequest = { requestId: 'r1', title: 'Rain Tape', durationSeconds: 180, genre: 'lo-fi', mood: 'chill' };
const STORED: PlayableSong = song('s1', { title: 'Rain Tape', audioUrl: '/media/songs/s1.mp3' });
const STREAM_URL = generationStreamUrl('r1');

/** What playSong answers: the stored song as the server's current one. */
const madeCurrent = (version = 5): QueueSnapshot => ({ ...queue(STORED, [song('next')], [song('before')]), version });

async function streaming(atSeconds: number): Promise<void> {
  await h.engine.playGenerationStream(REQUEST);
  h.element(0).arrive(atSeconds + 4);
  h.element(0).advanceTo(atSeconds);
}

harnessPerTest((harness) => (h = harness), () => h);

describe('a song being generated, played from its stream', () => {
  it('plays the stream as the current song with the plan’s title and length', async () => {
    await h.engine.playGenerationStream(REQUEST);
    expect(h.element(0).src).toBe(STREAM_URL);
    expect(h.element(0).paused).toBe(false);
    expect(state().currentSong).toMatchObject({ title: 'Rain Tape', generationId: 'r1', genre: 'lo-fi' });
    expect(state().generationStream).toEqual({ requestId: 'r1', availableSeconds: 0, ended: false });
    // The browser's guess from the bytes so far is not the song's length.
    h.element(0).setDuration(12.5);
    expect(state().duration).toBe(180);
  });

  it('seeks only within what has arrived', async () => {
    await streaming(10);
    expect(state().generationStream?.availableSeconds).toBe(14);
    expect(h.engine.seek(60)).toBe(true);
    expect(h.element(0).currentTime).toBe(14);
    expect(h.engine.seek(3)).toBe(true);
    expect(h.element(0).currentTime).toBe(3);
  });

  it('keeps playing when a queue push arrives (the song is not in the server’s queue yet)', async () => {
    await streaming(10);
    await h.engine.applyQueue({ ...queue(song('other'), [song('up')]), version: 3 }, 'keep');
    expect(state().currentSong?.generationId).toBe('r1');
    expect(h.element(0).src).toBe(STREAM_URL);
    expect(state().upcomingQueue.map((s) => s.id)).toEqual(['up']);
  });

  it('gives way to a song the listener picks', async () => {
    await streaming(10);
    await h.engine.applyQueue({ ...queue(song('picked')), version: 3 }, 'play');
    expect(state().currentSong?.id).toBe('picked');
    expect(state().generationStream).toBeNull();
  });

  it('does not crossfade out of a stream in mixer mode, nor analyse it for silence', async () => {
    const decode = vi.spyOn(h.rig.context, 'decodeAudioData');
    h.engine.setMixerSettings({ ...DEFAULT_MIXER_SETTINGS, silenceEliminationEnabled: true });
    await h.engine.setMixerMode(true);
    await h.engine.applyQueue(queue(song('a'), [song('b')]), 'stay');
    await vi.advanceTimersByTimeAsync(0);
    decode.mockClear();
    await h.engine.playGenerationStream(REQUEST);
    h.element(0).arrive(180);
    h.element(0).advanceTo(178);
    await vi.advanceTimersByTimeAsync(1500);
    expect(state().crossfade).toBeNull();
    expect(h.element(0).src).toBe(STREAM_URL);
    expect(decode).toHaveBeenCalledTimes(0);
  });
});

describe('switching from the stream to the stored song', () => {
  it('starts the stored file on the other deck at the stream’s moment, fades over and swaps, without a restart', async () => {
    await streaming(7.5);
    const makeCurrent = vi.fn(async () => madeCurrent());
    const done = h.engine.finishGenerationStream('r1', STORED, makeCurrent);
    // The stored file loads on the idle deck while the stream plays on.
    expect(h.element(1).src).toBe('/media/songs/s1.mp3');
    expect(h.fader(1).value).toBe(0);
    h.element(0).advanceTo(7.8);
    h.element(1).emit('canplay');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.element(1).currentTime).toBe(7.8);
    expect(h.element(1).paused).toBe(false);
    // Equal-power fade: the two faders cross during the fade.
    const start = h.rig.context.currentTime;
    expect(h.fader(0).valueAt(start + STREAM_SWITCH_FADE_SECONDS / 2)).toBeCloseTo(Math.SQRT1_2, 1);
    expect(h.fader(1).valueAt(start + STREAM_SWITCH_FADE_SECONDS / 2)).toBeCloseTo(Math.SQRT1_2, 1);
    h.rig.context.currentTime = start + STREAM_SWITCH_FADE_SECONDS;
    await vi.advanceTimersByTimeAsync(STREAM_SWITCH_FADE_SECONDS * 1000 + 100);
    await done;

    // The stream's deck now holds the next song, preloaded.
    expect(h.element(0).src).toBe('/media/next.mp3');
    expect(h.fader(1).value).toBe(1);
    expect(state().currentSong).toMatchObject({ id: 's1', title: 'Rain Tape' });
    expect(state().currentSong?.generationId).toBeUndefined();
    expect(state().generationStream).toBeNull();
    expect(state().isPlaying).toBe(true);
    expect(state().currentTime).toBe(7.8);
    // Then the server's queue: the stored song is its current one, the audio stays as it is.
    expect(makeCurrent).toHaveBeenCalledTimes(1);
    expect(h.element(1).loads).toBe(1);
    expect(state().upcomingQueue.map((s) => s.id)).toEqual(['next']);
    h.element(1).advanceTo(9);
    expect(state().currentTime).toBeGreaterThanOrEqual(7.8);
  });

  it('catches up when the stored file took a moment to start', async () => {
    await streaming(20);
    const started = deferred<void>();
    h.element(1).holdNextPlay = started.promise;
    const done = h.engine.finishGenerationStream('r1', STORED, async () => madeCurrent());
    h.element(1).emit('canplay');
    await vi.advanceTimersByTimeAsync(0);
    expect(h.element(1).currentTime).toBe(20);
    h.element(0).advanceTo(20.4);
    started.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(h.element(1).currentTime).toBe(20.4);
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(state().currentSong?.id).toBe('s1');
  });

  it('paused: the stored file replaces the stream on the same deck at the same moment', async () => {
    await streaming(33);
    h.engine.pause();
    const makeCurrent = vi.fn(async () => madeCurrent());
    await h.engine.finishGenerationStream('r1', STORED, makeCurrent);
    expect(h.element(0).src).toBe('/media/songs/s1.mp3');
    expect(h.element(0).currentTime).toBe(33);
    expect(h.element(0).paused).toBe(true);
    expect(h.element(1).src).toBe('/media/next.mp3');
    expect(state().currentSong?.id).toBe('s1');
    expect(makeCurrent).toHaveBeenCalledTimes(1);
  });

  it('a seek during the fade keeps the listener’s place and plays the stored file from there', async () => {
    await streaming(30);
    const done = h.engine.finishGenerationStream('r1', STORED, async () => madeCurrent());
    h.element(1).emit('canplay');
    await vi.advanceTimersByTimeAsync(0);
    h.engine.seek(12);
    await vi.advanceTimersByTimeAsync(0);
    await done;
    expect(h.element(0).src).toBe('/media/songs/s1.mp3');
    expect(h.element(0).currentTime).toBe(12);
    expect(h.element(0).paused).toBe(false);
    expect(h.fader(0).value).toBe(1);
    expect(state().currentSong?.id).toBe('s1');
  });

  it('a stored file that does not load leaves it to the in-place switch', async () => {
    await streaming(5);
    const done = h.engine.finishGenerationStream('r1', STORED, async () => madeCurrent());
    h.element(1).emit('error');
    await done;
    expect(h.element(0).src).toBe('/media/songs/s1.mp3');
    expect(h.element(0).currentTime).toBe(5);
    expect(state().currentSong?.id).toBe('s1');
    expect(h.logger.warn).toHaveBeenCalledWith('The stored song could not take over from its stream', expect.any(Error));
  });

  it('a stream that ended first waits for the stored song, then moves on to the next song', async () => {
    await streaming(179);
    h.element(0).duration = 180;
    h.element(0).finish();
    expect(state().generationStream?.ended).toBe(true);
    expect(h.backend.autoAdvance).not.toHaveBeenCalled();
    h.backend.autoAdvance.mockResolvedValue({ ...queue(song('next')), version: 6 });
    await h.engine.finishGenerationStream('r1', STORED, async () => madeCurrent());
    expect(h.backend.autoAdvance).toHaveBeenCalledWith('s1');
    expect(state().currentSong?.id).toBe('next');
  });

  it('does nothing for a stream that is no longer playing', async () => {
    await streaming(5);
    await h.engine.applyQueue({ ...queue(song('picked')), version: 3 }, 'play');
    const makeCurrent = vi.fn(async () => madeCurrent());
    await h.engine.finishGenerationStream('r1', STORED, makeCurrent);
    expect(makeCurrent).not.toHaveBeenCalled();
    expect(state().currentSong?.id).toBe('picked');
  });

  it('a failed generation gives the player back to the server’s queue', async () => {
    h.backend.refresh.mockResolvedValue({ ...queue(song('before')), version: 4 });
    await streaming(5);
    await h.engine.abandonGenerationStream('r1');
    expect(state().generationStream).toBeNull();
    expect(state().currentSong?.id).toBe('before');
    expect(state().isPlaying).toBe(false);
  });
});
