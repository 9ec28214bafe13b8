/**
 * AI Enhancement (/admin/ai-enhancement, canAccessAdmin): batches of engine operations over chosen
 * songs or a filter, run as jobs of the generation workers. Progress is polled while a batch runs;
 * each song shows what changed (before/after, with both audio versions playable) and can be undone
 * until the batch is confirmed. The server checks admin rights on every operation.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useSignedInUser } from '../auth/useCurrentUser';
import type { EnhancementBatchFieldsFragment, EnhancementBatchQuery, SongVersionFieldsFragment } from '../gql/graphql';
import {
  CONFIRM_ENHANCEMENT_BATCH_MUTATION,
  CONTROL_ENHANCEMENT_BATCH_MUTATION,
  CREATE_ENHANCEMENT_BATCH_MUTATION,
  ENHANCEMENT_BATCH_QUERY,
  ENHANCEMENT_BATCHES_QUERY,
  ENHANCEMENT_SONGS_QUERY,
  UNDO_ENHANCEMENT_MUTATION,
} from './enhancementOperations';
import { runAdminAction } from './adminAction';
import { AdminAccessRequired, AdminSubPageHeading } from './controls';
import './AdminPage.css';

/** While a batch runs its progress is read this often. */
const PROGRESS_POLL_MS = 2000;
const OPERATIONS = [
  ['reanalyse', 'Re-analyse audio (BPM, key, energy, intro/outro, silence)'],
  ['cover', 'Regenerate cover art'],
  ['remaster', 'Re-master to a loudness target'],
  ['lyrics', 'Add generated lyrics (sung: the song is made again from its seed)'],
  ['content', 'Run content analysis'],
] as const;
const OPERATION_LABELS: Record<string, string> = { reanalyse: 'Re-analyse', cover: 'Cover art', remaster: 'Re-master', lyrics: 'Lyrics', content: 'Content analysis' };
const STATUS_LABELS: Record<string, string> = { running: 'Running', paused: 'Paused', cancelled: 'Cancelled', finished: 'Finished' };

export function EnhancementPage() {
  const user = useSignedInUser();
  const [openBatch, setOpenBatch] = useState<string | null>(null);
  if (user.canAccessAdmin !== true) return <AdminAccessRequired title="AI Enhancement" />;
  return (
    <div className="admin">
      <AdminSubPageHeading title="AI Enhancement" />
      <NewBatchForm onCreated={setOpenBatch} />
      <BatchList openBatch={openBatch} onOpen={setOpenBatch} />
    </div>
  );
}

