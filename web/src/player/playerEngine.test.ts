import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotSignedInError } from './notices';
import { SUBSCRIPTIONS_RESUMED_EVENT } from '../apollo/transportLink';
import { DEFAULT_VOLUME, FORCE_QUEUE_REFRESH_EVENT, type PlayerState } from './playerEngine';
import { createEngineHarness, deferred, queue, song, type EngineHarness } from './testSupport/engineHarness';

let h: EngineHarness;

beforeEach(() => {
  h = createEngineHarness();
});

afterEach(() => {
  h.engine.dispose();
  vi.useRealTimers();
});

const state = (): PlayerState => h.engine.getSnapshot();

describe('volume and mute', () => {
  it('defaults to 0.8 and clamps to 0..1', () => {
    expect(state().volume).toBe(DEFAULT_VOLUME);
    h.engine.setVolume(1.5);
    expect(state().volume).toBe(1);
    h.engine.setVolume(-0.2);
    expect(state().volume).toBe(0);
    h.engine.setVolume(0.37);
    h.engine.setVolume(Number.NaN);
    expect(state().volume).toBe(0.37);
    const master = h.rig.context.gains[0].gain;
    expect(master.value).toBe(0.37);
  });

  it('mute remembers the prior volume and restores it', () => {
    h.engine.setVolume(0.5);
    h.engine.toggleMute();
    expect(state().volume).toBe(0);
    expect(h.rig.context.gains[0].gain.value).toBe(0);
    h.engine.toggleMute();
    expect(state().volume).toBe(0.5);
  });

  it('unmuting restores 0.8 when the volume was already 0', () => {
    h.engine.setVolume(0);
    h.engine.toggleMute();
    expect(state().volume).toBe(0.8);
  });
});

describe('seek', () => {
  beforeEach(async () => {
    await h.engine.applyQueue(queue(song('a')), 'stay');
    h.element(0).setDuration(200);
  });

  it('accepts finite non-negative times capped at the duration', () => {
    expect(h.engine.seek(42)).toBe(true);
    expect(h.element(0).currentTime).toBe(42);
    expect(state().currentTime).toBe(42);
    expect(h.engine.seek(500)).toBe(true);
    expect(h.element(0).currentTime).toBe(200);
  });

  it('rejects negative and non-finite times', () => {
    h.engine.seek(10);
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) expect(h.engine.seek(bad)).toBe(false);
    expect(h.element(0).currentTime).toBe(10);
  });

  it('does nothing without a song', async () => {
    await h.engine.applyQueue(queue(null), 'stay');
    expect(h.engine.seek(1)).toBe(false);
  });
});

describe('time updates', () => {
  it('publishes at most every 250 ms, and the last position always lands', async () => {
    vi.useFakeTimers();
    h = createEngineHarness();
    await h.engine.applyQueue(queue(song('a')), 'play');
    const start = Date.now();
    const published: Array<[number, number]> = [];
    h.engine.subscribe(() => published.push([Date.now() - start, state().currentTime]));
    // A timeupdate every 50 ms for one second (positions 1.00 .. 2.00 s).
    for (let ms = 0; ms <= 1000; ms += 50) {
      h.element(0).advanceTo(1 + ms / 1000);
      vi.advanceTimersByTime(50);
    }
    vi.advanceTimersByTime(250);
    // First event at once, then one trailing update per 250 ms window carrying the latest position.
    expect(published.map(([at]) => at)).toEqual([0, 250, 500, 750, 1000, 1250]);
    expect(published.map(([, position]) => position)).toEqual([1, 1.2, 1.45, 1.7, 1.95, 2]);
  });
});

