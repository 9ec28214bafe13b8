/**
 * Database Sync (/admin/database-sync, canAccessAdmin): what differs between the working library and
 * the production catalogue (new, changed, deleted, in sync), transferring chosen songs or all of them
 * with live progress, unpublishing, and moving the catalogue between installations as an archive.
 * The server checks admin rights on every operation; this page only hides itself.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useSignedInUser } from '../auth/useCurrentUser';
import type { ProductionSyncListFieldsFragment, ProductionSyncQuery } from '../gql/graphql';
import {
  CATALOGUE_EXPORT_URL,
  importCatalogue,
  PRODUCTION_SYNC_QUERY,
  START_PRODUCTION_TRANSFER_MUTATION,
  TRANSFER_TO_PRODUCTION_MUTATION,
  UNPUBLISH_PRODUCTION_SONGS_MUTATION,
  type ImportSummary,
} from './syncOperations';
import { runAdminAction } from './adminAction';
import { AdminAccessRequired, AdminSubPageHeading } from './controls';
import { toast } from '../ui/toastStore';
import './AdminPage.css';

/** While a "transfer all" runs its progress is read this often. */
const PROGRESS_POLL_MS = 1000;
const RUN_LABELS: Record<string, string> = { running: 'Running', completed: 'Completed', failed: 'Failed', interrupted: 'Interrupted (run it again to finish)' };

export function DatabaseSyncPage() {
  const user = useSignedInUser();
  if (user.canAccessAdmin !== true) return <AdminAccessRequired title="Database Sync" />;
  return <SyncDashboard />;
}

function SyncDashboard() {
  const { data, error, refetch, startPolling, stopPolling } = useQuery(PRODUCTION_SYNC_QUERY, { fetchPolicy: 'cache-and-network' });
  const sync = data?.productionSync;
  const running = sync?.run?.status === 'running';
  // The run's progress and the lists it changes are read again while it runs.
  useEffect(() => {
    if (!running) return;
    startPolling(PROGRESS_POLL_MS);
    return stopPolling;
  }, [running, startPolling, stopPolling]);
  const refresh = () => void refetch();

  return (
    <div className="admin">
      <AdminSubPageHeading title="Database Sync" />
      <p className="admin__muted">
        The production catalogue holds the songs promoted from the working library; genre radio stations play a genre&apos;s published songs once it has
        some.
      </p>
      {error && <p role="alert">{error.message}</p>}
      {sync && (
        <>
          <dl className="admin__stats" aria-label="Differences">
            {(
              [
                ['New', sync.newSongs],
                ['Changed', sync.changedSongs],
                ['Deleted', sync.deletedSongs],
                ['In sync', sync.inSyncSongs],
              ] as const
            ).map(([label, list]) => (
              <div key={label} className="admin__stat">
                <dt>{label}</dt>
                <dd>{list.total}</dd>
              </div>
            ))}
          </dl>
          <TransferAll run={sync.run ?? null} pending={sync.newSongs.total + sync.changedSongs.total} onStarted={refresh} />
          <SyncList title="New songs" list={sync.newSongs} action="transfer" empty="Every publishable song has been transferred." onDone={refresh} />
          <SyncList title="Changed since their transfer" list={sync.changedSongs} action="transfer" empty="No published song changed since its transfer." onDone={refresh} />
          <SyncList title="Deleted from the library" list={sync.deletedSongs} action="unpublish" empty="No published song was deleted." onDone={refresh} />
          <SyncList title="In sync" list={sync.inSyncSongs} action="unpublish" empty="Nothing published yet." onDone={refresh} />
        </>
      )}
      <ArchiveCard onImported={refresh} />
    </div>
  );
}

type Run = NonNullable<ProductionSyncQuery['productionSync']['run']>;

function TransferAll({ run, pending, onStarted }: { run: Run | null; pending: number; onStarted: () => void }) {
  const [start, { loading }] = useMutation(START_PRODUCTION_TRANSFER_MUTATION);
  const running = run?.status === 'running';
  const begin = async () => {
    if (await runAdminAction(() => start(), 'Could not start the transfer')) onStarted();
  };
  return (
    <section className="admin__card" aria-label="Transfer all">
      <h2>Transfer all</h2>
      <p className="admin__muted">Publishes every new and changed song, in batches; a transfer interrupted half-way finishes when run again.</p>
      <button type="button" disabled={loading || running || pending === 0} onClick={() => void begin()}>
        Transfer all ({pending})
      </button>
      {run && (
        <div aria-label="Transfer progress">
          {running && <progress max={Math.max(run.total, 1)} value={Math.min(run.transferred, run.total)} aria-label="Songs transferred" />}
          <p>
            {RUN_LABELS[run.status] ?? run.status}: {run.transferred} of {run.total} songs transferred
            {run.startedBy ? ` · started by ${run.startedBy}` : ''} · {new Date(run.startedAt).toLocaleString()}
          </p>
          {run.error && <p role="alert">{run.error}</p>}
        </div>
      )}
    </section>
  );
}

