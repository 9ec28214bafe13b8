/**
 * A playlist (/playlists/:id, also its share link): cover collage, name, description, count and
 * length; play, shuffle, enqueue; for the owner inline rename/describe, public switch, drag to
 * reorder (pointer or keyboard), remove and delete. Others see a public playlist read-only.
 * Edits from other devices arrive through playlistChanged.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery, useSubscription } from '@apollo/client/react';
import * as Switch from '@radix-ui/react-switch';
import { Copy, ListEnd, ListPlus, Play, Shuffle, Trash2, X } from 'lucide-react';
import type { PlaylistDetailFieldsFragment } from '../gql/graphql';
import { usePageTitle } from '../app/pageTitle';
import { formatPlaybackTime } from '../player/playbackTime';
import { usePlayerServices, usePlayerState } from '../player/PlayerProvider';
import { moveItem } from '../queue/reorder';
import { useQueueActions } from '../queue/useQueueActions';
import { Spinner } from '../shell/Spinner';
import { SongPlayButton } from '../library/SongList';
import { SortableList, SortableRow } from '../ui/SortableList';
import { toast } from '../ui/toastStore';
import { PlaylistCover } from './PlaylistCover';
import { playlistShareUrl, songCountLabel, totalDurationLabel } from './playlistFormat';
import { PLAYLIST_CHANGED_SUBSCRIPTION, PLAYLIST_QUERY } from './playlistOperations';
import { SongContextMenu, SongMenu } from './SongMenu';
import { usePlaylistActions } from './usePlaylistActions';
import '../player/PlayerBar.css';
import '../library/SongList.css';
import '../queue/QueuePage.css';
import '../player/MixerPanel.css';
import './PlaylistPage.css';

type Entry = PlaylistDetailFieldsFragment['songs'][number];

/** Text the owner edits in place: a button showing it, an input while editing (Enter saves, Escape cancels). */
function EditableText({
  value,
  placeholder,
  label,
  maxLength,
  multiline = false,
  className,
  onSave,
}: {
  value: string;
  placeholder: string;
  label: string;
  maxLength: number;
  multiline?: boolean;
  className: string;
  onSave: (text: string) => Promise<boolean>;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  // Set once Enter, Escape or a blur has ended this edit, so the blur that follows (or a second
  // Enter) neither saves again nor saves what Escape cancelled.
  const ended = useRef(false);
  if (draft === null) {
    const start = () => {
      ended.current = false;
      setDraft(value);
    };
    return (
      <button type="button" className={`editable ${className}`} aria-label={`${label}: ${value || placeholder}`} onClick={start}>
        {value || <span className="editable__placeholder">{placeholder}</span>}
      </button>
    );
  }
  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    if (ended.current) return;
    ended.current = true;
    const text = draft.trim();
    if (text !== value && !(await onSave(text))) {
      ended.current = false;
      return;
    }
    setDraft(null);
  };
  const cancel = () => {
    ended.current = true;
    setDraft(null);
  };
  const common = {
    'aria-label': label,
    autoFocus: true,
    value: draft,
    maxLength,
    className: `editable__input ${className}`,
    onBlur: () => void save(),
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === 'Escape') cancel();
      if (event.key === 'Enter' && !(multiline && event.shiftKey)) void save(event);
    },
  };
  return multiline ? (
    <textarea {...common} rows={2} onChange={(event) => setDraft(event.target.value)} />
  ) : (
    <input {...common} onChange={(event) => setDraft(event.target.value)} />
  );
}

