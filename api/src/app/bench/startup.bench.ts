/**
 * `npm run bench:startup`: how long `npm start`'s server (the build, node dist/main.js, embedded
 * database, default settings) takes from its spawn to the first 200 of /api/health, on an empty
 * DATA_DIR and again on the DATA_DIR that first start left (issue 20: <= 5 s and <= 2 s). Each pair
 * runs STARTUP_ROUNDS times (3) on a fresh folder; prints every figure, the medians and the load.
 * Beside the wall time it prints the CPU time the server process had used when it answered (Linux,
 * /proc): on a machine shared with other work that figure moves far less than the wall time.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { API_NODE_FLAGS } from '../../test-support/server-process.js';

const ROUNDS = Number(process.env.STARTUP_ROUNDS ?? 3);
const apiDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

interface StartTime {
  wallMs: number;
  /** User + system CPU of the server process up to its first 200; null where /proc is missing. */
  cpuMs: number | null;
}

/** CPU time a process has used so far, from /proc/<pid>/stat (utime and stime, in clock ticks of 10 ms). */
function cpuMsOf(pid: number): number | null {
  if (!existsSync(`/proc/${pid}/stat`)) return null;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Starts the built server on dataDir; resolves with its time to the first 200 once it has stopped again. */
async function timeStart(dataDir: string): Promise<StartTime> {
  const startedAt = performance.now();
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(NODE_ENV|DATABASE_URL|REDIS_URL|DATA_DIR|MEDIA_DIR|PORT)$/.test(key)));
  const child = spawn(process.execPath, [...API_NODE_FLAGS, 'dist/main.js'], {
    cwd: apiDir,
    env: { ...inherited, PORT: '0', DATA_DIR: dataDir, SESSION_SECRET: 'bench-startup-session-secret-0123456789', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let code: number | null | undefined;
  void exited.then((c) => (code = c));
  try {
    while (performance.now() - startedAt < 120_000) {
      if (code !== undefined) throw new Error(`The server exited (${code}) before it answered:\n${output}`);
      const port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) {
        const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
        if (health?.ok) return { wallMs: performance.now() - startedAt, cpuMs: cpuMsOf(child.pid!) };
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`No answer within 120 s:\n${output}`);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms: number | null) => (ms === null ? 'n/a' : (ms / 1000).toFixed(2));
const describe = (time: StartTime) => `${seconds(time.wallMs)} s (CPU ${seconds(time.cpuMs)} s)`;
const empty: StartTime[] = [];
const existing: StartTime[] = [];
console.log(`load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (let round = 1; round <= ROUNDS; round++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'songforge-bench-startup-'));
  try {
    empty.push(await timeStart(dataDir));
    existing.push(await timeStart(dataDir));
    console.log(`  round ${round}: empty DATA_DIR ${describe(empty.at(-1)!)}, existing ${describe(existing.at(-1)!)}`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.log(`load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const medianCpu = (times: StartTime[]) => (times.some((t) => t.cpuMs === null) ? null : median(times.map((t) => t.cpuMs!)));
console.log('\n| DATA_DIR | median s to the first 200 | median CPU s used by then | target |');
console.log('|---|---|---|---|');
console.log(`| empty | ${seconds(median(empty.map((t) => t.wallMs)))} | ${seconds(medianCpu(empty))} | <= 5 s |`);
console.log(`| existing | ${seconds(median(existing.map((t) => t.wallMs)))} | ${seconds(medianCpu(existing))} | <= 2 s |`);
