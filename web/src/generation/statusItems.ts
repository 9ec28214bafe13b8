/**
 * The sidebar generation status widget's rules (SPEC 2, 8, 9), kept free of React so they are
 * tested on their own: what is in progress, just completed (60 s) or recently failed (120 s).
 */

/** SPEC 3 "Generation status item" as GET /api/generations/status returns it. */
export interface GenerationStatusItem {
  requestId: string;
  status: string;
  createdAt: string;
  title: string | null;
  genres: string[];
  moods: string[];
  error: string | null;
  progress: { stage: string; percentage: number } | null;
}

export interface GenerationStatusResponse {
  active: GenerationStatusItem[];
  completed: GenerationStatusItem[];
}

export const IN_PROGRESS_STATUSES: readonly string[] = ['pending', 'processing', 'generating'];
export const COMPLETED_VISIBLE_MS = 60_000;
export const FAILED_VISIBLE_MS = 120_000;
export const DEFAULT_STAGE = 'Starting...';
/** The stage from which a request's audio can be heard from its stream (docs/generation.md). */
export const ENCODING_STAGE = 'Encoding';
export const UNKNOWN_ERROR = 'Unknown error occurred';

export interface WidgetSections {
  inProgress: GenerationStatusItem[];
  justCompleted: GenerationStatusItem[];
  recentFailures: GenerationStatusItem[];
}

export function widgetSections(response: GenerationStatusResponse, now: number): WidgetSections {
  const age = (item: GenerationStatusItem) => now - Date.parse(item.createdAt);
  const all = [...response.active, ...response.completed];
  return {
    inProgress: all.filter((item) => IN_PROGRESS_STATUSES.includes(item.status)),
    justCompleted: all.filter((item) => item.status === 'completed' && age(item) < COMPLETED_VISIBLE_MS),
    recentFailures: all.filter((item) => item.status === 'failed' && age(item) < FAILED_VISIBLE_MS),
  };
}

export function hasRecentActivity(sections: WidgetSections): boolean {
  return sections.inProgress.length + sections.justCompleted.length + sections.recentFailures.length > 0;
}

/** Seconds under a minute, else whole minutes. */
export function formatAge(createdAt: string, now: number): string {
  const seconds = Math.max(0, Math.floor((now - Date.parse(createdAt)) / 1000));
  return seconds < 60 ? `${seconds}s ago` : `${Math.floor(seconds / 60)}m ago`;
}

/** The title, or the first genre and mood. */
export function completedLabel(item: GenerationStatusItem): string {
  if (item.title) return item.title;
  return [item.genres[0], item.moods[0]].filter(Boolean).join(' · ');
}

export function failureText(item: GenerationStatusItem): string {
  return item.error || UNKNOWN_ERROR;
}

export function progressOf(item: GenerationStatusItem): { stage: string; percentage: number } {
  return { stage: item.progress?.stage || DEFAULT_STAGE, percentage: item.progress?.percentage ?? 0 };
}

export function formatStartTime(createdAt: string): string {
  return new Date(createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** Whether a request in `current` of its `stages` can be listened to yet: it is being encoded or later, and not over. */
export function canListenWhileGenerating(status: string, stages: readonly string[], current: string): boolean {
  const encoding = stages.indexOf(ENCODING_STAGE);
  return IN_PROGRESS_STATUSES.includes(status) && encoding >= 0 && stages.indexOf(current) >= encoding;
}
