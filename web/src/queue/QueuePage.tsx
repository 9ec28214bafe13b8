/**
 * Play Queue (/queue): the current song, the upcoming songs (drag to reorder with a pointer or
 * the keyboard, remove, clear) and the play history.
 */
import { useState } from 'react';
import { Music, Pause, Play, X } from 'lucide-react';
import { formatPlaybackTime } from '../player/playbackTime';
import { usePlayerServices, usePlayerState } from '../player/PlayerProvider';
import type { PlayableSong } from '../player/types';
import { SongContextMenu, SongMenu } from '../playlists/SongMenu';
import { SortableList, SortableRow } from '../ui/SortableList';
import { moveItem, queueRowIds } from './reorder';
import { useQueueActions } from './useQueueActions';
import '../player/PlayerBar.css';
import '../library/SongList.css';
import './QueuePage.css';

function SongMeta({ song }: { song: PlayableSong }) {
  const art = song.thumbnailUrl ?? song.coverUrl;
  return (
    <>
      <span className="queue-row__art" aria-hidden>
        {art ? <img src={art} alt="" loading="lazy" /> : <Music size={16} />}
      </span>
      {/* The right-click menu sits on the title, not the row: a sortable row does not drag as a menu's trigger. */}
      <SongContextMenu song={song}>
        <span className="queue-row__meta">
          <span className="queue-row__title">{song.title}</span>
          <span className="queue-row__sub">{[song.artist, song.genre].filter(Boolean).join(' · ')}</span>
        </span>
      </SongContextMenu>
      <span className="queue-row__duration">{song.duration ? formatPlaybackTime(song.duration) : ''}</span>
    </>
  );
}

function UpcomingRow({ id, song, index, onRemove }: { id: string; song: PlayableSong; index: number; onRemove: (index: number) => void }) {
  return (
    <SortableRow id={id} className="queue-row" handleLabel={`Reorder ${song.title}, position ${index + 1}`}>
      <SongMeta song={song} />
      <span className="queue-row__actions">
        <SongMenu song={song} />
        <button type="button" className="player-icon-button" aria-label={`Remove ${song.title} from queue`} onClick={() => onRemove(index)}>
          <X aria-hidden size={18} />
        </button>
      </span>
    </SortableRow>
  );
}

function Upcoming({ songs }: { songs: readonly PlayableSong[] }) {
  const actions = useQueueActions();
  // The order shown while a move is on its way to the server.
  const [pending, setPending] = useState<readonly PlayableSong[] | null>(null);
  const shown = pending ?? songs;
  const ids = queueRowIds(shown.map((song) => song.id));
  const onMove = (from: number, to: number) => {
    setPending(moveItem(shown, from, to));
    void actions.move(from, to).finally(() => setPending(null));
  };

  return (
    <section className="queue__section" aria-labelledby="queue-upcoming">
      <div className="queue__section-header">
        <h2 id="queue-upcoming" className="queue__heading">
          Next up
        </h2>
        <button type="button" className="page__button" disabled={shown.length === 0} onClick={() => void actions.clear()}>
          Clear queue
        </button>
      </div>
      {shown.length === 0 ? (
        <p className="page__empty">Nothing queued. Add songs from your library.</p>
      ) : (
        <SortableList ids={ids} label="Upcoming songs" titleAt={(index) => shown[index]!.title} onMove={onMove}>
          {shown.map((song, index) => (
            <UpcomingRow key={ids[index]} id={ids[index]!} song={song} index={index} onRemove={(i) => void actions.remove(i)} />
          ))}
        </SortableList>
      )}
    </section>
  );
}

export function QueuePage() {
  const state = usePlayerState();
  const { engine } = usePlayerServices();
  const actions = useQueueActions();
  const current = state.currentSong;
  const historyIds = queueRowIds(state.playHistory.map((song) => song.id));

  return (
    <div className="page queue">
      <header className="page__header">
        <h1 className="page__title">Play Queue</h1>
        {state.radioGenre && <p className="page__status">Radio: {state.radioGenre}</p>}
      </header>

      <section className="queue__section" aria-labelledby="queue-current">
        <h2 id="queue-current" className="queue__heading">
          Now playing
        </h2>
        {current ? (
          <div className="queue-row queue-row--current">
            <button
              type="button"
              className="player-icon-button"
              aria-label={state.isPlaying ? 'Pause' : 'Play'}
              onClick={() => void engine.togglePlay()}
            >
              {state.isPlaying ? <Pause aria-hidden size={18} /> : <Play aria-hidden size={18} />}
            </button>
            <SongMeta song={current} />
            <SongMenu song={current} />
          </div>
        ) : (
          <p className="page__empty">No song selected</p>
        )}
      </section>

      <Upcoming songs={state.upcomingQueue} />

      <section className="queue__section" aria-labelledby="queue-history">
        <h2 id="queue-history" className="queue__heading">
          Recently played
        </h2>
        {state.playHistory.length === 0 ? (
          <p className="page__empty">Songs you play show up here.</p>
        ) : (
          <ol className="queue__list" aria-label="Play history">
            {state.playHistory.map((song, index) => (
              <li key={historyIds[index]} className="queue-row">
                <button type="button" className="player-icon-button" aria-label={`Play ${song.title} again`} onClick={() => void actions.play(song.id)}>
                  <Play aria-hidden size={18} />
                </button>
                <SongMeta song={song} />
                <SongMenu song={song} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
