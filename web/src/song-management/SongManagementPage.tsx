/**
 * Song management (/song-management, needs canManageSongs; docs/song-management.md): a table of the
 * user's songs (admins: every song) to edit (title, artist, genre, mood, lyrics, cover, visibility),
 * download (MP3, .lrc) and delete, with bulk visibility, delete and add to playlist.
 */
import { useState, type FormEvent } from 'react';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Download, FileText, Music, Pencil, Trash2 } from 'lucide-react';
import { useSignedInUser } from '../auth/useCurrentUser';
import { Spinner } from '../shell/Spinner';
import { AddSelectionToPlaylist } from '../playlists/SongMenu';
import { formatPlaybackTime } from '../player/playbackTime';
import { toast } from '../ui/toastStore';
import { downloadText } from '../ui/downloadText';
import type { ManagedSongFieldsFragment } from '../gql/graphql';
import { LoadMore, useNextPage } from '../library/LoadMore';
import {
  COVER_CHOICES_QUERY,
  DELETE_SONGS_MUTATION,
  MANAGED_SONG_FRAGMENT,
  MANAGED_SONGS_QUERY,
  SET_SONGS_VISIBILITY_MUTATION,
  UPDATE_MANAGED_SONG_MUTATION,
} from './songManagementOperations';
import '../library/SongList.css';
import './SongManagementPage.css';

/** Songs per page of the table. */
export const MANAGED_PAGE_SIZE = 50;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const fileName = (title: string) => title.trim().replace(/[^\w -]+/g, '').replace(/\s+/g, ' ') || 'song';

/** Saves the song's LRC as a .lrc file (made in the browser from the stored text). */
const downloadLrc = (song: ManagedSongFieldsFragment) => downloadText(`${fileName(song.title)}.lrc`, song.lrc ?? '', 'text/plain');

