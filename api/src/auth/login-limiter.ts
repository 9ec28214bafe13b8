import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export const MAX_LOGIN_FAILURES = 10;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

/**
 * Failed logins per IP and per username: after 10 failures in 15 minutes further attempts are
 * refused (429) until the window passes. Shared through Redis when API processes are scaled out.
 */
export class LoginLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(redis: Redis | null) {
    const options = { points: MAX_LOGIN_FAILURES, duration: LOGIN_WINDOW_SECONDS, keyPrefix: 'login-fail' };
    this.limiter = redis ? new RateLimiterRedis({ ...options, storeClient: redis }) : new RateLimiterMemory(options);
  }

  private keys(ip: string | null | undefined, username: string): string[] {
    return [`ip:${ip ?? 'unknown'}`, `user:${username.toLowerCase()}`];
  }

  /** Seconds until attempts are allowed again, or 0 when they are allowed now. */
  async blockedFor(ip: string | null | undefined, username: string): Promise<number> {
    const states = await Promise.all(this.keys(ip, username).map((key) => this.limiter.get(key)));
    const blocked = states.filter((s): s is RateLimiterRes => s !== null && s.consumedPoints >= MAX_LOGIN_FAILURES);
    return blocked.length ? Math.max(...blocked.map((s) => Math.ceil(s.msBeforeNext / 1000))) : 0;
  }

  async recordFailure(ip: string | null | undefined, username: string): Promise<void> {
    await Promise.all(
      this.keys(ip, username).map((key) =>
        this.limiter.consume(key).catch((rejection: unknown) => {
          // Over the limit: the rejection is the expected outcome, anything else is a real error.
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
        }),
      ),
    );
  }

  async recordSuccess(ip: string | null | undefined, username: string): Promise<void> {
    await this.limiter.delete(`user:${username.toLowerCase()}`);
  }
}
