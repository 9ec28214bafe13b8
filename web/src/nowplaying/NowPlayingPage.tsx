/**
 * Now Playing (/now-playing): big cover, the waveform from the song's analysis with progress and
 * click-to-seek, time-synced lyrics (LRC) that follow playback when the song has them, and the
 * song's downloads (stems for its owner).
 */
import { Link } from 'react-router';
import { useQuery } from '@apollo/client/react';
import { Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { LikeButton } from '../player/LikeButton';
import { SongContextMenu, SongMenu } from '../playlists/SongMenu';
import { usePlayerServices, usePlayerState, useRadioGenre } from '../player/PlayerProvider';
import { NOW_PLAYING_SONG_QUERY } from './nowPlayingOperations';
import { SyncedLyrics } from './SyncedLyrics';
import { Waveform } from './Waveform';
import { SongDownloads } from '../downloads/SongDownloads';
import '../player/PlayerBar.css';
import '../library/SongList.css';
import './NowPlayingPage.css';

const DEFAULT_COVER = '/default-cover.svg';

export function NowPlayingPage() {
  const state = usePlayerState();
  const { engine } = usePlayerServices();
  const radioGenre = useRadioGenre();
  const song = state.currentSong;
  // Not cached: the player's queue selects other analysis fields and would overwrite these.
  const { data } = useQuery(NOW_PLAYING_SONG_QUERY, { variables: { id: song?.id ?? '' }, skip: !song, fetchPolicy: 'no-cache' });

  if (!song) {
    return (
      <div className="page now-playing">
        <h1 className="page__title">Now Playing</h1>
        <p className="page__empty">
          No song selected. Pick one in <Link to="/library">Your Library</Link>.
        </p>
      </div>
    );
  }

  const details = data?.song?.id === song.id ? data.song : null;
  const seek = (seconds: number) => engine.seek(seconds);
  const tags = radioGenre ? [`Radio: ${radioGenre}`] : [details?.genre ?? song.genre, details?.mood ?? song.mood].filter(Boolean);

  return (
    <div className="page now-playing">
      <h1 className="visually-hidden">Now Playing</h1>
      <div className="now-playing__stage">
        <SongContextMenu song={song}>
          <img className="now-playing__cover" src={details?.coverUrl ?? song.coverUrl ?? DEFAULT_COVER} alt={`Cover of ${song.title}`} />
        </SongContextMenu>
        <div className="now-playing__info">
          <p className="now-playing__title">{song.title}</p>
          {song.artist && <p className="now-playing__artist">{song.artist}</p>}
          <p className="now-playing__tags">
            {tags.map((tag) => (
              <span key={tag} className="player-tag">
                {tag}
              </span>
            ))}
          </p>
          <div className="now-playing__transport">
            <button type="button" className="player-icon-button" aria-label="Previous song" disabled={state.requestInFlight} onClick={() => void engine.previous()}>
              <SkipBack aria-hidden size={22} />
            </button>
            <button type="button" className="now-playing__play" aria-label={state.isPlaying ? 'Pause' : 'Play'} onClick={() => void engine.togglePlay()}>
              {state.isPlaying ? <Pause aria-hidden size={28} /> : <Play aria-hidden size={28} />}
            </button>
            <button type="button" className="player-icon-button" aria-label="Next song" disabled={state.requestInFlight} onClick={() => void engine.next()}>
              <SkipForward aria-hidden size={22} />
            </button>
            <LikeButton songId={song.id} />
            <SongMenu song={song} />
          </div>
        </div>
      </div>

      <Waveform peaks={details?.analysis?.waveformPeaks ?? []} currentTime={state.currentTime} duration={state.duration} onSeek={seek} />

      <section className="now-playing__lyrics" aria-labelledby="now-playing-lyrics">
        <h2 id="now-playing-lyrics" className="queue__heading">
          Lyrics
        </h2>
        {details?.lrc ? (
          <SyncedLyrics lrc={details.lrc} currentTime={state.currentTime} onSeek={seek} />
        ) : details?.lyrics ? (
          <p className="now-playing__plain-lyrics">{details.lyrics}</p>
        ) : (
          <p className="page__empty">{details ? 'This song is instrumental.' : ''}</p>
        )}
      </section>

      <SongDownloads songId={song.id} title={song.title} lyrics={details?.lyrics ?? null} />
    </div>
  );
}
