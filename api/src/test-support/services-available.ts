import { Socket } from 'node:net';

/** True when something accepts TCP connections at host:port within the timeout. */
export function portAnswers(port: number, host = '127.0.0.1', timeoutMs = 3000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.connect(port, host);
  });
}

/** Local PostgreSQL admin URL (trust auth, database `test`), overridable for other machines. */
export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// A refused port answers at once; the long timeout only waits out a machine too loaded to accept quickly.
export const postgresAvailable = await portAnswers(5432);
export const redisAvailable = await portAnswers(6379);

// CI has both servers: there, a missing one is a broken machine, not a reason to skip half the suite.
if (process.env.CI && !(postgresAvailable && redisAvailable)) {
  throw new Error(`CI needs PostgreSQL (127.0.0.1:5432: ${postgresAvailable ? 'up' : 'down'}) and Redis (127.0.0.1:6379: ${redisAvailable ? 'up' : 'down'})`);
}

/** The database engines every integration suite runs against: always PGlite, PostgreSQL when it answers. */
export const DATABASE_TARGETS: Array<'embedded' | 'postgres'> = postgresAvailable ? ['embedded', 'postgres'] : ['embedded'];
