import { useMutation, useQuery } from '@apollo/client/react';
import { LIBRARY_GENRES } from '../library/genres';
import { MAX_DURATION, MIN_DURATION, DURATION_STEP, STUDIO_MOODS, formatDuration, toggle } from '../studio/studioOptions';
import { toast } from '../ui/toastStore';
import type { PreferencesInput, ProfileInput } from '../gql/graphql';
import { GENERATION_DEFAULTS_QUERY, UPDATE_GENERATION_DEFAULTS_MUTATION } from './settingsOperations';
import { usePreferences, useSavePreferences } from './usePreferences';
import '../ui/formPage.css';

const THEMES = [
  { id: 'dark', label: 'Dark' },
  { id: 'light', label: 'Light' },
  { id: 'system', label: 'System' },
] as const;
const REPEAT_MODES = [
  { id: 'none', label: 'Off' },
  { id: 'one', label: 'Repeat one' },
  { id: 'all', label: 'Repeat all' },
] as const;
const TIGHTNESS_LABELS = ['Loose', 'Relaxed', 'Smooth', 'Tight', 'Precise'];

const failed = (error: unknown) => toast({ title: 'Settings not saved', description: error instanceof Error ? error.message : String(error), variant: 'destructive' });

/** /settings: every choice is saved to the server as it is made and applies on every device. */
export function SettingsPage() {
  const preferences = usePreferences();
  const savePreferences = useSavePreferences(preferences);
  const { data: defaults } = useQuery(GENERATION_DEFAULTS_QUERY);
  const [saveDefaults] = useMutation(UPDATE_GENERATION_DEFAULTS_MUTATION);
  const save = (input: PreferencesInput) => void savePreferences(input).catch(failed);
  const saveGeneration = (input: ProfileInput) => void saveDefaults({ variables: { input } }).catch(failed);
  const me = defaults?.me;

  if (!preferences || !me) return <p className="page__status">Loading settings…</p>;
  return (
    <div className="form-page">
      <h1>Settings</h1>

      <section className="form-page__section" aria-labelledby="settings-theme">
        <h2 id="settings-theme">Theme</h2>
        <div className="form-page__row" role="radiogroup" aria-label="Theme">
          {THEMES.map(({ id, label }) => (
            <label key={id} className="form-page__check">
              <input type="radio" name="theme" value={id} checked={preferences.theme === id} onChange={() => save({ theme: id })} />
              {label}
            </label>
          ))}
        </div>
      </section>

      <section className="form-page__section" aria-labelledby="settings-playback">
        <h2 id="settings-playback">Playback</h2>
        <label className="form-page__check">
          <input type="checkbox" checked={preferences.shuffleEnabled} onChange={(e) => save({ shuffleEnabled: e.target.checked })} />
          Shuffle (turning it on shuffles your queue)
        </label>
        <label className="form-page__field">
          Repeat
          <select value={preferences.repeatMode} onChange={(e) => save({ repeatMode: e.target.value })}>
            {REPEAT_MODES.map(({ id, label }) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="form-page__check">
          <input type="checkbox" checked={preferences.crossfadeEnabled} onChange={(e) => save({ crossfadeEnabled: e.target.checked })} />
          Crossfade between songs
        </label>
        <label className="form-page__field">
          Crossfade length: {(preferences.crossfadeDuration / 1000).toFixed(1)} s
          <input type="range" min={1000} max={30000} step={500} value={preferences.crossfadeDuration} onChange={(e) => save({ crossfadeDuration: Number(e.target.value) })} />
        </label>
        <label className="form-page__field">
          Mix tightness: {TIGHTNESS_LABELS[preferences.mixTightness - 1]}
          <input type="range" min={1} max={5} step={1} value={preferences.mixTightness} onChange={(e) => save({ mixTightness: Number(e.target.value) })} />
        </label>
      </section>

      <section className="form-page__section" aria-labelledby="settings-generation">
        <h2 id="settings-generation">Generation defaults</h2>
        <p className="form-page__hint">What the AI Studio starts with.</p>
        <label className="form-page__field">
          Song length: {formatDuration(me.defaultDuration)}
          <input
            type="range"
            min={MIN_DURATION}
            max={MAX_DURATION}
            step={DURATION_STEP}
            value={me.defaultDuration}
            onChange={(e) => saveGeneration({ defaultDuration: Number(e.target.value) })}
          />
        </label>
        <label className="form-page__check">
          <input type="checkbox" checked={me.generateAlbumArt} onChange={(e) => saveGeneration({ generateAlbumArt: e.target.checked })} />
          Album art
        </label>
        <label className="form-page__check">
          <input type="checkbox" checked={me.generateLyrics} onChange={(e) => saveGeneration({ generateLyrics: e.target.checked })} />
          Lyrics
        </label>
      </section>

      <section className="form-page__section" aria-labelledby="settings-taste">
        <h2 id="settings-taste">Preferred genres and moods</h2>
        <div className="form-page__chips" role="group" aria-label="Preferred genres">
          {LIBRARY_GENRES.map(({ id, label }) => (
            <button key={id} type="button" className="form-page__chip" aria-pressed={preferences.preferredGenres.includes(id)} onClick={() => save({ preferredGenres: toggle(preferences.preferredGenres, id) })}>
              {label}
            </button>
          ))}
        </div>
        <div className="form-page__chips" role="group" aria-label="Preferred moods">
          {STUDIO_MOODS.map(({ id, label }) => (
            <button key={id} type="button" className="form-page__chip" aria-pressed={preferences.preferredMoods.includes(id)} onClick={() => save({ preferredMoods: toggle(preferences.preferredMoods, id) })}>
              {label}
            </button>
          ))}
        </div>
      </section>
    </div>
  );
}
