import type { AppConfig } from '../config/config.js';

export interface Logger {
  info(message: string): void;
  error(error: unknown, message: string): void;
  debug(message: string): void;
}

const LEVELS = { silent: 0, error: 1, info: 2, debug: 3 } as const;

/** Timestamped lines on stdout/stderr; the level comes from LOG_LEVEL. */
export function createLogger(level: AppConfig['logLevel']): Logger {
  const enabled = (l: keyof typeof LEVELS) => LEVELS[level] >= LEVELS[l];
  const stamp = () => new Date().toISOString();
  return {
    info: (message) => enabled('info') && console.log(`${stamp()} ${message}`),
    debug: (message) => enabled('debug') && console.log(`${stamp()} [debug] ${message}`),
    error: (error, message) => enabled('error') && console.error(`${stamp()} ${message}:`, error),
  };
}
