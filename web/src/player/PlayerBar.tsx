/**
 * The player bar (SPEC 2): cover, title, artist, tags or radio badge, like, queue, previous,
 * play/pause, next, seek with elapsed and total time, mute, volume, 'Mixer Mode' badge and the
 * mixer settings popover. It renders the engine's state; the engine does the work.
 */
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ListMusic, LoaderCircle, Music, Pause, Play, SkipBack, SkipForward, Volume2, VolumeX } from 'lucide-react';
import { LikeButton } from './LikeButton';
import { DeferredSongMenu } from '../playlists/SongMenuButton';
import { DeferredMixerPanel } from './MixerButton';
import { formatPlaybackTime } from './playbackTime';
import { SEEK_STEP_SECONDS, VOLUME_STEP, type PlayerState } from './playerEngine';
import { usePlayerServices, usePlayerState, useRadioGenre } from './PlayerProvider';
import { PlayerSlider } from './PlayerSlider';
import './PlayerBar.css';

const NOW_PLAYING_PATH = '/now-playing';

function NowPlaying({ state }: { state: PlayerState }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const radioGenre = useRadioGenre();
  const song = state.currentSong;
  if (!song) return <p className="player-bar__empty">No song selected</p>;
  const art = song.thumbnailUrl ?? song.coverUrl;
  const onNowPlaying = pathname === NOW_PLAYING_PATH;
  return (
    <>
      <button
        type="button"
        className="player-bar__cover"
        aria-label={onNowPlaying ? 'Close now playing' : 'Open now playing'}
        onClick={() => navigate(onNowPlaying ? '/' : NOW_PLAYING_PATH)}
      >
        {art ? <img src={art} alt="" /> : <Music aria-hidden size={22} />}
      </button>
      <div className="player-bar__meta">
        <p className="player-bar__title" title={song.title}>
          {song.title}
        </p>
        {state.error ? (
          <p className="player-bar__error" role="status">
            {state.error}
          </p>
        ) : (
          song.artist && <p className="player-bar__artist">{song.artist}</p>
        )}
        <div className="player-bar__tags">
          {song.generationId ? (
            <span className="player-tag player-tag--making">Still being made</span>
          ) : radioGenre ? (
            <span className="player-tag player-tag--radio">Radio: {radioGenre}</span>
          ) : (
            <>
              {song.mood && <span className="player-tag">{song.mood}</span>}
              {song.genre && <span className="player-tag">{song.genre}</span>}
            </>
          )}
        </div>
      </div>
      {/* A song still being generated is not in the library yet: nothing to like or add. */}
      {!song.generationId && (
        <>
          <LikeButton songId={song.id} />
          <DeferredSongMenu song={song} className="player-bar__song-menu" />
        </>
      )}
    </>
  );
}

function SeekBar({ state }: { state: PlayerState }) {
  const { engine } = usePlayerServices();
  // A pointer drag moves only the thumb and seeks once, on release; keyboard steps seek at once.
  const [dragValue, setDragValue] = useState<number | null>(null);
  const drag = useRef<{ active: boolean; value: number | null }>({ active: false, value: null });
  const duration = state.duration > 0 ? state.duration : 0;
  const position = Math.min(dragValue ?? state.currentTime, duration);

  const onChange = (value: number) => {
    if (!drag.current.active) {
      engine.seek(value);
      return;
    }
    drag.current.value = value;
    setDragValue(value);
  };
  const endDrag = () => {
    const { active, value } = drag.current;
    drag.current = { active: false, value: null };
    if (active && value !== null) engine.seek(value);
    setDragValue(null);
  };

  return (
    <div className="player-bar__seek">
      <span className="player-bar__time">{formatPlaybackTime(position)}</span>
      <PlayerSlider
        className="player-slider--seek"
        label="Seek"
        min={0}
        max={duration || 1}
        step={SEEK_STEP_SECONDS}
        value={position}
        valueText={`${formatPlaybackTime(position)} of ${formatPlaybackTime(duration)}`}
        disabled={!state.currentSong || duration === 0}
        onChange={onChange}
        onPointerDown={() => {
          drag.current = { active: true, value: null };
        }}
        onPointerUp={endDrag}
      />
      <span className="player-bar__time">{formatPlaybackTime(duration)}</span>
    </div>
  );
}

export function PlayerBar() {
  const state = usePlayerState();
  const { engine } = usePlayerServices();
  const navigate = useNavigate();
  const hasSong = state.currentSong !== null;
  // Songs queued without a current one (enqueued while nothing played): Play and Next start the first.
  const canGoOn = hasSong || state.upcomingQueue.length > 0;
  const canGoBack = hasSong || state.playHistory.length > 0;
  const muted = state.volume === 0;

  return (
    <section className="player-bar" aria-label="Player">
      <div className="player-bar__now">
        <NowPlaying state={state} />
      </div>

      <div className="player-bar__center">
        <div className="player-bar__controls">
          <button type="button" className="player-icon-button" aria-label="Previous" disabled={!canGoBack || state.requestInFlight} onClick={() => void engine.previous()}>
            <SkipBack aria-hidden size={20} />
          </button>
          <button type="button" className="player-bar__play" aria-label={state.isPlaying ? 'Pause' : 'Play'} disabled={!canGoOn} onClick={() => void engine.togglePlay()}>
            {state.isLoading ? (
              <LoaderCircle aria-hidden size={22} className="player-spin" />
            ) : state.isPlaying ? (
              <Pause aria-hidden size={22} />
            ) : (
              <Play aria-hidden size={22} />
            )}
          </button>
          <button type="button" className="player-icon-button" aria-label="Next" disabled={!canGoOn || state.requestInFlight} onClick={() => void engine.next()}>
            <SkipForward aria-hidden size={20} />
          </button>
        </div>
        <SeekBar state={state} />
      </div>

      <div className="player-bar__side">
        {state.mode === 'mixer' && <span className="player-badge">Mixer Mode</span>}
        <button type="button" className="player-icon-button" aria-label="Queue" onClick={() => navigate('/queue')}>
          <ListMusic aria-hidden size={20} />
        </button>
        <button type="button" className="player-icon-button" aria-label={muted ? 'Unmute' : 'Mute'} onClick={() => engine.toggleMute()}>
          {muted ? <VolumeX aria-hidden size={20} /> : <Volume2 aria-hidden size={20} />}
        </button>
        <PlayerSlider
          className="player-slider--volume"
          label="Volume"
          min={0}
          max={1}
          step={VOLUME_STEP}
          value={state.volume}
          valueText={`${Math.round(state.volume * 100)}%`}
          onChange={(value) => engine.setVolume(value)}
        />
        <DeferredMixerPanel />
      </div>
    </section>
  );
}
