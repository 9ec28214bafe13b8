/**
 * The web build the playback browser tests run against: the real app, with the shell's route
 * element <Layout /> resolved to <PlaybackLayout /> (player engine and bar, shortcuts, install card,
 * service worker) — the one-line mount the app itself still needs (see the playback report).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Plugin } from 'vite';
import { REPO_ROOT } from './server';

const WEB_ROOT = path.join(REPO_ROOT, 'web');
const APP_ROUTES = path.join(WEB_ROOT, 'src/app/AppRoutes.tsx');
const LAYOUT_SHIM = path.join(WEB_ROOT, 'e2e/playbackLayoutShim.ts');

/** Only AppRoutes' import of the shell Layout is redirected; PlaybackLayout still gets the real one. */
function mountPlaybackLayout(): Plugin {
  return {
    name: 'songforge-e2e-mount-playback-layout',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (importer === APP_ROUTES && source === '../shell/Layout') return LAYOUT_SHIM;
      return null;
    },
  };
}

export interface PlaybackWebBuild {
  distDir: string;
  remove(): Promise<void>;
}

export async function buildPlaybackWeb(): Promise<PlaybackWebBuild> {
  const distDir = await mkdtemp(path.join(tmpdir(), 'songforge-playback-web-'));
  // Vitest sets NODE_ENV=test, which would make this a development build (React dev, no service
  // worker); build exactly what `npm run build` ships.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      mode: 'production',
      root: WEB_ROOT,
      configFile: path.join(WEB_ROOT, 'vite.config.ts'),
      logLevel: 'warn',
      plugins: [mountPlaybackLayout()],
      build: { outDir: distDir, emptyOutDir: true, sourcemap: false },
    });
  } catch (error) {
    await rm(distDir, { recursive: true, force: true });
    throw error;
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return { distDir, remove: () => rm(distDir, { recursive: true, force: true }) };
}
