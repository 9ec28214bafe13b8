/**
 * The fuzz suite's server: a test app in a process of its own (started with --expose-gc), so the
 * suite measures this server's memory alone and sees it if it crashes. Talks over IPC: 'ready'
 * with its URL, routes, a signed-in cookie and song ids; 'session' gives a fresh cookie (the fuzz
 * logs itself out); 'memory' collects garbage and reports the usage; 'close' shuts down.
 */
import 'reflect-metadata';
import type { EntityManager } from '@mikro-orm/postgresql';
import { startTestApp } from './test-app.js';
import { listRoutes } from './app-routes.js';
import { insertSong, insertUser } from '../library/test-fixtures.js';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { hashPassword } from '../auth/passwords.js';
import { User } from '../users/user.entity.js';

const target = process.env.FUZZ_TARGET === 'postgres' ? 'postgres' : 'embedded';
const t = await startTestApp({ target, redisUrl: process.env.FUZZ_REDIS_URL || null });
const em = () => t.app.database.orm.em.fork() as EntityManager;

const fuzzer = await insertUser(em(), 'fuzzer');
// A password account, as sign-up makes: one without a password (made by single sign-on) may delete itself
// with a fresh session alone, and the fuzz would end its own account.
await em().nativeUpdate(User, { id: fuzzer.id }, { password: await hashPassword('fuzzer-password-1') });
const someoneElse = await insertUser(em(), 'someone-else');
const songs = [await insertSong(em(), { title: 'Public song', genre: 'lo-fi' }), await insertSong(em(), { title: 'Private song', genre: 'jazz', isPublic: false, user: someoneElse })];
const newCookie = async () => `${SESSION_COOKIE}=${await t.app.services.sessions.create(em(), fuzzer, {})}`;

process.on('message', async (message: string) => {
  if (message === 'session') {
    process.send?.({ type: 'session', cookie: await newCookie() });
  } else if (message === 'memory') {
    globalThis.gc?.();
    const usage = process.memoryUsage();
    process.send?.({ type: 'memory', rss: usage.rss, heapUsed: usage.heapUsed });
  } else if (message === 'close') {
    await t.close();
    process.send?.({ type: 'closed' });
    process.disconnect();
  }
});
process.send?.({ type: 'ready', baseUrl: t.baseUrl, routes: listRoutes(t.app.expressApp), cookie: await newCookie(), songIds: songs.map((s) => s.id) });
