/**
 * A list of songs with the library actions on each: play, play next, add to queue, start radio,
 * like and the song menu (all of those and add to playlist). Shared by Your Library and Liked
 * Songs; with `selection` each row has a checkbox (the library's multi-select). On phones the
 * action icons are hidden and the one '⋯' menu carries them, so the title keeps the width (four
 * icons left it ~8 characters at 390 px).
 */
import { ListEnd, ListPlus, Music, Pause, Play, Radio } from 'lucide-react';
import type { LibrarySongFieldsFragment } from '../gql/graphql';
import { LikeButton } from '../player/LikeButton';
import { DeferredSongContextMenu, DeferredSongMenu } from '../playlists/SongMenuButton';
import { formatPlaybackTime } from '../player/playbackTime';
import { usePlayerServices, usePlayerState } from '../player/PlayerProvider';
import { useQueueActions } from '../queue/useQueueActions';
import { toast } from '../ui/toastStore';
import '../player/PlayerBar.css';
import './SongList.css';

/** A song's cover as its play (or, when it is the current song playing, pause) button. */
export function SongPlayButton({
  song,
  isCurrent,
  isPlaying,
  onClick,
}: {
  song: { title: string; thumbnailUrl?: string | null; coverUrl?: string | null };
  isCurrent: boolean;
  isPlaying: boolean;
  onClick: () => void;
}) {
  const art = song.thumbnailUrl ?? song.coverUrl;
  return (
    <button type="button" className="song-row__play" aria-label={isCurrent && isPlaying ? `Pause ${song.title}` : `Play ${song.title}`} onClick={onClick}>
      {art ? <img src={art} alt="" loading="lazy" /> : <Music aria-hidden size={18} />}
      <span className="song-row__play-icon" aria-hidden>
        {isCurrent && isPlaying ? <Pause size={18} /> : <Play size={18} />}
      </span>
    </button>
  );
}

/** Which songs are selected, and how to change that. */
export interface SongSelection {
  selected: ReadonlySet<string>;
  toggle(songId: string, selected: boolean): void;
}

/** A song row; the library's own songs also carry a moderator's decision, which only their owner is sent. */
type ListedSong = LibrarySongFieldsFragment & {
  moderationOutcome?: { status: string; moderatorNotes?: string | null; regeneration?: { status: string; error?: string | null; decision?: string | null } | null } | null;
};

const MODERATION_OUTCOMES: Record<string, string> = {
  approved: 'Approved by a moderator',
  hidden: 'Hidden by a moderator: only you can see it',
  regeneration: 'Hidden by a moderator until its words are rewritten',
};

/** How far the rewrite of a song's words has gone, as its owner reads it. */
function regenerationNote(regeneration: { status: string; error?: string | null; decision?: string | null }): string {
  if (regeneration.decision === 'accepted') return 'the rewritten version replaced it';
  if (regeneration.decision === 'rejected') return 'the rewritten version was rejected';
  if (regeneration.status === 'failed') return `the rewrite failed: ${regeneration.error ?? 'Unknown error occurred'}`;
  if (regeneration.status === 'completed') return 'the rewritten version awaits a moderator';
  return 'the rewrite is in progress';
}

function SongRow({
  song,
  isCurrent,
  isPlaying,
  selection,
}: {
  song: ListedSong;
  isCurrent: boolean;
  isPlaying: boolean;
  selection?: SongSelection;
}) {
  const { engine } = usePlayerServices();
  const actions = useQueueActions();
  const playOrToggle = () => {
    if (isCurrent) void engine.togglePlay();
    else void actions.play(song.id);
  };
  const playNext = async () => {
    if (await actions.playNext(song.id)) toast({ title: 'Playing next', description: song.title });
  };
  const enqueue = async () => {
    if (await actions.enqueue(song.id)) toast({ title: 'Added to queue', description: song.title });
  };

  return (
    <DeferredSongContextMenu song={song} withRadio withLike>
      <li className={selection ? 'song-row song-row--selectable' : 'song-row'} data-current={isCurrent} aria-current={isCurrent ? 'true' : undefined}>
        {selection && (
          <input
            type="checkbox"
            className="song-row__select"
            aria-label={`Select ${song.title}`}
            checked={selection.selected.has(song.id)}
            onChange={(event) => selection.toggle(song.id, event.target.checked)}
          />
        )}
        <SongPlayButton song={song} isCurrent={isCurrent} isPlaying={isPlaying} onClick={playOrToggle} />
        <div className="song-row__meta">
          <p className="song-row__title">{song.title}</p>
          <p className="song-row__sub">
            {[song.artist, song.genre, song.mood].filter(Boolean).join(' · ')}
          </p>
          {song.moderationOutcome && (
            <p className="song-row__moderation" role="note">
              {MODERATION_OUTCOMES[song.moderationOutcome.status] ?? song.moderationOutcome.status}
              {song.moderationOutcome.moderatorNotes ? ` (${song.moderationOutcome.moderatorNotes})` : ''}
              {song.moderationOutcome.regeneration ? ` · ${regenerationNote(song.moderationOutcome.regeneration)}` : ''}
            </p>
          )}
        </div>
        <span className="song-row__duration">{song.duration ? formatPlaybackTime(song.duration) : ''}</span>
        <div className="song-row__actions">
          <button type="button" className="player-icon-button" aria-label={`Play ${song.title} next`} title="Play next" onClick={() => void playNext()}>
            <ListEnd aria-hidden size={18} />
          </button>
          <button type="button" className="player-icon-button" aria-label={`Add ${song.title} to queue`} title="Add to queue" onClick={() => void enqueue()}>
            <ListPlus aria-hidden size={18} />
          </button>
          {song.genre && (
            <button
              type="button"
              className="player-icon-button"
              aria-label={`Start ${song.genre} radio from ${song.title}`}
              title="Start radio"
              onClick={() => void actions.play(song.id, true)}
            >
              <Radio aria-hidden size={18} />
            </button>
          )}
          <LikeButton songId={song.id} />
        </div>
        <DeferredSongMenu song={song} className="song-row__more" withRadio withLike />
      </li>
    </DeferredSongContextMenu>
  );
}

export function SongList({ songs, label, selection }: { songs: readonly ListedSong[]; label: string; selection?: SongSelection }) {
  const { currentSong, isPlaying } = usePlayerState();
  return (
    <ul className="song-list" aria-label={label}>
      {songs.map((song) => (
        <SongRow key={song.id} song={song} isCurrent={currentSong?.id === song.id} isPlaying={isPlaying} selection={selection} />
      ))}
    </ul>
  );
}
