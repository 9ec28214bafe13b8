/**
 * Seeds a fresh DATA_DIR with the playback test songs (tone MP3s from the engine's encoder and
 * their database rows) by running playback-seed.mjs in its own process, before the API starts.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './server';

export interface TestSong {
  id: string;
  title: string;
  artist: string;
  genre: string;
  mood: string;
  seconds: number;
  /** Tone pitch in Hz. */
  frequency: number;
  lrc?: string;
  waveform?: number[];
  /** Paint a cover for the song (as generation does). */
  cover?: boolean;
  /** The engine's features the DJ and radio plan with (stored columns and analysis). */
  bpm?: number;
  key?: string;
  energy?: number;
}

export interface SeededData {
  dataDir: string;
  remove(): Promise<void>;
}

export async function seedSongs(songs: readonly TestSong[]): Promise<SeededData> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'songforge-playback-data-'));
  const remove = () => rm(dataDir, { recursive: true, force: true });
  try {
    const songsFile = path.join(dataDir, 'songs.json');
    await writeFile(songsFile, JSON.stringify(songs));
    await runNodeScript('web/e2e/playback-seed.mjs', [dataDir, songsFile]);
    return { dataDir, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** Runs a Node script of the repository (`script` relative to its root) to the end; a failure throws with its output. */
export async function runNodeScript(script: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, script), ...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`${script} exited with ${code}:\n${output}`);
}
