import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { QueueRow } from '../generation/GenerationQueuePage';
import { useGenerationUpdates } from '../generation/generationFeed';
import { STATUS_POLL_MS } from '../generation/useGenerationStatus';
import { ADMIN_CANCEL_GENERATION_MUTATION, ADMIN_GENERATIONS_QUERY, ADMIN_RETRY_GENERATION_MUTATION, SET_GENERATION_PRIORITY_MUTATION } from './adminOperations';
import { runAdminAction } from './adminAction';
import { FilterSelect } from './controls';
import '../generation/GenerationQueuePage.css';

const PAGE_SIZE = 50;
const STATUSES = ['pending', 'processing', 'generating', 'completed', 'failed'];
/** The server's allowed range (setGenerationPriority). */
const PRIORITY = { min: -10, max: 10 };

/** Everyone's generation requests; live through generationUpdated (admins receive every user's), polled while the socket is down. */
export function AdminQueuePanel() {
  const [status, setStatus] = useState('');
  const [username, setUsername] = useState('');
  const connected = useGenerationUpdates(() => void refetch());
  const { data, error, refetch } = useQuery(ADMIN_GENERATIONS_QUERY, {
    variables: { status: status || null, username: username.trim() || null, first: PAGE_SIZE },
    pollInterval: connected ? 0 : STATUS_POLL_MS,
    fetchPolicy: 'cache-and-network',
  });
  const [cancel] = useMutation(ADMIN_CANCEL_GENERATION_MUTATION);
  const [retry] = useMutation(ADMIN_RETRY_GENERATION_MUTATION);
  const [setPriority] = useMutation(SET_GENERATION_PRIORITY_MUTATION);
  const act = async (action: () => Promise<unknown>, failure: string) => {
    if (await runAdminAction(action, failure)) await refetch();
  };
  const nodes = data?.adminGenerations.nodes ?? [];
  return (
    <div className="admin__queue">
      <div className="admin__filters">
        <FilterSelect label="Status" value={status} options={STATUSES.map((s) => [s, s] as const)} onChange={setStatus} />
        <label>
          User
          <input type="search" value={username} placeholder="User name" onChange={(e) => setUsername(e.target.value)} />
        </label>
      </div>
      {error && <p role="alert">{error.message}</p>}
      {data && nodes.length === 0 && <p className="admin__muted">No generations match.</p>}
      <ul className="generation-queue__list">
        {nodes.map(({ request, username: owner, priority }) => {
          const name = request.title || request.prompt;
          return (
            <QueueRow
              key={request.id}
              request={request}
              onRetry={() => void act(() => retry({ variables: { id: request.id } }), 'Retry failed')}
              onCancel={() => void act(() => cancel({ variables: { id: request.id } }), 'Cancel failed')}
            >
              <p className="generation-queue__meta">
                by {owner} · priority {priority}
                {request.status === 'pending' && (
                  <>
                    <button type="button" className="icon-button" aria-label={`Raise priority of ${name}`} disabled={priority >= PRIORITY.max} onClick={() => void act(() => setPriority({ variables: { id: request.id, priority: priority + 1 } }), 'Could not change the priority')}>
                      <ArrowUp size={16} aria-hidden />
                    </button>
                    <button type="button" className="icon-button" aria-label={`Lower priority of ${name}`} disabled={priority <= PRIORITY.min} onClick={() => void act(() => setPriority({ variables: { id: request.id, priority: priority - 1 } }), 'Could not change the priority')}>
                      <ArrowDown size={16} aria-hidden />
                    </button>
                  </>
                )}
              </p>
            </QueueRow>
          );
        })}
      </ul>
    </div>
  );
}
