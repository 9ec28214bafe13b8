import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type IRateLimiterOptions, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError } from '../common/errors.js';

/**
 * Sign-in and sign-up throttles (numbers and reasons in docs/auth.md). Counters live in memory for one
 * process and in Redis when REDIS_URL is set, so every API process shares them.
 */

/** Failed sign-ins of one username from one IP address before that address is refused for that username. */
export const MAX_FAILURES_PER_IP_AND_USERNAME = 5;
/** Failed sign-ins from one IP address, whatever the usernames (password spraying), before it is refused. */
export const MAX_FAILURES_PER_IP = 30;
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** Failed sign-ins of one username from anywhere before its back-off starts. */
export const USERNAME_BACKOFF_AFTER = 10;
export const USERNAME_FAILURE_WINDOW_SECONDS = 60 * 60;
/** The back-off doubles with each further failure (2 s, 4 s, 8 s...) up to this. */
export const MAX_USERNAME_BACKOFF_SECONDS = 15 * 60;
/** Default of SIGNUPS_PER_HOUR: accounts one IP address may create per hour. */
export const DEFAULT_SIGNUPS_PER_HOUR = 10;

export interface ThrottleStore {
  redis: Redis | null;
  /** Key prefix; tests give each limiter their own so runs sharing a Redis do not meet. */
  keyPrefix?: string;
}

function createLimiter(store: ThrottleStore, name: string, options: Omit<IRateLimiterOptions, 'keyPrefix'>): RateLimiterAbstract {
  const keyPrefix = `${store.keyPrefix ?? 'songforge'}:${name}`;
  return store.redis ? new RateLimiterRedis({ ...options, keyPrefix, storeClient: store.redis }) : new RateLimiterMemory({ ...options, keyPrefix });
}

/** A consume that is over the limit rejects with the limiter's state; anything else is a real error. */
function overLimit(rejection: unknown): RateLimiterRes {
  if (rejection instanceof RateLimiterRes) return rejection;
  throw rejection;
}

const reached = (state: RateLimiterRes | null, limit: number): state is RateLimiterRes => state !== null && state.consumedPoints >= limit;
const waitSeconds = (state: RateLimiterRes) => Math.max(1, Math.ceil(state.msBeforeNext / 1000));

export function tooManyRequests(what: string, seconds: number): AppError {
  const minutes = Math.ceil(seconds / 60);
  return new AppError('TOO_MANY_REQUESTS', `${what} Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`);
}

/**
 * Sign-in throttling by (IP, username), by IP, and a per-username back-off. The back-off holds back
 * only addresses that have already failed for that username: the owner signing in from an address the
 * guesses did not come from is never refused, whatever an attacker does elsewhere.
 */
export class LoginLimiter {
  private readonly byIpAndUsername: RateLimiterAbstract;
  private readonly byIp: RateLimiterAbstract;
  private readonly usernameFailures: RateLimiterAbstract;
  private readonly usernameBackoff: RateLimiterAbstract;

  constructor(store: ThrottleStore) {
    // A refused address is refused until the window that its first counted failure opened ends.
    this.byIpAndUsername = createLimiter(store, 'login-ip-user', { points: MAX_FAILURES_PER_IP_AND_USERNAME, duration: LOGIN_WINDOW_SECONDS });
    this.byIp = createLimiter(store, 'login-ip', { points: MAX_FAILURES_PER_IP, duration: LOGIN_WINDOW_SECONDS });
    this.usernameFailures = createLimiter(store, 'login-user', { points: USERNAME_BACKOFF_AFTER, duration: USERNAME_FAILURE_WINDOW_SECONDS });
    // Only ever written by block(): an entry means "in back-off" until it expires.
    this.usernameBackoff = createLimiter(store, 'login-user-backoff', { points: 1, duration: 1 });
  }

  private static keys(ip: string | null | undefined, username: string) {
    const user = username.toLowerCase();
    const address = ip ?? 'unknown';
    return { ip: address, user, pair: `${address}|${user}` };
  }

  /** Seconds until this address may try this username again, or 0 when it may now. */
  async blockedFor(ip: string | null | undefined, username: string): Promise<number> {
    const keys = LoginLimiter.keys(ip, username);
    const [ipState, pairState, backoffState] = await Promise.all([this.byIp.get(keys.ip), this.byIpAndUsername.get(keys.pair), this.usernameBackoff.get(keys.user)]);
    const waits: number[] = [];
    if (reached(ipState, MAX_FAILURES_PER_IP)) waits.push(waitSeconds(ipState));
    if (reached(pairState, MAX_FAILURES_PER_IP_AND_USERNAME)) waits.push(waitSeconds(pairState));
    if (reached(pairState, 1) && reached(backoffState, 1)) waits.push(waitSeconds(backoffState));
    return waits.length ? Math.max(...waits) : 0;
  }

  async recordFailure(ip: string | null | undefined, username: string): Promise<void> {
    const keys = LoginLimiter.keys(ip, username);
    const [, , usernameState] = await Promise.all([
      this.byIp.consume(keys.ip).catch(overLimit),
      this.byIpAndUsername.consume(keys.pair).catch(overLimit),
      this.usernameFailures.consume(keys.user).catch(overLimit),
    ]);
    const beyond = usernameState.consumedPoints - USERNAME_BACKOFF_AFTER;
    if (beyond > 0) await this.usernameBackoff.block(keys.user, Math.min(MAX_USERNAME_BACKOFF_SECONDS, 2 ** beyond));
  }

  /** A correct password clears this address's failures for the username (not the username's back-off). */
  async recordSuccess(ip: string | null | undefined, username: string): Promise<void> {
    await this.byIpAndUsername.delete(LoginLimiter.keys(ip, username).pair);
  }
}

/** Sign-ups per IP address and hour: each attempt that passes validation counts. */
export class SignUpLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(store: ThrottleStore, perHour: number) {
    this.limiter = createLimiter(store, 'signup-ip', { points: perHour, duration: 60 * 60 });
  }

  /** Counts an attempt; throws 429 when the address is over its hourly allowance. */
  async consume(ip: string | null | undefined): Promise<void> {
    const state = await this.limiter.consume(ip ?? 'unknown').catch(overLimit);
    if (state.consumedPoints > this.limiter.points) {
      throw tooManyRequests('Too many sign-ups from this address.', waitSeconds(state));
    }
  }
}
