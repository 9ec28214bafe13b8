/**
 * Sidebar widget (SPEC 2): requests in progress, 'Just Completed' for 60 s, 'Recent Failures'
 * for 120 s. Hidden when there is nothing recent, no user, or the status call fails.
 */
import { AlertTriangle, CheckCircle2, Loader2 } from 'lucide-react';
import { useContext } from 'react';
import { SignedInUserContext } from '../auth/useCurrentUser';
import {
  completedLabel,
  failureText,
  formatAge,
  formatStartTime,
  hasRecentActivity,
  progressOf,
  widgetSections,
  type GenerationStatusItem,
} from './statusItems';
import { useGenerationStatus, useNow } from './useGenerationStatus';
import './GenerationStatusWidget.css';

export function GenerationStatusWidget() {
  const user = useContext(SignedInUserContext);
  const { data, loading, error } = useGenerationStatus(Boolean(user));
  const now = useNow(Boolean(data && (data.active.length || data.completed.length)));

  if (!user || error) return null;
  if (loading && !data) {
    return (
      <section className="generation-widget" aria-label="Generations">
        <p className="generation-widget__loading">Loading generations...</p>
      </section>
    );
  }
  if (!data) return null;
  const sections = widgetSections(data, now);
  if (!hasRecentActivity(sections)) return null;

  return (
    <section className="generation-widget" aria-label="Generations">
      {sections.inProgress.length > 0 && (
        <ul className="generation-widget__list" aria-label="In progress">
          {sections.inProgress.map((item) => {
            const { stage, percentage } = progressOf(item);
            return (
              <li key={item.requestId} className="generation-widget__item" data-status={item.status}>
                <div className="generation-widget__row">
                  <Loader2 className="generation-widget__spinner" size={14} aria-hidden />
                  <span className="generation-widget__genre">{item.genres[0] ?? 'Song'}</span>
                  <span className="generation-widget__time">{formatStartTime(item.createdAt)}</span>
                  <span className="generation-widget__percent">{percentage}%</span>
                </div>
                <div className="generation-widget__bar" role="progressbar" aria-label={`${item.genres[0] ?? 'Song'} progress`} aria-valuenow={percentage} aria-valuemin={0} aria-valuemax={100}>
                  <span style={{ width: `${percentage}%` }} />
                </div>
                <p className="generation-widget__stage">{stage}</p>
              </li>
            );
          })}
        </ul>
      )}
      <FinishedList heading="Just Completed" status="completed" items={sections.justCompleted} text={completedLabel} now={now} />
      <FinishedList heading="Recent Failures" status="failed" items={sections.recentFailures} text={failureText} now={now} />
    </section>
  );
}

interface FinishedListProps {
  heading: string;
  status: 'completed' | 'failed';
  items: GenerationStatusItem[];
  text: (item: GenerationStatusItem) => string;
  now: number;
}

function FinishedList({ heading, status, items, text, now }: FinishedListProps) {
  if (items.length === 0) return null;
  const Icon = status === 'completed' ? CheckCircle2 : AlertTriangle;
  return (
    <div>
      <h3 className="generation-widget__heading">{heading}</h3>
      <ul className="generation-widget__list">
        {items.map((item) => (
          <li key={item.requestId} className="generation-widget__item" data-status={status}>
            <div className="generation-widget__row">
              <Icon className={`generation-widget__icon--${status}`} size={14} aria-hidden />
              <span className="generation-widget__text">{text(item)}</span>
              <span className="generation-widget__time">{formatAge(item.createdAt, now)}</span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
