/**
 * Smart Playlists (/smart-playlists): presets and the user's saved smart playlists, the visual rule
 * editor, sort and limit, JSON import / export, and a live preview (debounced) of the matching songs
 * with their count. Rules are evaluated on the server (docs/smart-playlists.md).
 */
import { useMemo, useRef, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Download, FilePlus2, Play, Plus, Save, Shuffle, Trash2, Upload, X } from 'lucide-react';
import { Spinner } from '../shell/Spinner';
import { SongList } from '../library/SongList';
import { PLAYLISTS_QUERY } from '../playlists/playlistOperations';
import { useQueueActions } from '../queue/useQueueActions';
import { toast } from '../ui/toastStore';
import { useDebounced } from '../ui/useDebounced';
import { downloadText } from '../ui/downloadText';
import { RuleGroup } from './RuleEditor';
import { FIELDS, SORT_FIELDS, emptyRules, exportJson, fromRulesJson, parseImport, toRulesJson, type RulesModel } from './ruleModel';
import {
  CREATE_SMART_PLAYLIST_MUTATION,
  DELETE_SMART_PLAYLIST_MUTATION,
  SMART_PLAYLISTS_QUERY,
  SMART_PLAYLIST_SONGS_QUERY,
  UPDATE_SMART_PLAYLIST_MUTATION,
} from './smartPlaylistOperations';
import '../library/SongList.css';
import './SmartPlaylistsPage.css';

/** Edits settle this long before the preview asks the server again. */
export const PREVIEW_DEBOUNCE_MS = 300;
export const PREVIEW_SIZE = 50;

interface Draft {
  /** The saved smart playlist being edited, or null for a new one. */
  id: string | null;
  name: string;
  rules: RulesModel;
}

const newDraft = (): Draft => ({ id: null, name: 'New smart playlist', rules: emptyRules() });
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function SortEditor({ rules, onChange }: { rules: RulesModel; onChange(next: RulesModel): void }) {
  const random = rules.sort === null;
  const keys = rules.sort ?? [];
  const setKey = (index: number, next: (typeof keys)[number] | null) =>
    onChange({ ...rules, sort: keys.flatMap((key, i) => (i === index ? (next ? [next] : []) : [key])) });
  return (
    <fieldset className="smart-sort">
      <legend>Order</legend>
      <label className="smart-sort__random">
        <input type="checkbox" checked={random} onChange={(e) => onChange({ ...rules, sort: e.target.checked ? null : [{ field: 'title', order: 'asc' }] })} />
        Random order
      </label>
      {!random && (
        <ol className="smart-sort__keys">
          {keys.map((key, index) => (
            <li key={index} className="rule">
              <select className="rule__select" aria-label={`Sort ${index + 1} field`} value={key.field} onChange={(e) => setKey(index, { ...key, field: e.target.value })}>
                {SORT_FIELDS.map((field) => (
                  <option key={field} value={field}>
                    {FIELDS[field].label}
                  </option>
                ))}
              </select>
              <select className="rule__select" aria-label={`Sort ${index + 1} order`} value={key.order} onChange={(e) => setKey(index, { ...key, order: e.target.value as 'asc' | 'desc' })}>
                <option value="asc">ascending</option>
                <option value="desc">descending</option>
              </select>
              <button type="button" className="icon-button" aria-label={`Remove sort ${index + 1}`} onClick={() => setKey(index, null)}>
                <X size={16} aria-hidden />
              </button>
            </li>
          ))}
        </ol>
      )}
      {!random && keys.length < 5 && (
        <button type="button" className="button" onClick={() => onChange({ ...rules, sort: [...keys, { field: 'createdAt', order: 'desc' }] })}>
          <Plus size={16} aria-hidden /> Add sort
        </button>
      )}
      <label className="smart-sort__limit">
        <input type="checkbox" checked={rules.limit !== null} onChange={(e) => onChange({ ...rules, limit: e.target.checked ? 50 : null })} />
        Limit to
        <input
          type="number"
          className="rule__input rule__input--number"
          aria-label="Limit"
          min={1}
          max={5000}
          disabled={rules.limit === null}
          value={rules.limit ?? 50}
          onChange={(e) => onChange({ ...rules, limit: Math.min(5000, Math.max(1, Math.round(Number(e.target.value) || 1))) })}
        />
        songs
      </label>
    </fieldset>
  );
}

