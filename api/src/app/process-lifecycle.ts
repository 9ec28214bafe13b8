import { ConfigError, loadConfig, type AppConfig } from '../config/config.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import type { Logger } from './logger.js';

/** Shutdown must finish within this (supervisors kill after ~10 s); past it the process exits with code 1. */
export const SHUTDOWN_DEADLINE_MS = 9000;

/** Start-up failures the operator fixes from the message alone get one line, no stack; others are rethrown. */
export function exitWithReason(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`Songforge cannot start: ${error.message}`);
    process.exit(1);
  }
  throw error;
}

/** The configuration from the environment, or exit with the reason it is invalid. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    exitWithReason(error);
  }
}

/**
 * SIGINT/SIGTERM run `stop` once, then exit with code 0 (1 when it throws or outlives
 * SHUTDOWN_DEADLINE_MS); a second signal while stopping is ignored.
 */
export function onTerminationSignals(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      const startedAt = Date.now();
      logger.info(`${signal}: shutting down`);
      setTimeout(() => {
        logger.error(new Error(`still running after ${SHUTDOWN_DEADLINE_MS} ms`), 'Shutdown did not finish');
        process.exit(1);
      }, SHUTDOWN_DEADLINE_MS).unref();
      try {
        await stop();
      } catch (error) {
        logger.error(error, 'Shutdown failed');
        process.exit(1);
      }
      logger.info(`Shut down in ${Date.now() - startedAt} ms`);
      process.exit(0);
    });
  }
}
