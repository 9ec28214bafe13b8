import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../ui/toastStore';
import { renderPlayer } from './testSupport/renderPlayer';
import { queueData, songData } from './testSupport/scriptedApollo';
import { RADIO_STATE_KEY, saveRadioState } from './radioState';

vi.mock('../ui/toastStore', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../ui/toastStore')>()),
  toast: vi.fn(),
}));

const withSong = {
  PlayerQueue: () => ({ queue: queueData(songData('a', { title: 'Night Drive', artist: 'Neon', mood: 'dreamy', genre: 'synthwave' }), [songData('b')]) }),
};

afterEach(() => {
  vi.mocked(toast).mockClear();
});

/** A 3:20 song at 0:10, and its seek slider. */
async function playingAt10Of200() {
  const { rig, engine } = renderPlayer({ handlers: withSong });
  await screen.findByText('Night Drive');
  act(() => rig.elements[0].setDuration(200));
  act(() => void engine.seek(10));
  return { rig, seek: screen.getByRole('slider', { name: 'Seek' }) };
}

describe('PlayerBar', () => {
  it("shows 'No song selected' without a current song", async () => {
    renderPlayer();
    expect(await screen.findByText('No song selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play' })).toBeDisabled();
  });

  it('with songs queued but none current, Play and Next start the first queued song', async () => {
    const { apollo } = renderPlayer({
      handlers: {
        PlayerQueue: () => ({ queue: queueData(null, [songData('b', { title: 'Queued' })]) }),
        NextSong: () => ({ nextSong: queueData(songData('b', { title: 'Queued' }), [], 2) }),
      },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Play' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(await screen.findByText('Queued')).toBeInTheDocument();
    expect(apollo.calls.map((c) => c.operationName)).toContain('NextSong');
  });

  it('shows the song, its tags and times, and plays and pauses', async () => {
    const { rig } = renderPlayer({ handlers: withSong });
    expect(await screen.findByText('Night Drive')).toBeInTheDocument();
    expect(screen.getByText('Neon')).toBeInTheDocument();
    expect(screen.getByText('dreamy')).toBeInTheDocument();
    expect(screen.getByText('synthwave')).toBeInTheDocument();
    expect(screen.getByText('3:00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(rig.elements[0].paused).toBe(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(rig.elements[0].paused).toBe(true);
  });

  it('next asks the server and shows its answer', async () => {
    const { apollo } = renderPlayer({
      handlers: { ...withSong, NextSong: () => ({ nextSong: queueData(songData('b', { title: 'Sunrise' }), [], 2) }) },
    });
    await screen.findByText('Night Drive');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Sunrise')).toBeInTheDocument();
    expect(apollo.calls.map((c) => c.operationName)).toContain('NextSong');
  });

  it('seeks with the slider in 1 s steps', async () => {
    const { rig, seek } = await playingAt10Of200();
    expect(seek).toHaveAttribute('aria-valuetext', '0:10 of 3:20');
    expect(seek).toHaveAttribute('step', '1');
    // A keyboard step (the browser moves a range input itself and reports its new value).
    fireEvent.change(seek, { target: { value: '11' } });
    expect(rig.elements[0].currentTime).toBe(11);
    expect(seek).toHaveAttribute('aria-valuetext', '0:11 of 3:20');
    // the thumb keeps following playback after a keyboard seek
    act(() => rig.elements[0].advanceTo(42));
    await waitFor(() => expect(seek).toHaveAttribute('aria-valuetext', '0:42 of 3:20'));
  });

  it('a pointer drag moves only the thumb and seeks once, on release (also outside the slider)', async () => {
    const { rig, seek } = await playingAt10Of200();
    fireEvent.pointerDown(seek);
    fireEvent.change(seek, { target: { value: '50' } });
    fireEvent.change(seek, { target: { value: '60' } });
    expect(seek).toHaveAttribute('aria-valuetext', '1:00 of 3:20');
    expect(rig.elements[0].currentTime).toBe(10);
    fireEvent.pointerUp(document.body);
    expect(rig.elements[0].currentTime).toBe(60);
  });

  it('mutes and restores the volume', async () => {
    renderPlayer({ handlers: withSong });
    await screen.findByText('Night Drive');
    const volume = screen.getByRole<HTMLInputElement>('slider', { name: 'Volume' });
    expect(volume.valueAsNumber).toBe(0.8);
    await userEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(volume.valueAsNumber).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(volume.valueAsNumber).toBe(0.8);
  });

  it("shows 'Radio: {genre}' instead of tags while radio is on", async () => {
    renderPlayer({ handlers: { PlayerQueue: () => ({ queue: queueData(songData('a', { mood: 'dreamy' }), [], 1, 'lofi') }) } });
    expect(await screen.findByText('Radio: lofi')).toBeInTheDocument();
    expect(screen.queryByText('dreamy')).not.toBeInTheDocument();
  });

  it('drops the radio badge and the local radio state when something else plays', async () => {
    const { services } = renderPlayer({
      handlers: {
        PlayerQueue: () => ({ queue: queueData(songData('a', { mood: 'dreamy' }), [songData('b')], 1, 'lofi') }),
        PlaySong: () => ({ playSong: queueData(songData('c', { title: 'Picked', mood: 'dreamy' }), [], 2) }),
      },
    });
    expect(await screen.findByText('Radio: lofi')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(RADIO_STATE_KEY)!)).toMatchObject({ genre: 'lofi' });
    await act(() => services.playSong('c'));
    expect(await screen.findByText('Picked')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Radio: lofi')).not.toBeInTheDocument());
    expect(screen.getByText('dreamy')).toBeInTheDocument();
    expect(localStorage.getItem(RADIO_STATE_KEY)).toBeNull();
  });

  it("drops a radio state left from before when the server's queue is no radio (it ended elsewhere)", async () => {
    saveRadioState(localStorage, 'jazz');
    renderPlayer({ handlers: withSong });
    expect(await screen.findByText('Night Drive')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(RADIO_STATE_KEY)).toBeNull());
    // The badge follows on the once-a-second radio check.
    await waitFor(() => expect(screen.queryByText('Radio: jazz')).not.toBeInTheDocument(), { timeout: 3000 });
    expect(screen.getByText('dreamy')).toBeInTheDocument();
  });

  it("shows the 'Mixer Mode' badge in mixer mode", async () => {
    const { services } = renderPlayer({ handlers: withSong });
    await screen.findByText('Night Drive');
    expect(screen.queryByText('Mixer Mode')).not.toBeInTheDocument();
    await act(() => services.mixer.setMixerMode(true));
    expect(screen.getByText('Mixer Mode')).toBeInTheDocument();
  });

  it('the cover toggles between /now-playing and /, the queue button opens /queue', async () => {
    renderPlayer({ handlers: withSong });
    await screen.findByText('Night Drive');
    await userEvent.click(screen.getByRole('button', { name: 'Open now playing' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/now-playing');
    await userEvent.click(screen.getByRole('button', { name: 'Close now playing' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    await userEvent.click(screen.getByRole('button', { name: 'Queue' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/queue');
  });

  it('likes and unlikes the song with the SPEC toasts', async () => {
    renderPlayer({
      handlers: {
        ...withSong,
        LikeSong: () => ({ like: { __typename: 'Song', id: 'a', isLiked: true, likeCount: 1 } }),
        UnlikeSong: () => ({ unlike: { __typename: 'Song', id: 'a', isLiked: false, likeCount: 0 } }),
      },
    });
    await screen.findByText('Night Drive');
    await userEvent.click(screen.getByRole('button', { name: 'Add to liked songs' }));
    const unlike = await screen.findByRole('button', { name: 'Remove from liked songs' });
    expect(unlike).toHaveAttribute('aria-pressed', 'true');
    expect(toast).toHaveBeenCalledWith({ title: 'Song added to liked songs', description: 'Added to your collection' });
    await userEvent.click(unlike);
    await screen.findByRole('button', { name: 'Add to liked songs' });
    expect(toast).toHaveBeenCalledWith({ title: 'Song removed from liked songs', description: 'Removed from your collection' });
  });

  it('turns engine errors into destructive toasts', async () => {
    renderPlayer({ handlers: { PlayerQueue: () => ({ queue: queueData(songData('a', { audioUrl: null })) }) } });
    expect(await screen.findByText('Song has no audio URL')).toBeInTheDocument();
    expect(toast).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(toast).toHaveBeenCalledWith({ title: 'Song has no audio URL', description: undefined, variant: 'destructive' });
  });

  it('follows queueChanged pushes', async () => {
    const { apollo } = renderPlayer({ handlers: withSong });
    await screen.findByText('Night Drive');
    act(() => apollo.push('QueueChanged', { queueChanged: queueData(songData('z', { title: 'Elsewhere' }), [], 9) }));
    await waitFor(() => expect(screen.getByText('Elsewhere')).toBeInTheDocument());
  });
});