describe('loading and preloading', () => {
  it('loads the current song on one deck and the next on the other', async () => {
    await h.engine.applyQueue(queue(song('a'), [song('b')]), 'stay');
    expect(h.element(0).src).toBe('/media/a.mp3');
    expect(h.element(1).src).toBe('/media/b.mp3');
    expect(state().currentSong?.id).toBe('a');
    expect(state().isPlaying).toBe(false);
  });

  it('advancing to the preloaded song swaps decks instead of reloading', async () => {
    await h.engine.applyQueue(queue(song('a'), [song('b'), song('c')]), 'play');
    const loadsBefore = h.element(1).loads;
    await h.engine.applyQueue(queue(song('b'), [song('c')]), 'keep');
    expect(h.element(1).loads).toBe(loadsBefore);
    expect(h.element(1).paused).toBe(false);
    expect(h.element(0).paused).toBe(true);
    expect(h.element(0).src).toBe('/media/c.mp3');
  });

  it('with repeat one preloads the current song again (what the queue plays next), and the next song again when repeat is off', async () => {
    await h.engine.applyQueue(queue(song('a'), [song('b')]), 'stay');
    h.engine.setRepeatMode('one');
    expect(h.element(0).src).toBe('/media/a.mp3');
    expect(h.element(1).src).toBe('/media/a.mp3');
    h.engine.setRepeatMode('none');
    expect(h.element(1).src).toBe('/media/b.mp3');
  });

  it('reports a song without audio URL', async () => {
    await h.engine.applyQueue(queue(song('a', { audioUrl: null })), 'play');
    expect(h.notices).toEqual([{ title: 'Song has no audio URL' }]);
    expect(state().error).toBe('Song has no audio URL');
    expect(state().currentSong?.id).toBe('a');
  });

  it('shows but does not toast a song without audio URL until play is pressed', async () => {
    await h.engine.applyQueue(queue(song('a', { audioUrl: null })), 'stay');
    expect(state().error).toBe('Song has no audio URL');
    expect(h.notices).toEqual([]);
    await h.engine.togglePlay();
    expect(h.notices).toEqual([{ title: 'Song has no audio URL' }]);
  });
});

describe('play and autoplay', () => {
  it('autoplay blocked leaves the player paused without an error', async () => {
    h.element(0).rejectNextPlay = 'autoplay';
    await h.engine.applyQueue(queue(song('a')), 'play');
    expect(state().isPlaying).toBe(false);
    expect(state().isLoading).toBe(false);
    expect(state().error).toBeNull();
    expect(h.notices).toEqual([]);
    await h.engine.togglePlay();
    expect(state().isPlaying).toBe(true);
  });

  it('any other play failure is "Failed to play song"', async () => {
    h.element(0).rejectNextPlay = new Error('decode error');
    await h.engine.applyQueue(queue(song('a')), 'play');
    expect(h.notices).toEqual([{ title: 'Failed to play song', description: 'decode error' }]);
    expect(state().error).toBe('Failed to play song');
  });

  it('toggle failure is "Failed to toggle playback"', async () => {
    await h.engine.applyQueue(queue(song('a')), 'stay');
    h.element(0).rejectNextPlay = new Error('boom');
    await h.engine.togglePlay();
    expect(h.notices).toEqual([{ title: 'Failed to toggle playback', description: 'boom' }]);
  });

  it('toggles between playing and paused', async () => {
    await h.engine.applyQueue(queue(song('a')), 'stay');
    await h.engine.togglePlay();
    expect(state().isPlaying).toBe(true);
    expect(h.rig.context.state).toBe('running');
    await h.engine.togglePlay();
    expect(state().isPlaying).toBe(false);
    expect(h.element(0).paused).toBe(true);
  });

  it('a media error is "Failed to play song"', async () => {
    await h.engine.applyQueue(queue(song('a')), 'play');
    h.element(0).emit('error');
    expect(h.notices.map((n) => n.title)).toEqual(['Failed to play song']);
    expect(state().isPlaying).toBe(false);
  });
});

describe('auto-advance', () => {
  it('asks the server once per end, not again while the request is in flight', async () => {
    await h.engine.applyQueue(queue(song('a'), [song('b')]), 'play');
    const answer = deferred<ReturnType<typeof queue>>();
    h.backend.autoAdvance.mockReturnValue(answer.promise);
    h.element(0).finish();
    h.element(0).emit('ended');
    expect(h.backend.autoAdvance).toHaveBeenCalledTimes(1);
    expect(h.backend.autoAdvance).toHaveBeenCalledWith('a');
    expect(state().requestInFlight).toBe(true);
    answer.resolve(queue(song('b'), [], [song('a')]));
    await vi.waitFor(() => expect(state().requestInFlight).toBe(false));
    expect(state().currentSong?.id).toBe('b');
    expect(state().isPlaying).toBe(true);
    expect(h.element(1).paused).toBe(false);
  });

  it('does not auto-advance while a next request runs', async () => {
    await h.engine.applyQueue(queue(song('a'), [song('b')]), 'play');
    const answer = deferred<ReturnType<typeof queue>>();
    h.backend.next.mockReturnValue(answer.promise);
    const pending = h.engine.next();
    h.element(0).emit('ended');
    expect(h.backend.autoAdvance).not.toHaveBeenCalled();
    answer.resolve(queue(song('b')));
    await pending;
  });

  it('plays the same song again when the server advances to it (a radio of one song)', async () => {
    await h.engine.applyQueue({ ...queue(song('a'), [song('a')]), version: 1 }, 'play');
    h.element(0).advanceTo(180);
    h.backend.autoAdvance.mockResolvedValue({ ...queue(song('a'), [song('a')], [song('a')]), version: 2 });
    h.element(0).finish();
    await vi.waitFor(() => expect(state().requestInFlight).toBe(false));
    expect(state().currentSong?.id).toBe('a');
    expect(state().isPlaying).toBe(true);
    expect(state().currentTime).toBe(0);
  });

  it('reports a failed auto-advance as "Failed to play next song"', async () => {
    await h.engine.applyQueue(queue(song('a'), [song('b')]), 'play');
    h.backend.autoAdvance.mockRejectedValue(new Error('offline'));
    h.element(0).finish();
    await vi.waitFor(() => expect(h.notices).toEqual([{ title: 'Failed to play next song', description: 'offline' }]));
  });
});