function EntryRow({
  entry,
  index,
  playlist,
  onRemove,
}: {
  entry: Entry;
  index: number;
  playlist: PlaylistDetailFieldsFragment;
  onRemove: (songId: string) => void;
}) {
  const { song } = entry;
  const { currentSong, isPlaying } = usePlayerState();
  const { engine } = usePlayerServices();
  const actions = useQueueActions();
  const isCurrent = currentSong?.id === song.id;
  const playOrToggle = () => (isCurrent ? void engine.togglePlay() : void actions.playPlaylist(playlist.id, { startSongId: song.id }));

  return (
    <SortableRow
      id={song.id}
      className="queue-row playlist-row"
      data-current={isCurrent}
      handleLabel={`Reorder ${song.title}, position ${index + 1}`}
      sortable={playlist.isOwner}
      placeholder={<span className="playlist-row__number">{index + 1}</span>}
    >
      <SongPlayButton song={song} isCurrent={isCurrent} isPlaying={isPlaying} onClick={playOrToggle} />
      {/* The right-click menu sits on the title, not the row: a sortable row does not drag as a menu's trigger. */}
      <SongContextMenu song={song}>
        <span className="queue-row__meta">
          <span className="queue-row__title playlist-row__title">{song.title}</span>
          <span className="queue-row__sub">{[song.artist, song.genre, song.mood].filter(Boolean).join(' · ')}</span>
        </span>
      </SongContextMenu>
      <span className="queue-row__duration">{song.duration ? formatPlaybackTime(song.duration) : ''}</span>
      <span className="queue-row__actions">
        <SongMenu song={song} />
        {playlist.isOwner && (
          <button type="button" className="player-icon-button" aria-label={`Remove ${song.title} from playlist`} onClick={() => onRemove(song.id)}>
            <X aria-hidden size={18} />
          </button>
        )}
      </span>
    </SortableRow>
  );
}

function SongsOfPlaylist({ playlist }: { playlist: PlaylistDetailFieldsFragment }) {
  const actions = usePlaylistActions();
  // The order shown while a move is on its way to the server.
  const [pending, setPending] = useState<readonly Entry[] | null>(null);
  const shown = pending ?? playlist.songs;
  const onMove = (from: number, to: number) => {
    setPending(moveItem(shown, from, to));
    void actions.moveSong(playlist.id, shown[from]!.song.id, to).finally(() => setPending(null));
  };

  if (shown.length === 0) {
    return (
      <p className="page__empty">
        {playlist.isOwner ? 'This playlist is empty. Add songs with "Add to playlist" in the ⋯ menu of any song.' : 'This playlist has no songs you can see.'}
      </p>
    );
  }
  return (
    <SortableList ids={shown.map((entry) => entry.song.id)} label="Playlist songs" titleAt={(index) => shown[index]!.song.title} onMove={onMove}>
      {shown.map((entry, index) => (
        <EntryRow key={entry.song.id} entry={entry} index={index} playlist={playlist} onRemove={(songId) => void actions.removeSongs(playlist.id, [songId])} />
      ))}
    </SortableList>
  );
}

