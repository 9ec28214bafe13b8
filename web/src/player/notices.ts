/**
 * What the engine tells the UI layer: errors worth a destructive toast (SPEC 8 titles) and
 * diagnostics that are only logged. The engine has no UI dependency; a React layer subscribes and
 * shows toasts.
 */

export type PlayerErrorTitle =
  | 'Failed to play next song'
  | 'Failed to play previous song'
  | 'Failed to play song'
  | 'Failed to toggle playback'
  | 'Song has no audio URL'
  | 'Failed to refresh queue';

export interface PlayerErrorNotice {
  title: PlayerErrorTitle;
  /** The underlying error's message, when there is one. */
  description?: string;
}

export type NoticeListener = (notice: PlayerErrorNotice) => void;

export class NoticeChannel {
  private readonly listeners = new Set<NoticeListener>();

  subscribe(listener: NoticeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(title: PlayerErrorTitle, cause?: unknown): void {
    const description = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : undefined;
    const notice: PlayerErrorNotice = description ? { title, description } : { title };
    for (const listener of [...this.listeners]) listener(notice);
  }
}

/** Logging the engine does instead of toasting (SPEC 8: mixer save/load failures are only logged). */
export interface PlayerLogger {
  warn(message: string, cause?: unknown): void;
  info(message: string): void;
}

export const consoleLogger: PlayerLogger = {
  warn: (message, cause) => console.warn(`[player] ${message}`, cause ?? ''),
  info: (message) => console.info(`[player] ${message}`),
};

/** True for the rejection browsers use when autoplay without a user gesture is blocked. */
export function isAutoplayBlocked(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'NotAllowedError';
}

/** A backend call refused because nobody is signed in (the app shows the auth page itself). */
export class NotSignedInError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Not logged in', options);
    this.name = 'NotSignedInError';
  }
}