describe('next and previous', () => {
  it('next plays the answer', async () => {
    await h.engine.applyQueue(queue(song('a'), [song('b')]), 'stay');
    h.backend.next.mockResolvedValue(queue(song('b'), [], [song('a')]));
    expect(await h.engine.next()).toBe(true);
    expect(state().currentSong?.id).toBe('b');
    expect(state().isPlaying).toBe(true);
    expect(state().playHistory.map((s) => s.id)).toEqual(['a']);
  });

  it('next plays the new song when the queueChanged push delivers it before the answer', async () => {
    await h.engine.applyQueue({ ...queue(song('a'), [song('b')]), version: 1 }, 'play');
    const answer = deferred<ReturnType<typeof queue>>();
    h.backend.next.mockReturnValue(answer.promise);
    const pending = h.engine.next();
    const advanced = { ...queue(song('b'), [], [song('a')]), version: 2 };
    await h.engine.applyQueue(advanced, 'keep');
    expect(state().currentSong?.id).toBe('b');
    answer.resolve(advanced);
    expect(await pending).toBe(true);
    expect(state().currentSong?.id).toBe('b');
    expect(state().isPlaying).toBe(true);
  });

  it('a failed next reports and resumes the current song', async () => {
    await h.engine.applyQueue(queue(song('a'), [song('b')]), 'play');
    h.element(0).advanceTo(30);
    h.backend.next.mockRejectedValue(new Error('500: Internal Server Error'));
    expect(await h.engine.next()).toBe(false);
    expect(h.notices).toEqual([{ title: 'Failed to play next song', description: '500: Internal Server Error' }]);
    expect(state().currentSong?.id).toBe('a');
    expect(h.element(0).paused).toBe(false);
    expect(h.element(0).currentTime).toBe(30);
  });

  it('next at the end of the queue keeps the current song and its play state', async () => {
    await h.engine.applyQueue(queue(song('a')), 'play');
    h.element(0).advanceTo(20);
    h.backend.next.mockResolvedValue(queue(song('a')));
    await h.engine.next();
    expect(h.element(0).paused).toBe(false);
    expect(h.element(0).currentTime).toBe(20);
    h.engine.pause();
    await h.engine.next();
    expect(h.element(0).paused).toBe(true);
    expect(h.notices).toEqual([]);
  });

  it('play with no current song but songs queued moves on to the first of them', async () => {
    await h.engine.applyQueue(queue(null, [song('b')]), 'stay');
    h.backend.next.mockResolvedValue(queue(song('b')));
    await h.engine.play();
    expect(h.backend.next).toHaveBeenCalledTimes(1);
    expect(state().currentSong?.id).toBe('b');
    expect(state().isPlaying).toBe(true);
  });

  it('next while paused plays the next song', async () => {
    await h.engine.applyQueue(queue(song('a'), [song('b')]), 'stay');
    h.backend.next.mockResolvedValue(queue(song('b')));
    await h.engine.next();
    expect(state().isPlaying).toBe(true);
    expect(state().currentSong?.id).toBe('b');
  });

  it('a failed previous is "Failed to play previous song"', async () => {
    await h.engine.applyQueue(queue(song('a')), 'stay');
    h.backend.previous.mockRejectedValue(new Error('nope'));
    await h.engine.previous();
    expect(h.notices.map((n) => n.title)).toEqual(['Failed to play previous song']);
    expect(h.element(0).paused).toBe(true);
  });
});

