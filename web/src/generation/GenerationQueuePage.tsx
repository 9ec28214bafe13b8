/**
 * Generation Queue (/generation-queue): the user's requests with status, stage, progress and
 * error, and retry / cancel. Live through generationUpdated; polled while its socket is down.
 */
import type { ReactNode } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { RotateCcw, X } from 'lucide-react';
import type { GenerationFieldsFragment } from '../gql/graphql';
import { toast } from '../ui/toastStore';
import { useGenerationUpdates } from './generationFeed';
import { CANCEL_GENERATION_MUTATION, GENERATIONS_QUERY, RETRY_GENERATION_MUTATION } from './generationQueueOperations';
import { canListenWhileGenerating, IN_PROGRESS_STATUSES, UNKNOWN_ERROR } from './statusItems';
import { ListenWhileGenerating } from './ListenWhileGenerating';
import type { GenerationStreamRequest } from '../player/types';
import { STATUS_POLL_MS } from './useGenerationStatus';
import './GenerationQueuePage.css';

const PAGE_SIZE = 50;
const STATUS_LABELS: Record<string, string> = { pending: 'Queued', processing: 'Processing', generating: 'Generating', completed: 'Completed', failed: 'Failed' };

export function GenerationQueuePage() {
  const connected = useGenerationUpdates(() => void refetch());
  const { data, loading, error, refetch, fetchMore } = useQuery(GENERATIONS_QUERY, {
    variables: { first: PAGE_SIZE },
    pollInterval: connected ? 0 : STATUS_POLL_MS,
    notifyOnNetworkStatusChange: false,
  });
  const [retry] = useMutation(RETRY_GENERATION_MUTATION);
  const [cancel] = useMutation(CANCEL_GENERATION_MUTATION);

  const run = async (action: () => Promise<unknown>, failure: string) => {
    try {
      await action();
      await refetch();
    } catch (e) {
      toast({ title: failure, description: e instanceof Error ? e.message : String(e), variant: 'destructive' });
    }
  };

  const page = data?.generations;
  return (
    <div className="generation-queue">
      <h1>Generation Queue</h1>
      {loading && !page && <p className="generation-queue__empty">Loading generations...</p>}
      {error && !page && <p className="generation-queue__empty" role="alert">{error.message}</p>}
      {page && page.nodes.length === 0 && <p className="generation-queue__empty">No generations yet. Create one in the AI Studio.</p>}
      {page && page.nodes.length > 0 && (
        <ul className="generation-queue__list">
          {page.nodes.map((request) => (
            <QueueRow
              key={request.id}
              request={request}
              onRetry={() => run(() => retry({ variables: { id: request.id } }), 'Retry failed')}
              onCancel={() => run(() => cancel({ variables: { id: request.id } }), 'Cancel failed')}
            >
              {canListenWhileGenerating(request.status, request.stages, request.progress.stage) && (
                <ListenWhileGenerating requestId={request.id} stream={streamOf(request)} />
              )}
            </QueueRow>
          ))}
        </ul>
      )}
      {page?.hasNextPage && (
        <button type="button" className="button" onClick={() => void fetchMore({ variables: { after: page.endCursor }, updateQuery: (prev, { fetchMoreResult }) => ({ generations: { ...fetchMoreResult.generations, nodes: [...prev.generations.nodes, ...fetchMoreResult.generations.nodes] } }) })}>
          Load more
        </button>
      )}
    </div>
  );
}

/** What the player shows while it plays a request's stream (the title comes with its plan). */
function streamOf(request: GenerationFieldsFragment): GenerationStreamRequest | undefined {
  if (!request.title) return undefined;
  return { requestId: request.id, title: request.title, durationSeconds: request.durationSeconds, genre: request.genres[0] ?? null, mood: request.moods[0] ?? null };
}

/** One request with its progress, error and retry / cancel; `children` adds controls (the admin queue's owner and priority). */
export function QueueRow({ request, onRetry, onCancel, children }: { request: GenerationFieldsFragment; onRetry: () => void; onCancel: () => void; children?: ReactNode }) {
  const active = IN_PROGRESS_STATUSES.includes(request.status);
  const name = request.title || request.prompt;
  return (
    <li className="generation-queue__row" data-status={request.status}>
      <div className="generation-queue__main">
        <p className="generation-queue__title">{name}</p>
        <p className="generation-queue__meta">
          {[request.genres.join(', '), request.moods.join(', '), new Date(request.createdAt).toLocaleString()].filter(Boolean).join(' · ')}
        </p>
        {active && (
          <>
            <div className="generation-queue__bar" role="progressbar" aria-label={`${name} progress`} aria-valuenow={request.progress.percentage} aria-valuemin={0} aria-valuemax={100}>
              <span style={{ width: `${request.progress.percentage}%` }} />
            </div>
            <p className="generation-queue__stage">
              {request.progress.stage} · {request.progress.percentage}%
            </p>
          </>
        )}
        {request.status === 'failed' && (
          <p className="generation-queue__error">
            {request.error || UNKNOWN_ERROR}
            {request.failedAtStep ? ` (step: ${request.failedAtStep})` : ''}
          </p>
        )}
        {children}
      </div>
      <span className="generation-queue__status">{STATUS_LABELS[request.status] ?? request.status}</span>
      {request.status === 'failed' && (
        <button type="button" className="icon-button" aria-label={`Retry ${name}`} onClick={onRetry}>
          <RotateCcw size={18} aria-hidden />
        </button>
      )}
      {active && (
        <button type="button" className="icon-button" aria-label={`Cancel ${name}`} onClick={onCancel}>
          <X size={18} aria-hidden />
        </button>
      )}
    </li>
  );
}
