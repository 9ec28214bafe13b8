/**
 * Extend, Cover and Edit lyrics for the owner of a song (docs/generation.md, Creator options),
 * under its downloads on Now Playing: each queues a new song made from this one.
 */
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@apollo/client/react';
import { Disc3, FastForward, PenLine } from 'lucide-react';
import { messageOf } from '../ui/errorMessage';
import { STUDIO_GENRES, STUDIO_MOODS } from '../studio/studioOptions';
import { COVER_SONG_MUTATION, EDIT_SONG_LYRICS_MUTATION, EXTEND_SONG_MUTATION } from './creatorOperations';
import './CreatorTools.css';

function Queued({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="creator-tools__note">
      {message} <Link to="/generation-queue">Generation queue</Link>
    </p>
  );
}

/**
 * A form's submit: `start` queues the new song and answers its title; the form then shows
 * "Queued ..." or why it failed.
 */
function useQueueing(start: () => Promise<string | null | undefined>): { message: string | null; submit: (event: FormEvent) => Promise<void> } {
  const [message, setMessage] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    try {
      setMessage(`Queued "${(await start()) ?? ''}".`);
    } catch (error) {
      setMessage(messageOf(error));
    }
  };
  return { message, submit };
}

function ExtendForm({ songId }: { songId: string }) {
  const [extendSong, { loading }] = useMutation(EXTEND_SONG_MUTATION);
  const [from, setFrom] = useState('');
  const [seconds, setSeconds] = useState(60);
  const [lyrics, setLyrics] = useState('');
  const [writeVerses, setWriteVerses] = useState(false);
  const { message, submit } = useQueueing(async () => {
    const input = { songId, durationSeconds: seconds, fromSeconds: from.trim() === '' ? null : Number(from), lyrics: lyrics.trim() || null, generateLyrics: writeVerses };
    return (await extendSong({ variables: { input } })).data?.extendSong.title;
  });

  return (
    <form className="creator-tools__form" aria-label="Extend this song" onSubmit={(event) => void submit(event)}>
      <label className="creator-tools__field">
        Continue from (seconds, empty: the end)
        <input type="number" min={0} step={1} value={from} onChange={(event) => setFrom(event.target.value)} />
      </label>
      <label className="creator-tools__field">
        Seconds to add
        <input type="number" min={30} max={240} step={10} value={seconds} onChange={(event) => setSeconds(Number(event.target.value))} />
      </label>
      <label className="creator-tools__field creator-tools__field--wide">
        Words for the continuation (optional)
        <textarea rows={4} value={lyrics} onChange={(event) => setLyrics(event.target.value)} placeholder={'[Verse]\nNew lines to sing'} />
      </label>
      <label className="creator-tools__check">
        <input type="checkbox" checked={writeVerses} disabled={lyrics.trim() !== ''} onChange={(event) => setWriteVerses(event.target.checked)} /> Write new verses
      </label>
      <button type="submit" className="button" disabled={loading}>
        <FastForward aria-hidden size={16} /> Extend
      </button>
      <Queued message={message} />
    </form>
  );
}

function ChoiceSelect({ label, unchanged, choices, value, onChange }: { label: string; unchanged: string; choices: readonly { id: string; label: string }[]; value: string; onChange: (id: string) => void }) {
  return (
    <label className="creator-tools__field">
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{unchanged}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function CoverForm({ songId }: { songId: string }) {
  const [coverSong, { loading }] = useMutation(COVER_SONG_MUTATION);
  const [genre, setGenre] = useState('');
  const [mood, setMood] = useState('');
  const { message, submit } = useQueueing(async () => (await coverSong({ variables: { input: { songId, genres: genre ? [genre] : [], moods: mood ? [mood] : [] } } })).data?.coverSong.title);

  return (
    <form className="creator-tools__form" aria-label="Make a cover" onSubmit={(event) => void submit(event)}>
      <ChoiceSelect label="Genre" unchanged="Same genre" choices={STUDIO_GENRES} value={genre} onChange={setGenre} />
      <ChoiceSelect label="Mood" unchanged="Same mood" choices={STUDIO_MOODS} value={mood} onChange={setMood} />
      <button type="submit" className="button" disabled={loading || (!genre && !mood)}>
        <Disc3 aria-hidden size={16} /> Make a cover
      </button>
      <Queued message={message} />
    </form>
  );
}

/** New words for the song's melody, starting from its current ones. */
function EditLyricsForm({ songId, lyrics }: { songId: string; lyrics: string }) {
  const [editSongLyrics, { loading }] = useMutation(EDIT_SONG_LYRICS_MUTATION);
  const [words, setWords] = useState(lyrics);
  const { message, submit } = useQueueing(async () => (await editSongLyrics({ variables: { input: { songId, lyrics: words } } })).data?.editSongLyrics.title);

  return (
    <form className="creator-tools__form" aria-label="Edit lyrics" onSubmit={(event) => void submit(event)}>
      <label className="creator-tools__field creator-tools__field--wide">
        New lyrics
        <textarea rows={10} maxLength={10_000} value={words} onChange={(event) => setWords(event.target.value)} />
      </label>
      <button type="submit" className="button" disabled={loading || words.trim() === ''}>
        <PenLine aria-hidden size={16} /> Sing the new lyrics
      </button>
      <Queued message={message} />
    </form>
  );
}

/** `lyrics`: the song's words (null for an instrumental, which has no voice to give new ones). */
export function CreatorTools({ songId, lyrics }: { songId: string; lyrics: string | null }) {
  return (
    <div className="creator-tools">
      <details>
        <summary>Extend this song</summary>
        <p className="creator-tools__note">A new song: this one up to the chosen point, then a continuation in its key, tempo and voice.</p>
        <ExtendForm songId={songId} />
      </details>
      <details>
        <summary>Make a cover</summary>
        <p className="creator-tools__note">The same melody and words in another genre or mood.</p>
        <CoverForm songId={songId} />
      </details>
      {lyrics && (
        <details>
          <summary>Edit lyrics</summary>
          <p className="creator-tools__note">A new song: the same band and melody, sung with your words.</p>
          <EditLyricsForm songId={songId} lyrics={lyrics} />
        </details>
      )}
    </div>
  );
}