function Preview({ rulesJson }: { rulesJson: Record<string, unknown> }) {
  const { data, previousData, error, loading } = useQuery(SMART_PLAYLIST_SONGS_QUERY, { variables: { rules: rulesJson, first: PREVIEW_SIZE }, fetchPolicy: 'network-only' });
  const result = (data ?? previousData)?.smartPlaylistSongs;
  return (
    <section className="smart-preview" aria-labelledby="smart-preview-title" aria-busy={loading}>
      <h2 id="smart-preview-title" className="smart-preview__title">
        Preview
        {result && !error && (
          <span className="smart-preview__count" role="status">
            {result.count === 1 ? '1 song' : `${result.count} songs`}
          </span>
        )}
      </h2>
      {error ? (
        <p className="smart-preview__error" role="alert">
          {errorText(error)}
        </p>
      ) : !result ? (
        <Spinner label="Finding songs..." />
      ) : result.songs.length === 0 ? (
        <p className="smart-preview__empty">No songs match these rules yet.</p>
      ) : (
        <>
          <SongList songs={result.songs} label="Matching songs" />
          {result.count > result.songs.length && <p className="smart-preview__more">and {result.count - result.songs.length} more</p>}
        </>
      )}
    </section>
  );
}

export function SmartPlaylistsPage() {
  const [draft, setDraft] = useState<Draft>(newDraft);
  const { data, loading } = useQuery(SMART_PLAYLISTS_QUERY);
  const playlistsResult = useQuery(PLAYLISTS_QUERY);
  const playlists = useMemo(() => (playlistsResult.data?.playlists ?? []).filter((p) => p.isOwner).map((p) => ({ id: p.id, name: p.name })), [playlistsResult.data]);
  const queue = useQueueActions();
  const refetchQueries = [SMART_PLAYLISTS_QUERY];
  const [createSmart] = useMutation(CREATE_SMART_PLAYLIST_MUTATION, { refetchQueries });
  const [updateSmart] = useMutation(UPDATE_SMART_PLAYLIST_MUTATION, { refetchQueries });
  const [deleteSmart] = useMutation(DELETE_SMART_PLAYLIST_MUTATION, { refetchQueries });
  const importInput = useRef<HTMLInputElement>(null);

  const rulesJson = useMemo(() => toRulesJson(draft.rules), [draft.rules]);
  // Compared as text so an edit that changes nothing does not ask again.
  const settledJson = useDebounced(JSON.stringify(rulesJson), PREVIEW_DEBOUNCE_MS);
  const previewRules = useMemo(() => JSON.parse(settledJson) as Record<string, unknown>, [settledJson]);

  const open = (id: string | null, name: string, rules: Record<string, unknown>) => {
    try {
      setDraft({ id, name, rules: fromRulesJson(rules) });
    } catch (error) {
      toast({ title: 'Could not open these rules', description: errorText(error), variant: 'destructive' });
    }
  };

  const save = async () => {
    try {
      if (draft.id) {
        await updateSmart({ variables: { id: draft.id, name: draft.name, rules: rulesJson } });
      } else {
        const { data: created } = await createSmart({ variables: { name: draft.name, rules: rulesJson } });
        if (created) setDraft((before) => ({ ...before, id: created.createSmartPlaylist.id }));
      }
      toast({ title: 'Smart playlist saved', description: draft.name });
    } catch (error) {
      toast({ title: 'Could not save the smart playlist', description: errorText(error), variant: 'destructive' });
    }
  };

  const remove = async (id: string, name: string) => {
    try {
      await deleteSmart({ variables: { id } });
      if (draft.id === id) setDraft(newDraft());
      toast({ title: `Deleted ${name}` });
    } catch (error) {
      toast({ title: 'Could not delete the smart playlist', description: errorText(error), variant: 'destructive' });
    }
  };

  const exportRules = () => downloadText(`${draft.name.trim().replace(/[^\w-]+/g, '-') || 'smart-playlist'}.json`, exportJson(draft.name, draft.rules), 'application/json');

  const importRules = async (file: File | undefined) => {
    if (!file) return;
    try {
      const imported = parseImport(await file.text());
      setDraft({ id: null, name: imported.name ?? file.name.replace(/\.json$/i, ''), rules: imported.rules });
      toast({ title: 'Rules imported', description: 'Save to keep them.' });
    } catch (error) {
      toast({ title: 'Could not import the rules', description: errorText(error), variant: 'destructive' });
    } finally {
      if (importInput.current) importInput.current.value = '';
    }
  };

  const saved = data?.smartPlaylists ?? [];
  return (
    <div className="page smart-playlists">
      <header className="page__header">
        <h1 className="page__title">Smart Playlists</h1>
      </header>
      <div className="smart-playlists__layout">
        <aside className="smart-playlists__side">
          <section aria-labelledby="smart-saved-title">
            <h2 id="smart-saved-title" className="smart-playlists__heading">
              Your smart playlists
            </h2>
            {loading && !data ? (
              <Spinner label="Loading smart playlists..." />
            ) : saved.length === 0 ? (
              <p className="smart-playlists__hint">None yet: start from a preset or build your own rules, then save.</p>
            ) : (
              <ul className="smart-list">
                {saved.map((playlist) => (
                  <li key={playlist.id} className="smart-list__item" data-active={playlist.id === draft.id}>
                    <button type="button" className="smart-list__open" onClick={() => open(playlist.id, playlist.name, playlist.rules)}>
                      {playlist.name}
                    </button>
                    <button type="button" className="icon-button" aria-label={`Play ${playlist.name}`} onClick={() => void queue.playSmartPlaylist(playlist.id)}>
                      <Play size={16} aria-hidden />
                    </button>
                    <button type="button" className="icon-button" aria-label={`Shuffle ${playlist.name}`} onClick={() => void queue.playSmartPlaylist(playlist.id, true)}>
                      <Shuffle size={16} aria-hidden />
                    </button>
                    <button type="button" className="icon-button" aria-label={`Delete ${playlist.name}`} onClick={() => void remove(playlist.id, playlist.name)}>
                      <Trash2 size={16} aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="smart-presets-title">
            <h2 id="smart-presets-title" className="smart-playlists__heading">
              Start from a preset
            </h2>
            <ul className="smart-presets">
              {(data?.smartPlaylistPresets ?? []).map((preset) => (
                <li key={preset.name}>
                  <button type="button" className="smart-preset" onClick={() => open(null, preset.name, preset.rules)}>
                    <strong>{preset.name}</strong>
                    <span>{preset.description}</span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </aside>

        <section className="smart-editor" aria-label="Rule editor">
          <div className="smart-editor__top">
            <label className="smart-editor__name">
              <span>Name</span>
              <input type="text" className="rule__input" value={draft.name} maxLength={100} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
            </label>
            <div className="smart-editor__actions">
              <button type="button" className="button button--primary" onClick={() => void save()}>
                <Save size={16} aria-hidden /> {draft.id ? 'Save changes' : 'Save'}
              </button>
              {draft.id && (
                <button type="button" className="button" onClick={() => void queue.playSmartPlaylist(draft.id!)}>
                  <Play size={16} aria-hidden /> Play
                </button>
              )}
              <button type="button" className="button" onClick={() => setDraft(newDraft())}>
                <FilePlus2 size={16} aria-hidden /> New
              </button>
              <button type="button" className="button" onClick={exportRules}>
                <Download size={16} aria-hidden /> Export JSON
              </button>
              <button type="button" className="button" onClick={() => importInput.current?.click()}>
                <Upload size={16} aria-hidden /> Import JSON
              </button>
              <input ref={importInput} type="file" accept="application/json,.json" hidden aria-label="Import rules file" onChange={(e) => void importRules(e.target.files?.[0])} />
            </div>
          </div>
          <RuleGroup group={draft.rules.root} playlists={playlists} onChange={(root) => setDraft({ ...draft, rules: { ...draft.rules, root } })} />
          <SortEditor rules={draft.rules} onChange={(rules) => setDraft({ ...draft, rules })} />
          <Preview rulesJson={previewRules} />
        </section>
      </div>
    </div>
  );
}
