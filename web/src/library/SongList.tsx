/**
 * A list of songs with the library actions on each: play, play next, add to queue, start radio
 * and like. Shared by Your Library and Liked Songs. On phones the actions move into one '...'
 * menu per row, so the title keeps the width (four icons left it ~8 characters at 390 px).
 */
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Ellipsis, Heart, ListEnd, ListPlus, Music, Pause, Play, Radio } from 'lucide-react';
import type { LibrarySongFieldsFragment } from '../gql/graphql';
import { LikeButton, useLikeToggle } from '../player/LikeButton';
import { formatPlaybackTime } from '../player/playbackTime';
import { usePlayerServices, usePlayerState } from '../player/PlayerProvider';
import { useQueueActions } from '../queue/useQueueActions';
import { toast } from '../ui/toastStore';
import '../player/PlayerBar.css';
import '../ui/menu.css';
import './SongList.css';

interface RowActions {
  playNext(): void;
  enqueue(): void;
  startRadio(): void;
}

/** The row's actions as one menu (shown instead of the icons on narrow screens). */
function SongRowMenu({ song, actions }: { song: LibrarySongFieldsFragment; actions: RowActions }) {
  const like = useLikeToggle(song.id);
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="player-icon-button song-row__more" aria-label={`More actions for ${song.title}`}>
        <Ellipsis aria-hidden size={18} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={4} collisionPadding={8}>
          <DropdownMenu.Item className="menu__item" onSelect={actions.playNext}>
            <ListEnd size={16} aria-hidden />
            Play next
          </DropdownMenu.Item>
          <DropdownMenu.Item className="menu__item" onSelect={actions.enqueue}>
            <ListPlus size={16} aria-hidden />
            Add to queue
          </DropdownMenu.Item>
          {song.genre && (
            <DropdownMenu.Item className="menu__item" onSelect={actions.startRadio}>
              <Radio size={16} aria-hidden />
              Start {song.genre} radio
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item className="menu__item" disabled={like.busy} onSelect={() => void like.toggle()}>
            <Heart size={16} aria-hidden fill={like.liked ? 'currentColor' : 'none'} />
            {like.liked ? 'Remove from liked songs' : 'Add to liked songs'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function SongRow({ song, isCurrent, isPlaying }: { song: LibrarySongFieldsFragment; isCurrent: boolean; isPlaying: boolean }) {
  const { engine } = usePlayerServices();
  const actions = useQueueActions();
  const art = song.thumbnailUrl ?? song.coverUrl;

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
  const startRadio = () => void actions.play(song.id, true);

  return (
    <li className="song-row" data-current={isCurrent} aria-current={isCurrent ? 'true' : undefined}>
      <button type="button" className="song-row__play" aria-label={isCurrent && isPlaying ? `Pause ${song.title}` : `Play ${song.title}`} onClick={playOrToggle}>
        {art ? <img src={art} alt="" loading="lazy" /> : <Music aria-hidden size={18} />}
        <span className="song-row__play-icon" aria-hidden>
          {isCurrent && isPlaying ? <Pause size={18} /> : <Play size={18} />}
        </span>
      </button>
      <div className="song-row__meta">
        <p className="song-row__title">{song.title}</p>
        <p className="song-row__sub">
          {[song.artist, song.genre, song.mood].filter(Boolean).join(' · ')}
        </p>
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
            onClick={startRadio}
          >
            <Radio aria-hidden size={18} />
          </button>
        )}
        <LikeButton songId={song.id} />
      </div>
      <SongRowMenu song={song} actions={{ playNext: () => void playNext(), enqueue: () => void enqueue(), startRadio }} />
    </li>
  );
}

export function SongList({ songs, label }: { songs: readonly LibrarySongFieldsFragment[]; label: string }) {
  const { currentSong, isPlaying } = usePlayerState();
  return (
    <ul className="song-list" aria-label={label}>
      {songs.map((song) => (
        <SongRow key={song.id} song={song} isCurrent={currentSong?.id === song.id} isPlaying={isPlaying} />
      ))}
    </ul>
  );
}