function PlaylistHeader({ playlist }: { playlist: PlaylistDetailFieldsFragment }) {
  const actions = usePlaylistActions();
  const queue = useQueueActions();
  const navigate = useNavigate();
  const empty = playlist.songs.length === 0;

  const copyLink = async () => {
    const url = playlistShareUrl(window.location.origin, playlist.id);
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: playlist.isPublic ? url : 'Make the playlist public so others can open it' });
    } catch {
      toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
    }
  };
  const remove = async () => {
    if (!window.confirm(`Delete "${playlist.name}"? This cannot be undone.`)) return;
    if (await actions.remove(playlist.id)) {
      toast({ title: `Deleted ${playlist.name}` });
      void navigate('/library');
    }
  };
  const saveCopy = async () => {
    const id = await actions.duplicate(playlist.id);
    if (id) {
      toast({ title: 'Saved to your playlists' });
      void navigate(`/playlists/${id}`);
    }
  };

  return (
    <header className="playlist-header">
      <PlaylistCover name={playlist.name} coverUrls={playlist.coverUrls} size={208} />
      <div className="playlist-header__text">
        <p className="playlist-header__kind">{playlist.isPublic ? 'Public playlist' : 'Private playlist'}</p>
        {playlist.isOwner ? (
          <h1 className="playlist-header__title">
            <EditableText
              value={playlist.name}
              placeholder="Name"
              label="Playlist name"
              maxLength={100}
              className="playlist-header__title-text"
              onSave={(name) => (name ? actions.rename(playlist.id, name) : Promise.resolve(false))}
            />
          </h1>
        ) : (
          <h1 className="playlist-header__title">{playlist.name}</h1>
        )}
        {playlist.isOwner ? (
          <EditableText
            value={playlist.description ?? ''}
            placeholder="Add a description"
            label="Playlist description"
            maxLength={300}
            multiline
            className="playlist-header__description"
            onSave={(text) => actions.describe(playlist.id, text)}
          />
        ) : (
          playlist.description && <p className="playlist-header__description">{playlist.description}</p>
        )}
        <p className="playlist-header__meta">
          <span className="playlist-header__owner">{playlist.ownerName}</span>
          <span>{songCountLabel(playlist.songCount)}</span>
          <span>{totalDurationLabel(playlist.totalDuration)}</span>
        </p>
        <div className="playlist-header__actions">
          <button type="button" className="playlist-header__play" aria-label={`Play ${playlist.name}`} disabled={empty} onClick={() => void queue.playPlaylist(playlist.id)}>
            <Play aria-hidden size={24} />
          </button>
          <button type="button" className="page__button" disabled={empty} onClick={() => void queue.playPlaylist(playlist.id, { shuffle: true })}>
            <Shuffle aria-hidden size={16} />
            Shuffle
          </button>
          <button
            type="button"
            className="page__button"
            disabled={empty}
            onClick={() => void queue.enqueuePlaylist(playlist.id).then((ok) => ok && toast({ title: 'Added to queue', description: playlist.name }))}
          >
            <ListPlus aria-hidden size={16} />
            Add to queue
          </button>
          <button
            type="button"
            className="page__button"
            disabled={empty}
            onClick={() => void queue.enqueuePlaylist(playlist.id, true).then((ok) => ok && toast({ title: 'Playing next', description: playlist.name }))}
          >
            <ListEnd aria-hidden size={16} />
            Play next
          </button>
          <button type="button" className="page__button" onClick={() => void copyLink()}>
            <Copy aria-hidden size={16} />
            Copy link
          </button>
          {playlist.isOwner ? (
            <>
              <label className="playlist-header__public">
                <Switch.Root className="mixer-switch" checked={playlist.isPublic} aria-label="Public" onCheckedChange={(checked) => void actions.setPublic(playlist.id, checked)}>
                  <Switch.Thumb className="mixer-switch__thumb" />
                </Switch.Root>
                <span>Public</span>
              </label>
              <button type="button" className="player-icon-button" aria-label={`Delete ${playlist.name}`} title="Delete playlist" onClick={() => void remove()}>
                <Trash2 aria-hidden size={18} />
              </button>
            </>
          ) : (
            <button type="button" className="page__button" onClick={() => void saveCopy()}>
              Save a copy
            </button>
          )}
        </div>
      </div>
    </header>
  );
}

export function PlaylistPage() {
  const { id = '' } = useParams();
  const { data, loading, error, refetch } = useQuery(PLAYLIST_QUERY, { variables: { id }, fetchPolicy: 'cache-and-network' });
  useSubscription(PLAYLIST_CHANGED_SUBSCRIPTION, {
    variables: { playlistId: id },
    // A change arrives with the playlist (the cache updates the page); null means deleted or hidden now.
    onData: ({ data: change }) => {
      if (change.data && !change.data.playlistChanged.playlist) void refetch().catch(() => undefined);
    },
  });
  const playlist = data?.playlist;
  usePageTitle(playlist?.name ?? 'Playlist');

  if (!playlist) {
    return (
      <div className="page">
        {loading && !error && <Spinner label="Loading playlist" />}
        {error && (
          <p className="page__status" role="alert">
            {error.message === 'Playlist not found' ? 'Playlist not found. It may be private or deleted.' : `The playlist could not be loaded: ${error.message}`}
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="page playlist-page">
      <PlaylistHeader playlist={playlist} />
      <SongsOfPlaylist playlist={playlist} />
    </div>
  );
}
