import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const API_ENTRY = path.join(REPO_ROOT, 'api/dist/main.js');
const WEB_ENTRY = path.join(REPO_ROOT, 'web/dist/index.html');

const HEALTH_TIMEOUT_MS = 90_000;
const HEALTH_POLL_MS = 250;
const STOP_GRACE_MS = 10_000;
const KEPT_OUTPUT_CHARS = 20_000;

export interface RunningServer {
  baseUrl: string;
  /** The server's recent stdout and stderr, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built API (which serves web/dist) on a free port with an embedded database in a
 * fresh temporary DATA_DIR, and resolves once /api/health answers ok. Build first: `npm run build`.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  for (const entry of [API_ENTRY, WEB_ENTRY]) {
    if (!existsSync(entry)) throw new Error(`${path.relative(REPO_ROOT, entry)} is missing: run \`npm run build\` first`);
  }
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'songforge-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;

  // Only what the test chooses: no outside database, Redis or directories leak in.
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'MEDIA_DIR', 'WEB_DIST_DIR', 'SESSION_SECRET']) delete env[key];
  // No warm-up song: its CPU would only slow the browser tests down.
  Object.assign(env, { PORT: String(port), DATA_DIR: dataDir, GENERATION_WARM_UP: 'false', ...extraEnv });

  const child = spawn(process.execPath, [API_ENTRY], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const stop = async () => {
    await stopChild(child, exited);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, exited, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, output: () => output, stop };
}

async function waitForHealth(baseUrl: string, exited: Promise<number | null>, output: () => string): Promise<void> {
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`API exited with code ${exitCode} before it was healthy:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok && ((await response.json()) as { status?: string }).status === 'ok') return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, HEALTH_POLL_MS));
  }
  throw new Error(`API not healthy after ${HEALTH_TIMEOUT_MS} ms:\n${output()}`);
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
