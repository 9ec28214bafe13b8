/**
 * Create or edit an AI Artist: name, bio, genres and moods, voice type and timbre, instrument
 * palette, tempo range, public switch. Saving paints the portrait on the server.
 */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import type { AiArtistFieldsFragment, AiArtistInput } from '../gql/graphql';
import { STUDIO_GENRES, STUDIO_MOODS, toggle } from '../studio/studioOptions';
import { toast } from '../ui/toastStore';
import { ARTIST_INSTRUMENTS, ARTIST_INSTRUMENTS_MAX, ARTIST_TAGS_MAX } from './artistOptions';
import { CREATE_ARTIST_MUTATION, UPDATE_ARTIST_MUTATION } from './artistOperations';
import '../ui/chips.css';

interface Draft {
  name: string;
  bio: string;
  genres: string[];
  moods: string[];
  voiceType: string;
  brightness: number;
  breathiness: number;
  vibrato: number;
  instruments: string[];
  tempoMin: number;
  tempoMax: number;
  isPublic: boolean;
}

const NEW_ARTIST: Draft = { name: '', bio: '', genres: [], moods: [], voiceType: 'high', brightness: 0, breathiness: 0.3, vibrato: 0.5, instruments: [], tempoMin: 70, tempoMax: 140, isPublic: false };

function draftOf(artist: AiArtistFieldsFragment | null): Draft {
  if (!artist) return NEW_ARTIST;
  const { name, bio, genres, moods, voiceType, timbre, instruments, tempoMin, tempoMax, isPublic } = artist;
  return { name, bio: bio ?? '', genres, moods, voiceType, ...timbre, instruments, tempoMin, tempoMax, isPublic };
}

/** Adds or removes `id`, keeping at most `max` (the server's limit). */
function toggleUpTo(list: readonly string[], id: string, max: number): string[] {
  const next = toggle(list, id);
  return next.length > max ? list.slice() : next;
}

function Slider({ label, value, min, onChange, low, high }: { label: string; value: number; min: number; onChange: (value: number) => void; low: string; high: string }) {
  return (
    <label className="artist-form__slider">
      <span>{label}</span>
      <span className="artist-form__scale">
        <small>{low}</small>
        <input type="range" aria-label={label} min={min} max={1} step={0.05} value={value} onChange={(e) => onChange(Number(e.target.value))} />
        <small>{high}</small>
      </span>
    </label>
  );
}

export function ArtistForm({ artist, onSaved, onCancel }: { artist: AiArtistFieldsFragment | null; onSaved: (artist: AiArtistFieldsFragment) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(artist));
  const [create, creating] = useMutation(CREATE_ARTIST_MUTATION, { refetchQueries: ['AiArtists', 'AiArtistChoices'] });
  const [update, updating] = useMutation(UPDATE_ARTIST_MUTATION, { refetchQueries: ['AiArtistChoices'] });
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const saving = creating.loading || updating.loading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input: AiArtistInput = {
      name: draft.name,
      bio: draft.bio,
      genres: draft.genres,
      moods: draft.moods,
      voiceType: draft.voiceType,
      timbre: { brightness: draft.brightness, breathiness: draft.breathiness, vibrato: draft.vibrato },
      instruments: draft.instruments,
      tempoMin: draft.tempoMin,
      tempoMax: draft.tempoMax,
      isPublic: draft.isPublic,
    };
    try {
      const saved = artist
        ? (await update({ variables: { id: artist.id, input } })).data?.updateAiArtist
        : (await create({ variables: { input } })).data?.createAiArtist;
      if (saved) onSaved(saved);
    } catch (error) {
      toast({ title: 'Could not save the artist', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    }
  };

  return (
    <form className="artist-form" aria-label={artist ? `Edit ${artist.name}` : 'New artist'} onSubmit={(e) => void submit(e)}>
      <label className="artist-form__field">
        <span>Name</span>
        <input type="text" value={draft.name} maxLength={100} required onChange={(e) => set('name', e.target.value)} />
      </label>
      <label className="artist-form__field">
        <span>Bio</span>
        <textarea value={draft.bio} maxLength={1000} rows={3} onChange={(e) => set('bio', e.target.value)} />
      </label>
      <fieldset className="choice-chips">
        <legend>Genres (up to {ARTIST_TAGS_MAX})</legend>
        {STUDIO_GENRES.map((g) => (
          <button key={g.id} type="button" className="chip" aria-pressed={draft.genres.includes(g.id)} onClick={() => set('genres', toggleUpTo(draft.genres, g.id, ARTIST_TAGS_MAX))}>
            {g.label}
          </button>
        ))}
      </fieldset>
      <fieldset className="choice-chips">
        <legend>Moods (up to {ARTIST_TAGS_MAX})</legend>
        {STUDIO_MOODS.map((m) => (
          <button key={m.id} type="button" className="chip" aria-pressed={draft.moods.includes(m.id)} onClick={() => set('moods', toggleUpTo(draft.moods, m.id, ARTIST_TAGS_MAX))}>
            {m.label}
          </button>
        ))}
      </fieldset>
      <fieldset className="artist-form__voice">
        <legend>Voice</legend>
        {[
          ['low', 'Low (baritone)'],
          ['high', 'High (alto / tenor)'],
        ].map(([id, label]) => (
          <label key={id} className="artist-form__radio">
            <input type="radio" name="voiceType" value={id} checked={draft.voiceType === id} onChange={() => set('voiceType', id)} />
            {label}
          </label>
        ))}
        <Slider label="Brightness" value={draft.brightness} min={-1} low="Dark" high="Bright" onChange={(v) => set('brightness', v)} />
        <Slider label="Breathiness" value={draft.breathiness} min={0} low="Clear" high="Airy" onChange={(v) => set('breathiness', v)} />
        <Slider label="Vibrato" value={draft.vibrato} min={0} low="Straight" high="Wide" onChange={(v) => set('vibrato', v)} />
      </fieldset>
      <fieldset className="choice-chips">
        <legend>Instruments (up to {ARTIST_INSTRUMENTS_MAX})</legend>
        {ARTIST_INSTRUMENTS.map((i) => (
          <button key={i.id} type="button" className="chip" aria-pressed={draft.instruments.includes(i.id)} onClick={() => set('instruments', toggleUpTo(draft.instruments, i.id, ARTIST_INSTRUMENTS_MAX))}>
            {i.label}
          </button>
        ))}
      </fieldset>
      <div className="artist-form__row">
        <label className="artist-form__field">
          <span>Slowest tempo (BPM)</span>
          <input type="number" min={50} max={200} step={1} value={draft.tempoMin} onChange={(e) => set('tempoMin', Number(e.target.value))} />
        </label>
        <label className="artist-form__field">
          <span>Fastest tempo (BPM)</span>
          <input type="number" min={50} max={200} step={1} value={draft.tempoMax} onChange={(e) => set('tempoMax', Number(e.target.value))} />
        </label>
      </div>
      <label className="artist-form__radio">
        <input type="checkbox" role="switch" checked={draft.isPublic} onChange={(e) => set('isPublic', e.target.checked)} />
        Public: every signed-in user can see this artist and make songs as it
      </label>
      <div className="artist-form__actions">
        <button type="submit" className="button button--primary" disabled={saving || draft.name.trim() === ''}>
          {artist ? 'Save changes' : 'Create artist'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