describe('queue refresh', () => {
  it("refreshes on the 'force-queue-refresh' event", async () => {
    h.backend.refresh.mockResolvedValue(queue(song('x'), [song('y')]));
    const target = new EventTarget();
    h.engine.listenForQueueRefresh(target);
    target.dispatchEvent(new Event(FORCE_QUEUE_REFRESH_EVENT));
    await vi.waitFor(() => expect(state().currentSong?.id).toBe('x'));
    expect(state().upcomingQueue.map((s) => s.id)).toEqual(['y']);
  });

  it('refreshes on another event when told to (the subscription socket coming back)', async () => {
    h.backend.refresh.mockResolvedValue(queue(song('x')));
    const target = new EventTarget();
    h.engine.listenForQueueRefresh(target, SUBSCRIPTIONS_RESUMED_EVENT);
    target.dispatchEvent(new Event(FORCE_QUEUE_REFRESH_EVENT));
    expect(h.backend.refresh).not.toHaveBeenCalled();
    target.dispatchEvent(new Event(SUBSCRIPTIONS_RESUMED_EVENT));
    await vi.waitFor(() => expect(state().currentSong?.id).toBe('x'));
  });

  it('only logs a refresh refused for want of a session', async () => {
    h.backend.refresh.mockRejectedValue(new NotSignedInError());
    await h.engine.refresh();
    expect(h.notices).toEqual([]);
    expect(h.logger.info).toHaveBeenCalledWith('Queue refresh skipped: not logged in');
  });

  it('stops listening for the refresh event when detached', async () => {
    h.backend.refresh.mockResolvedValue(queue(null));
    const target = new EventTarget();
    const detach = h.engine.listenForQueueRefresh(target);
    detach();
    target.dispatchEvent(new Event(FORCE_QUEUE_REFRESH_EVENT));
    expect(h.backend.refresh).not.toHaveBeenCalled();
  });

  it("reports 'Failed to refresh queue'", async () => {
    h.backend.refresh.mockRejectedValue(new Error('401: Unauthorized'));
    await h.engine.refresh();
    expect(h.notices.map((n) => n.title)).toEqual(['Failed to refresh queue']);
  });

  it('ignores a snapshot older than one already applied', async () => {
    await h.engine.applyQueue({ ...queue(song('b'), [song('c')]), version: 7 }, 'stay');
    await h.engine.applyQueue({ ...queue(song('a'), [song('b')]), version: 6 }, 'keep');
    expect(state().currentSong?.id).toBe('b');
    expect(state().upcomingQueue.map((s) => s.id)).toEqual(['c']);
    await h.engine.applyQueue({ ...queue(song('c')), version: 8 }, 'keep');
    expect(state().currentSong?.id).toBe('c');
  });

  it('a push for the same song keeps playback untouched', async () => {
    await h.engine.applyQueue(queue(song('a'), [song('b')]), 'play');
    h.element(0).advanceTo(12);
    const loads = h.element(0).loads;
    await h.engine.applyQueue(queue(song('a', { title: 'Renamed' }), [song('c')]), 'keep');
    expect(h.element(0).loads).toBe(loads);
    expect(h.element(0).currentTime).toBe(12);
    expect(state().currentSong?.title).toBe('Renamed');
    expect(h.element(1).src).toBe('/media/c.mp3');
  });
});

describe('snapshot details', () => {
  it('playQueue plays the answer of a song-picking mutation and carries the radio genre', async () => {
    const ok = await h.engine.playQueue(async () => ({ ...queue(song('r'), [song('s')]), radioGenre: 'lofi' }));
    expect(ok).toBe(true);
    expect(state().currentSong?.id).toBe('r');
    expect(state().radioGenre).toBe('lofi');
    expect(state().isPlaying).toBe(true);
  });

  it('uses the server duration until the element knows it', async () => {
    await h.engine.applyQueue(queue(song('a', { duration: 123 })), 'stay');
    expect(state().duration).toBe(123);
    h.element(0).setDuration(124.5);
    expect(state().duration).toBe(124.5);
  });

  it('an empty queue stops and clears the song', async () => {
    await h.engine.applyQueue(queue(song('a')), 'play');
    await h.engine.applyQueue(queue(null), 'keep');
    expect(state().currentSong).toBeNull();
    expect(state().isPlaying).toBe(false);
    expect(h.element(0).paused).toBe(true);
  });

  it('dispose stops playback and listening', async () => {
    await h.engine.applyQueue(queue(song('a')), 'play');
    h.engine.dispose();
    expect(h.element(0).paused).toBe(true);
    h.element(0).emit('ended');
    expect(h.backend.autoAdvance).not.toHaveBeenCalled();
  });
});

