import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { TEST_REDIS_URL, redisAvailable } from '../test-support/services-available.js';
import {
  LOGIN_WINDOW_SECONDS,
  LoginLimiter,
  MAX_FAILURES_PER_IP,
  MAX_FAILURES_PER_IP_AND_USERNAME,
  MAX_USERNAME_BACKOFF_SECONDS,
  SignUpLimiter,
  USERNAME_BACKOFF_AFTER,
  type ThrottleStore,
} from './throttles.js';
import { AppError } from '../common/errors.js';

const STORES: Array<'memory' | 'redis'> = redisAvailable ? ['memory', 'redis'] : ['memory'];

describe.each(STORES)('sign-in and sign-up throttles in %s', (kind) => {
  const connections: Redis[] = [];
  const prefixes: string[] = [];
  /** A fresh store (own Redis connection and key prefix, like another API process when `prefix` is shared). */
  function store(prefix = `throttle-test-${randomUUID()}`): ThrottleStore {
    prefixes.push(prefix);
    if (kind === 'memory') return { redis: null, keyPrefix: prefix };
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    connections.push(redis);
    return { redis, keyPrefix: prefix };
  }
  afterAll(async () => {
    const [first] = connections;
    for (const prefix of first ? prefixes : []) {
      const keys = await first.keys(`${prefix}:*`);
      if (keys.length) await first.del(...keys);
    }
    for (const redis of connections) redis.disconnect();
  });

  async function fail(limiter: LoginLimiter, ip: string, username: string, times = 1) {
    for (let i = 0; i < times; i += 1) await limiter.recordFailure(ip, username);
  }

  it(`refuses an address for a username after ${MAX_FAILURES_PER_IP_AND_USERNAME} failures, for the rest of the window, and no one else`, async () => {
    const limiter = new LoginLimiter(store());
    await fail(limiter, '10.0.0.1', 'alice', MAX_FAILURES_PER_IP_AND_USERNAME - 1);
    expect(await limiter.blockedFor('10.0.0.1', 'alice')).toBe(0);
    await fail(limiter, '10.0.0.1', 'Alice');
    const wait = await limiter.blockedFor('10.0.0.1', 'ALICE');
    expect(wait).toBeGreaterThan(LOGIN_WINDOW_SECONDS - 10);
    expect(wait).toBeLessThanOrEqual(LOGIN_WINDOW_SECONDS);
    expect(await limiter.blockedFor('10.0.0.2', 'alice')).toBe(0);
    expect(await limiter.blockedFor('10.0.0.1', 'bob')).toBe(0);
  });

  it(`refuses an address for every username after ${MAX_FAILURES_PER_IP} failures across usernames (spraying)`, async () => {
    const limiter = new LoginLimiter(store());
    for (let i = 0; i < MAX_FAILURES_PER_IP - 1; i += 1) await fail(limiter, '10.0.0.9', `user${i}`);
    expect(await limiter.blockedFor('10.0.0.9', 'someone-else')).toBe(0);
    await fail(limiter, '10.0.0.9', 'last');
    expect(await limiter.blockedFor('10.0.0.9', 'someone-else')).toBeGreaterThan(LOGIN_WINDOW_SECONDS - 10);
    expect(await limiter.blockedFor('10.0.0.10', 'someone-else')).toBe(0);
  });

  it('backs a username off, doubling, for the addresses that failed it, never for a new address', async () => {
    const limiter = new LoginLimiter(store());
    // One guess from each of many addresses: no (IP, username) limit is reached.
    for (let i = 0; i < USERNAME_BACKOFF_AFTER; i += 1) await fail(limiter, `10.1.0.${i}`, 'owner');
    expect(await limiter.blockedFor('10.1.0.0', 'owner')).toBe(0);
    await fail(limiter, '10.1.1.0', 'owner');
    const first = await limiter.blockedFor('10.1.0.0', 'owner');
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(2);
    await fail(limiter, '10.1.1.1', 'owner', 8);
    // The 19th failure: 2^9 seconds.
    const wait = await limiter.blockedFor('10.1.0.3', 'owner');
    expect(wait).toBeGreaterThan(500);
    expect(wait).toBeLessThanOrEqual(512);
    expect(await limiter.blockedFor('192.168.7.7', 'owner')).toBe(0);
    expect(await limiter.blockedFor('10.1.0.3', 'another-user')).toBe(0);
    await fail(limiter, '10.1.1.2', 'owner');
    expect(await limiter.blockedFor('10.1.0.3', 'owner')).toBe(MAX_USERNAME_BACKOFF_SECONDS);
  });

  it("clears an address's failures for a username on success, but not the username's back-off", async () => {
    const limiter = new LoginLimiter(store());
    await fail(limiter, '10.2.0.1', 'carol', MAX_FAILURES_PER_IP_AND_USERNAME - 1);
    await limiter.recordSuccess('10.2.0.1', 'carol');
    await fail(limiter, '10.2.0.1', 'carol', MAX_FAILURES_PER_IP_AND_USERNAME - 1);
    expect(await limiter.blockedFor('10.2.0.1', 'carol')).toBe(0);
    for (let i = 0; i <= USERNAME_BACKOFF_AFTER; i += 1) await fail(limiter, `10.3.0.${i}`, 'carol');
    await limiter.recordSuccess('10.9.9.9', 'carol');
    expect(await limiter.blockedFor('10.3.0.1', 'carol')).toBeGreaterThan(0);
  });

  it(`limits sign-ups per address and hour`, async () => {
    const signUps = new SignUpLimiter(store(), 3);
    for (let i = 0; i < 3; i += 1) await signUps.consume('10.4.0.1');
    const refused = await signUps.consume('10.4.0.1').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS', httpStatus: 429, message: 'Too many sign-ups from this address. Try again in 60 minutes.' });
    await expect(signUps.consume('10.4.0.2')).resolves.toBeUndefined();
  });

  it.runIf(kind === 'redis')('shares the counters between processes through Redis', async () => {
    const prefix = `throttle-test-${randomUUID()}`;
    const one = new LoginLimiter(store(prefix));
    const other = new LoginLimiter(store(prefix));
    await fail(one, '10.5.0.1', 'dave', MAX_FAILURES_PER_IP_AND_USERNAME);
    expect(await other.blockedFor('10.5.0.1', 'dave')).toBeGreaterThan(0);
    const signUpsOne = new SignUpLimiter(store(prefix), 1);
    const signUpsOther = new SignUpLimiter(store(prefix), 1);
    await signUpsOne.consume('10.5.0.2');
    await expect(signUpsOther.consume('10.5.0.2')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });
});
