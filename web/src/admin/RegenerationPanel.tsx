import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import type { RegenerationRequestsQuery } from '../gql/graphql';
import { DECIDE_REGENERATION_MUTATION, REGENERATION_REQUESTS_QUERY } from './adminOperations';
import { runAdminAction } from './adminAction';
import { FilterSelect } from './controls';

type Request = RegenerationRequestsQuery['regenerationRequests'][number];
const STATUS_LABELS: Record<string, string> = { pending: 'Waiting', processing: 'Being made', completed: 'Made', failed: 'Failed' };

/**
 * Regeneration requests: each song made again with its flagged words replaced. A moderator listens
 * to the original and the new version side by side and accepts (the new one takes the original's
 * place in playlists, likes and queues) or rejects it. Polls while one is being made.
 */
export function RegenerationPanel() {
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const { data, error, refetch } = useQuery(REGENERATION_REQUESTS_QUERY, { variables: { status: status || null }, fetchPolicy: 'cache-and-network', pollInterval: busy ? 2000 : 0 });
  const requests = data?.regenerationRequests ?? [];
  const working = requests.some((r) => r.status === 'pending' || r.status === 'processing');
  if (working !== busy) setBusy(working);
  return (
    <div className="admin__moderation">
      <div className="admin__filters">
        <FilterSelect label="Show" value={status} options={Object.entries(STATUS_LABELS)} onChange={setStatus} />
      </div>
      {error && <p role="alert">{error.message}</p>}
      {data && requests.length === 0 && <p className="admin__muted">No regeneration requests.</p>}
      <ul className="admin__cards">
        {requests.map((request) => (
          <RegenerationCard key={request.id} request={request} onDecided={() => void refetch()} />
        ))}
      </ul>
    </div>
  );
}

function RegenerationCard({ request, onDecided }: { request: Request; onDecided: () => void }) {
  const [decideRegeneration, { loading }] = useMutation(DECIDE_REGENERATION_MUTATION);
  const decide = async (decision: 'accept' | 'reject') => {
    if (await runAdminAction(() => decideRegeneration({ variables: { id: request.id, decision } }), 'Decision failed')) onDecided();
  };
  const replaced = request.replacedWords.map((r) => `${r.word} → ${r.replacement}`).join(', ');
  return (
    <li className="admin__card" aria-label={`Regeneration of ${request.originalSong.title}`}>
      <h3>{request.originalSong.title}</h3>
      <p className="admin__muted">
        {STATUS_LABELS[request.status] ?? request.status}
        {request.decision && ` · ${request.decision} by ${request.decidedBy ?? 'a moderator'}`} · requested by {request.requestedBy} · eliminate {request.wordsToEliminate.join(', ')} · keep{' '}
        {request.preservedElements.join(', ') || 'nothing'}
      </p>
      {request.error && <p role="alert">{request.error}</p>}
      {replaced && <p>Replaced: {replaced}</p>}
      <div className="admin__compare">
        <SongSide label="Original" song={request.originalSong} />
        {request.newSong && <SongSide label="Regenerated" song={request.newSong} />}
      </div>
      {request.status === 'completed' && !request.decision && (
        <div className="admin__actions">
          <button type="button" className="button" disabled={loading} onClick={() => void decide('accept')}>
            Accept new version
          </button>
          <button type="button" className="button" disabled={loading} onClick={() => void decide('reject')}>
            Reject new version
          </button>
        </div>
      )}
    </li>
  );
}

function SongSide({ label, song }: { label: string; song: Request['originalSong'] }) {
  return (
    <figure className="admin__version" aria-label={`${label} version`}>
      <figcaption>{label}</figcaption>
      {song.audioUrl && <audio controls preload="none" src={song.audioUrl} aria-label={`Play the ${label.toLowerCase()} version`} />}
      {song.lyrics && <pre className="admin__lyrics">{song.lyrics}</pre>}
    </figure>
  );
}
