import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const apiDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/**
 * The Node flags `npm start` (api/package.json) and the Docker image give the API: a young generation
 * of up to 32 MB per semi-space instead of 16, so that request garbage dies young
 * (docs/decisions.md, "A larger young generation for the API").
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=32'];

const KEPT_OUTPUT_CHARS = 50_000;

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** stdout and stderr so far (the last KEPT_OUTPUT_CHARS). */
  output(): string;
  exited: Promise<ExitStatus>;
  /** Resolves with the base URL once the server logs that it listens and /api/health answers. */
  ready(timeoutMs?: number): Promise<string>;
  /** Sends a signal; resolves with how the process ended and how long that took. */
  signal(signal: NodeJS.Signals): Promise<ExitStatus & { ms: number }>;
}

export interface ServerProcessOptions {
  /** Run the build (`dist/main.js`, as `npm start` does; build it first) instead of the source under tsx. */
  build?: boolean;
}

/** `npm start`'s server as a process of its own: from source (tsx) unless `build` is asked for. */
export function startServerProcess(env: Record<string, string>, { build = false }: ServerProcessOptions = {}): ServerProcess {
  // As `npm start` runs: in NODE_ENV=production, not the test runner's NODE_ENV=test (libraries behave
  // differently there), and with no database, Redis or folders but the ones the test chooses.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(NODE_ENV|VITEST.*|DATABASE_URL|REDIS_URL|DATA_DIR|MEDIA_DIR|SESSION_SECRET|WEB_DIST_DIR|PORT)$/.test(key)),
  );
  // PROF_DIR: a CPU profile of the server per run (node --cpu-prof), for working on the hot paths.
  const profile = process.env.PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROF_DIR}`] : [];
  const entry = build ? [...API_NODE_FLAGS, 'dist/main.js'] : [...API_NODE_FLAGS, '--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, [...profile, ...entry], {
    cwd: apiDir,
    // No warm-up song (GENERATION_WARM_UP): its CPU would only disturb the suites and benches that start servers.
    env: { ...inherited, NODE_ENV: 'production', MALLOC_MMAP_THRESHOLD_: '131072', PORT: '0', LOG_LEVEL: 'info', GENERATION_WARM_UP: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<ExitStatus>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let status: ExitStatus | null = null;
  void exited.then((s) => (status = s));

  return {
    child,
    pid: child.pid!,
    output: () => output,
    exited,
    async ready(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (status) throw new Error(`Server exited (${status.code ?? status.signal}) before it was ready:\n${output}`);
        const port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];
        if (port) {
          const baseUrl = `http://127.0.0.1:${port}`;
          const health = await fetch(`${baseUrl}/api/health`).catch(() => null);
          if (health?.ok) return baseUrl;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`Server not ready after ${timeoutMs} ms:\n${output}`);
    },
    async signal(signal) {
      const startedAt = Date.now();
      child.kill(signal);
      const result = await exited;
      return { ...result, ms: Date.now() - startedAt };
    },
  };
}
