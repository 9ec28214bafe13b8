import { WifiOff } from 'lucide-react';

/** The user query failed for a reason other than "not signed in" (API down, network lost). */
export function ConnectionProblem({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="full-page-center">
      <div className="connection-problem" role="alert">
        <WifiOff size={32} aria-hidden />
        <h1>Can't reach Songforge</h1>
        <p>Check your connection, then try again.</p>
        <button type="button" className="button button--primary" onClick={onRetry}>
          Try again
        </button>
      </div>
    </div>
  );
}