function SyncList({
  title,
  list,
  action,
  empty,
  onDone,
}: {
  title: string;
  list: ProductionSyncListFieldsFragment;
  action: 'transfer' | 'unpublish';
  empty: string;
  onDone: () => void;
}) {
  const [selected, setSelected] = useState<string[]>([]);
  const [transfer, transferring] = useMutation(TRANSFER_TO_PRODUCTION_MUTATION);
  const [unpublish, unpublishing] = useMutation(UNPUBLISH_PRODUCTION_SONGS_MUTATION);
  const keyOf = (song: (typeof list.songs)[number]) => (action === 'transfer' ? song.songId : song.productionId!);
  const choosable = list.songs.filter((song) => (action === 'transfer' ? song.publishable : song.productionId));
  const chosen = selected.filter((key) => choosable.some((song) => keyOf(song) === key));
  const toggle = (key: string) => setSelected(selected.includes(key) ? selected.filter((k) => k !== key) : [...selected, key]);

  const run = async () => {
    const ok = await runAdminAction(async () => {
      if (action === 'transfer') {
        const result = await transfer({ variables: { songIds: chosen } });
        const { added = [], updated = [] } = result.data?.transferToProduction ?? {};
        toast({ title: 'Transferred', description: `${added.length} added, ${updated.length} updated` });
      } else {
        const result = await unpublish({ variables: { productionIds: chosen } });
        toast({ title: 'Unpublished', description: `${result.data?.unpublishProductionSongs ?? 0} songs taken off the production catalogue` });
      }
    }, action === 'transfer' ? 'Could not transfer' : 'Could not unpublish');
    if (ok) {
      setSelected([]);
      onDone();
    }
  };

  return (
    <section className="admin__card" aria-label={title}>
      <h2>
        {title} ({list.total})
      </h2>
      {list.songs.length === 0 ? (
        <p className="admin__muted">{empty}</p>
      ) : (
        <>
          <label className="admin__check">
            <input
              type="checkbox"
              checked={choosable.length > 0 && chosen.length === choosable.length}
              onChange={() => setSelected(chosen.length === choosable.length ? [] : choosable.map(keyOf))}
            />
            Select all{list.total > list.songs.length ? ` (the ${list.songs.length} shown of ${list.total})` : ''}
          </label>
          <ul className="admin__song-picker" aria-label={`${title} songs`}>
            {list.songs.map((song) => {
              const key = action === 'transfer' ? song.songId : song.productionId;
              const canChoose = action === 'transfer' ? song.publishable : Boolean(key);
              return (
                <li key={`${song.songId}:${song.productionId ?? ''}`}>
                  <label className="admin__check">
                    <input type="checkbox" disabled={!canChoose} checked={Boolean(key) && chosen.includes(key!)} onChange={() => key && toggle(key)} />
                    {song.title}
                    <span className="admin__muted">
                      {' '}
                      · {song.artist ?? 'Unknown artist'} · {song.genre ?? 'no genre'}
                      {song.owner ? ` · by ${song.owner}` : ''}
                      {song.transferredAt ? ` · transferred ${new Date(song.transferredAt).toLocaleString()}` : ''}
                      {action === 'transfer' && !song.publishable ? ' · private or hidden now: unpublish it instead' : ''}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
          <div className="admin__actions">
            <button type="button" disabled={chosen.length === 0 || transferring.loading || unpublishing.loading} onClick={() => void run()}>
              {action === 'transfer' ? 'Transfer selected' : 'Unpublish selected'} ({chosen.length})
            </button>
          </div>
        </>
      )}
    </section>
  );
}

function ArchiveCard({ onImported }: { onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setSummary(null);
    const ok = await runAdminAction(async () => setSummary(await importCatalogue(file)), 'Import refused');
    setBusy(false);
    if (ok) onImported();
  };
  return (
    <section className="admin__card" aria-label="Export and import">
      <h2>Export and import</h2>
      <p className="admin__muted">
        The production catalogue as a .tar.gz (rows and media, each file with its checksum) for another installation. An import adds only what is not
        there yet, and nothing at all when the archive is damaged.
      </p>
      <p>
        <a href={CATALOGUE_EXPORT_URL} download>
          Download export
        </a>
      </p>
      <form onSubmit={(e) => void submit(e)} aria-label="Import a catalogue">
        <label>
          Catalogue archive
          <input type="file" accept=".tar.gz,.tgz,application/gzip" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        </label>
        <button type="submit" disabled={!file || busy}>
          {busy ? 'Importing...' : 'Import'}
        </button>
      </form>
      {summary && (
        <p role="status">
          Imported {summary.imported}, skipped {summary.skipped} already here, {summary.renamed.length} under a new id, {summary.files} files.
        </p>
      )}
    </section>
  );
}