function EditSong({ song, onDone }: { song: ManagedSongFieldsFragment; onDone(): void }) {
  const client = useApolloClient();
  const [form, setForm] = useState({
    title: song.title,
    artist: song.artist ?? '',
    genre: song.genre ?? '',
    mood: song.mood ?? '',
    lyrics: song.lyrics ?? '',
    isPublic: song.isPublic,
    canBeShared: song.canBeShared,
  });
  const [coverFromSongId, setCoverFromSongId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const covers = useQuery(COVER_CHOICES_QUERY, { fetchPolicy: 'cache-and-network' });
  const [update] = useMutation(UPDATE_MANAGED_SONG_MUTATION);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await update({ variables: { id: song.id, input: { ...form, coverFromSongId } } });
      toast({ title: 'Song saved', description: form.title });
      onDone();
    } catch (error) {
      toast({ title: 'Could not save the song', description: errorText(error), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    try {
      const response = await fetch(`/api/songs/${encodeURIComponent(song.id)}/cover`, { method: 'POST', body: file, headers: { 'Content-Type': file.type || 'application/octet-stream' }, credentials: 'same-origin' });
      const body = (await response.json()) as { error?: string };
      if (!response.ok) throw new Error(body.error ?? response.statusText);
      // The answer is the song with its new cover: its row changes in place, the loaded pages stay.
      const uploaded = body as ManagedSongFieldsFragment;
      client.cache.writeFragment({ id: client.cache.identify({ __typename: 'ManagedSong', id: uploaded.id }), fragment: MANAGED_SONG_FRAGMENT, data: uploaded });
      toast({ title: 'Cover uploaded', description: song.title });
    } catch (error) {
      toast({ title: 'Could not upload the cover', description: errorText(error), variant: 'destructive' });
    }
  };

  const text = (name: 'title' | 'artist' | 'genre' | 'mood', label: string) => (
    <label className="manage-form__field">
      <span>{label}</span>
      <input type="text" value={form[name]} maxLength={name === 'title' || name === 'artist' ? 255 : 100} required={name === 'title'} onChange={(e) => setForm({ ...form, [name]: e.target.value })} />
    </label>
  );

  return (
    <form className="manage-form" aria-label={`Edit ${song.title}`} onSubmit={(e) => void save(e)}>
      <div className="manage-form__grid">
        {text('title', 'Title')}
        {text('artist', 'Artist')}
        {text('genre', 'Genre')}
        {text('mood', 'Mood')}
      </div>
      <label className="manage-form__field">
        <span>Lyrics (the synced lyrics follow the sung timing)</span>
        <textarea rows={8} value={form.lyrics} maxLength={10_000} onChange={(e) => setForm({ ...form, lyrics: e.target.value })} />
      </label>
      <div className="manage-form__checks">
        <label>
          <input type="checkbox" checked={form.isPublic} onChange={(e) => setForm({ ...form, isPublic: e.target.checked })} /> Public
        </label>
        <label>
          <input type="checkbox" checked={form.canBeShared} onChange={(e) => setForm({ ...form, canBeShared: e.target.checked })} /> Can be shared
        </label>
        <p className="manage-form__hint">
          Public: everyone may find and play it (a private song is yours and the admins' only). Can be shared: others see it in public playlists.
        </p>
      </div>
      <fieldset className="manage-form__covers">
        <legend>Cover</legend>
        <div className="manage-covers" role="group" aria-label="Generated covers">
          {(covers.data?.coverChoices ?? []).map((choice) => (
            <button key={choice.songId} type="button" className="manage-cover" aria-label={`Cover of ${choice.title}`} aria-pressed={coverFromSongId === choice.songId} onClick={() => setCoverFromSongId(coverFromSongId === choice.songId ? null : choice.songId)}>
              <img src={choice.thumbnailUrl} alt="" loading="lazy" />
            </button>
          ))}
        </div>
        <label className="manage-form__field">
          <span>Or upload an image</span>
          <input type="file" accept="image/*" onChange={(e) => void upload(e.target.files?.[0])} />
        </label>
      </fieldset>
      <div className="manage-form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          Save
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function SongManagementPage() {
  const user = useSignedInUser();
  const [all, setAll] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<string | null>(null);
  const { data, loading, error, fetchMore } = useQuery(MANAGED_SONGS_QUERY, { variables: { all, first: MANAGED_PAGE_SIZE }, skip: !user.canManageSongs, fetchPolicy: 'cache-and-network' });
  const next = useNextPage(data?.managedSongsConnection.pageInfo, (after) => fetchMore({ variables: { after } }), 'song management');
  // Changed rows come back in the answer (the cache updates them in place); deleted ones leave every loaded page.
  const [setVisibility] = useMutation(SET_SONGS_VISIBILITY_MUTATION);
  const [deleteSongs] = useMutation(DELETE_SONGS_MUTATION, {
    update: (cache, { data: deleted }) => {
      for (const id of deleted?.deleteSongs ?? []) cache.evict({ id: cache.identify({ __typename: 'ManagedSong', id }) });
      cache.gc();
    },
  });

  if (!user.canManageSongs) {
    return (
      <div className="page">
        <header className="page__header">
          <h1 className="page__title">Song Management</h1>
        </header>
        <p className="manage__hint">Song management comes with the Pro plan and above. See Subscription in the user menu.</p>
      </div>
    );
  }

  const songs = data?.managedSongsConnection.edges.map((edge) => edge.node) ?? [];
  const chosen = songs.filter((song) => selected.has(song.id)).map((song) => song.id);
  const toggle = (id: string, on: boolean) =>
    setSelected((before) => {
      const after = new Set(before);
      if (on) after.add(id);
      else after.delete(id);
      return after;
    });

  const changeVisibility = async (songIds: string[], change: { isPublic?: boolean; canBeShared?: boolean }) => {
    try {
      await setVisibility({ variables: { songIds, ...change } });
      toast({ title: 'Visibility changed', description: songIds.length === 1 ? undefined : `${songIds.length} songs` });
    } catch (failure) {
      toast({ title: 'Could not change visibility', description: errorText(failure), variant: 'destructive' });
    }
  };
  const remove = async (songIds: string[], what: string) => {
    if (!window.confirm(`Delete ${what}? The audio and cover files go too; this cannot be undone.`)) return;
    try {
      await deleteSongs({ variables: { songIds } });
      setSelected(new Set());
      if (editing && songIds.includes(editing)) setEditing(null);
      toast({ title: `Deleted ${what}` });
    } catch (failure) {
      toast({ title: 'Could not delete', description: errorText(failure), variant: 'destructive' });
    }
  };

  const editingSong = songs.find((song) => song.id === editing);
  return (
    <div className="page manage">
      <header className="page__header">
        <h1 className="page__title">Song Management</h1>
        {user.canAccessAdmin && (
          <label className="manage__all">
            <input type="checkbox" checked={all} onChange={(e) => { setAll(e.target.checked); setSelected(new Set()); }} /> All songs
          </label>
        )}
      </header>
      {chosen.length > 0 && (
        <div className="manage__bulk" role="toolbar" aria-label="Selected songs">
          <span>{chosen.length} selected</span>
          <button type="button" className="page__button" onClick={() => void changeVisibility(chosen, { isPublic: true })}>
            Make public
          </button>
          <button type="button" className="page__button" onClick={() => void changeVisibility(chosen, { isPublic: false })}>
            Make private
          </button>
          <AddSelectionToPlaylist songIds={chosen} />
          <button type="button" className="page__button" onClick={() => void remove(chosen, chosen.length === 1 ? '1 song' : `${chosen.length} songs`)}>
            <Trash2 size={16} aria-hidden /> Delete
          </button>
        </div>
      )}
      {editingSong && <EditSong key={editingSong.id} song={editingSong} onDone={() => setEditing(null)} />}
      {error ? (
        <p className="manage__hint" role="alert">
          {errorText(error)}
        </p>
      ) : loading && !data ? (
        <Spinner label="Loading songs..." />
      ) : songs.length === 0 ? (
        <p className="manage__hint">{all ? 'There are no songs yet.' : 'You have no songs yet. Create one in the AI Studio.'}</p>
      ) : (
        <div className="manage__table-wrap">
          <table className="manage__table" aria-label="Songs">
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label="Select all"
                    checked={chosen.length === songs.length}
                    onChange={(e) => setSelected(e.target.checked ? new Set(songs.map((song) => song.id)) : new Set())}
                  />
                </th>
                <th scope="col">Title</th>
                <th scope="col">Artist</th>
                <th scope="col">Genre</th>
                <th scope="col">Mood</th>
                <th scope="col">Length</th>
                <th scope="col">Visibility</th>
                {all && <th scope="col">Owner</th>}
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {songs.map((song) => (
                <tr key={song.id} data-selected={selected.has(song.id)}>
                  <td>
                    <input type="checkbox" aria-label={`Select ${song.title}`} checked={selected.has(song.id)} onChange={(e) => toggle(song.id, e.target.checked)} />
                  </td>
                  <td>
                    <span className="manage__title">
                      {song.thumbnailUrl ?? song.coverUrl ? <img src={(song.thumbnailUrl ?? song.coverUrl)!} alt="" loading="lazy" /> : <Music size={16} aria-hidden />}
                      {song.title}
                    </span>
                  </td>
                  <td>{song.artist}</td>
                  <td>{song.genre}</td>
                  <td>{song.mood}</td>
                  <td>{song.duration ? formatPlaybackTime(song.duration) : ''}</td>
                  <td>
                    <button type="button" className="manage__toggle" aria-label={`${song.title} is ${song.isPublic ? 'public' : 'private'}: make it ${song.isPublic ? 'private' : 'public'}`} onClick={() => void changeVisibility([song.id], { isPublic: !song.isPublic })}>
                      {song.isPublic ? 'Public' : 'Private'}
                    </button>
                    {!song.canBeShared && <span className="manage__badge">No sharing</span>}
                  </td>
                  {all && <td>{song.ownerName ?? 'Catalogue'}</td>}
                  <td className="manage__actions">
                    <button type="button" className="icon-button" aria-label={`Edit ${song.title}`} onClick={() => setEditing(song.id)}>
                      <Pencil size={16} aria-hidden />
                    </button>
                    {song.audioUrl && (
                      <a className="icon-button" href={song.audioUrl} download={`${fileName(song.title)}.mp3`} aria-label={`Download ${song.title} MP3`}>
                        <Download size={16} aria-hidden />
                      </a>
                    )}
                    {song.lrc && (
                      <button type="button" className="icon-button" aria-label={`Download ${song.title} lyrics (.lrc)`} onClick={() => downloadLrc(song)}>
                        <FileText size={16} aria-hidden />
                      </button>
                    )}
                    <button type="button" className="icon-button" aria-label={`Delete ${song.title}`} onClick={() => void remove([song.id], song.title)}>
                      <Trash2 size={16} aria-hidden />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore loader={next} />
    </div>
  );
}