function NewBatchForm({ onCreated }: { onCreated: (id: string) => void }) {
  const [operations, setOperations] = useState<string[]>(['reanalyse']);
  const [targetLufs, setTargetLufs] = useState('-14');
  const [mode, setMode] = useState<'songs' | 'filter'>('songs');
  const [selected, setSelected] = useState<string[]>([]);
  const [filter, setFilter] = useState({ engineVersionBelow: '', withoutLyrics: false, withoutAnalysis: false, withoutContentAnalysis: false });
  const songs = useQuery(ENHANCEMENT_SONGS_QUERY, { fetchPolicy: 'cache-and-network' });
  const [create, { loading }] = useMutation(CREATE_ENHANCEMENT_BATCH_MUTATION, { refetchQueries: [ENHANCEMENT_BATCHES_QUERY] });
  const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);
  const needsTarget = operations.includes('remaster') || operations.includes('lyrics');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = {
      operations,
      targetLufs: needsTarget ? Number(targetLufs) : null,
      ...(mode === 'songs'
        ? { songIds: selected }
        : { filter: { ...filter, engineVersionBelow: filter.engineVersionBelow.trim() || null } }),
    };
    let id: string | undefined;
    const ok = await runAdminAction(async () => {
      const result = await create({ variables: { input } });
      id = result.data?.createEnhancementBatch.id;
    }, 'Could not start the batch');
    if (ok && id) {
      setSelected([]);
      onCreated(id);
    }
  };

  return (
    <form className="admin__card" aria-label="New enhancement batch" onSubmit={(e) => void submit(e)}>
      <h2>New batch</h2>
      <fieldset>
        <legend>Operations</legend>
        {OPERATIONS.map(([value, label]) => (
          <label key={value} className="admin__check">
            <input type="checkbox" checked={operations.includes(value)} onChange={() => setOperations(toggle(operations, value))} />
            {label}
          </label>
        ))}
        {needsTarget && (
          <label>
            Loudness target (LUFS)
            <input type="number" min={-30} max={-6} step={0.5} value={targetLufs} onChange={(e) => setTargetLufs(e.target.value)} />
          </label>
        )}
      </fieldset>
      <fieldset>
        <legend>Songs</legend>
        <label className="admin__check">
          <input type="radio" name="enhancement-mode" checked={mode === 'songs'} onChange={() => setMode('songs')} />
          Selected songs
        </label>
        <label className="admin__check">
          <input type="radio" name="enhancement-mode" checked={mode === 'filter'} onChange={() => setMode('filter')} />
          Every song matching a filter
        </label>
        {mode === 'songs' ? (
          <ul className="admin__song-picker" aria-label="Songs to enhance">
            {songs.data?.songs.songs.length === 0 && <li className="admin__muted">No songs yet.</li>}
            {songs.data?.songs.songs.map((song) => (
              <li key={song.id}>
                <label className="admin__check">
                  <input type="checkbox" checked={selected.includes(song.id)} onChange={() => setSelected(toggle(selected, song.id))} />
                  {song.title}
                  <span className="admin__muted">
                    {' '}
                    · {song.artist ?? 'Unknown artist'} · {song.genre ?? 'no genre'}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        ) : (
          <div className="admin__filters">
            <label>
              Made before engine version
              <input type="text" placeholder="e.g. 2.1.0" value={filter.engineVersionBelow} onChange={(e) => setFilter({ ...filter, engineVersionBelow: e.target.value })} />
            </label>
            <label className="admin__check">
              <input type="checkbox" checked={filter.withoutLyrics} onChange={(e) => setFilter({ ...filter, withoutLyrics: e.target.checked })} />
              Without lyrics
            </label>
            <label className="admin__check">
              <input type="checkbox" checked={filter.withoutAnalysis} onChange={(e) => setFilter({ ...filter, withoutAnalysis: e.target.checked })} />
              Without audio analysis
            </label>
            <label className="admin__check">
              <input type="checkbox" checked={filter.withoutContentAnalysis} onChange={(e) => setFilter({ ...filter, withoutContentAnalysis: e.target.checked })} />
              Without content analysis
            </label>
          </div>
        )}
      </fieldset>
      <button type="submit" className="button" disabled={loading || operations.length === 0 || (mode === 'songs' && selected.length === 0)}>
        {loading ? 'Starting...' : 'Start batch'}
      </button>
    </form>
  );
}

function BatchList({ openBatch, onOpen }: { openBatch: string | null; onOpen: (id: string | null) => void }) {
  const [active, setActive] = useState(false);
  // Polled only while a batch runs: progress moves then, and nothing else changes it.
  const { data, error, refetch } = useQuery(ENHANCEMENT_BATCHES_QUERY, { pollInterval: active ? PROGRESS_POLL_MS : 0, fetchPolicy: 'cache-and-network' });
  const batches = data?.enhancementBatches ?? [];
  const running = batches.some((b) => b.status === 'running');
  if (running !== active) setActive(running);
  return (
    <section aria-label="Enhancement batches" className="admin__cards-section">
      <h2>Batches</h2>
      {error && <p role="alert">{error.message}</p>}
      {data && batches.length === 0 && <p className="admin__muted">No batches yet.</p>}
      <ul className="admin__cards">
        {batches.map((batch) => (
          <li key={batch.id} className="admin__card" aria-label={`Batch ${batch.id}`}>
            <BatchSummary batch={batch} onChanged={() => void refetch()} />
            <button type="button" className="button" aria-expanded={openBatch === batch.id} onClick={() => onOpen(openBatch === batch.id ? null : batch.id)}>
              {openBatch === batch.id ? 'Hide results' : 'Show results'}
            </button>
            {openBatch === batch.id && <BatchResults id={batch.id} running={batch.status === 'running'} onChanged={() => void refetch()} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function BatchSummary({ batch, onChanged }: { batch: EnhancementBatchFieldsFragment; onChanged: () => void }) {
  const [control] = useMutation(CONTROL_ENHANCEMENT_BATCH_MUTATION);
  const [confirm] = useMutation(CONFIRM_ENHANCEMENT_BATCH_MUTATION);
  const act = async (action: () => Promise<unknown>, failure: string) => {
    if (await runAdminAction(action, failure)) onChanged();
  };
  const counts = batch.counts.map((c) => `${c.count} ${c.status}`).join(' · ');
  const percent = batch.total ? Math.round((batch.done / batch.total) * 100) : 0;
  return (
    <div>
      <h3>
        {batch.operations.map((op) => OPERATION_LABELS[op] ?? op).join(', ')} · {batch.selection}
      </h3>
      <p className="admin__muted">
        {STATUS_LABELS[batch.status] ?? batch.status}
        {batch.targetLufs !== null && ` · target ${batch.targetLufs} LUFS`} · by {batch.createdBy ?? 'a deleted account'} · {new Date(batch.createdAt).toLocaleString()}
        {batch.confirmedAt && ` · confirmed ${new Date(batch.confirmedAt).toLocaleString()}`}
      </p>
      <progress max={batch.total} value={batch.done} aria-label={`Progress of batch ${batch.id}`}>
        {percent}%
      </progress>
      <p>
        {batch.done} of {batch.total} songs done ({counts})
      </p>
      <div className="admin__actions">
        {batch.status === 'running' && (
          <button type="button" className="button" onClick={() => void act(() => control({ variables: { id: batch.id, action: 'pause' } }), 'Could not pause the batch')}>
            Pause
          </button>
        )}
        {batch.status === 'paused' && (
          <button type="button" className="button" onClick={() => void act(() => control({ variables: { id: batch.id, action: 'resume' } }), 'Could not resume the batch')}>
            Resume
          </button>
        )}
        {(batch.status === 'running' || batch.status === 'paused') && (
          <button type="button" className="button" onClick={() => void act(() => control({ variables: { id: batch.id, action: 'cancel' } }), 'Could not cancel the batch')}>
            Cancel
          </button>
        )}
        {batch.status !== 'running' && !batch.confirmedAt && (
          <button type="button" className="button" onClick={() => void act(() => confirm({ variables: { id: batch.id } }), 'Could not confirm the batch')}>
            Keep results (delete previous versions)
          </button>
        )}
      </div>
    </div>
  );
}

type Item = NonNullable<EnhancementBatchQuery['enhancementBatch']['items']>[number];

function BatchResults({ id, running, onChanged }: { id: string; running: boolean; onChanged: () => void }) {
  const { data, error, refetch } = useQuery(ENHANCEMENT_BATCH_QUERY, { variables: { id }, pollInterval: running ? PROGRESS_POLL_MS : 0, fetchPolicy: 'cache-and-network' });
  const [undo] = useMutation(UNDO_ENHANCEMENT_MUTATION);
  // The last song's result lands as the batch stops running: read it once more then.
  useEffect(() => {
    if (!running) void refetch();
  }, [running, refetch]);
  const items = data?.enhancementBatch.items ?? [];
  const undoItem = async (item: Item) => {
    if (await runAdminAction(() => undo({ variables: { itemId: item.id } }), 'Could not undo')) {
      await refetch();
      onChanged();
    }
  };
  return (
    <div>
      {error && <p role="alert">{error.message}</p>}
      <table className="admin__table">
        <caption className="admin__muted">Per-song results</caption>
        <thead>
          <tr>
            <th scope="col">Song</th>
            <th scope="col">Result</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
            <th scope="col" aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} aria-label={item.songTitle}>
              <th scope="row">{item.songTitle}</th>
              <td>
                <strong>{item.status}</strong>
                {item.error && <p role="note">{item.error}</p>}
                {item.notes.map((note) => (
                  <p key={note} className="admin__muted">
                    {note}
                  </p>
                ))}
              </td>
              <td>{item.before && <VersionPreview version={item.before} label={`${item.songTitle} before`} />}</td>
              <td>{item.after && <VersionPreview version={item.after} label={`${item.songTitle} after`} />}</td>
              <td>
                {item.status === 'completed' && (
                  <button type="button" className="button" onClick={() => void undoItem(item)}>
                    Undo
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The changed fields of one version: figures, the cover, the audio to compare by ear, the lyrics. */
function VersionPreview({ version, label }: { version: SongVersionFieldsFragment; label: string }) {
  const figures = [
    version.loudness !== null && `${version.loudness.toFixed(1)} LUFS`,
    version.bpm !== null && `${Math.round(version.bpm)} BPM`,
    version.musicalKey,
    version.duration !== null && `${version.duration.toFixed(1)} s`,
    version.engineVersion && `engine ${version.engineVersion}`,
  ].filter(Boolean);
  return (
    <div className="admin__version">
      {figures.length > 0 && <p>{figures.join(' · ')}</p>}
      {version.coverUrl && <img src={version.coverUrl} alt={`Cover: ${label}`} width={64} height={64} />}
      {version.audioUrl && <audio controls preload="none" src={version.audioUrl} aria-label={`Audio: ${label}`} />}
      {version.lyrics !== null && <pre className="admin__lyrics">{version.lyrics || '(no lyrics)'}</pre>}
    </div>
  );
}
