/**
 * Generate one song from the command line:
 *   npm run generate -- "a prompt" --genre lo-fi --mood chill --duration 180 --seed 7 --out song.mp3
 * Writes the MP3, plus cover PNG and .lrc next to it when the song has them. Relative paths are
 * resolved against the directory npm was started from (INIT_CWD), not the api/ workspace.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LocalMusicEngine } from '../provider.js';
import { enginePool } from '../render/worker-pool.js';
import { MusicInputError, type SongRequest } from '../types.js';

const USAGE = `Usage: npm run generate -- "prompt" [--genre g]... [--mood m]... [--duration 180] [--seed n]
       [--title t] [--lyrics] [--no-art] [--out song.mp3]`;

function parse(argv: string[]): { request: SongRequest; out: string } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      genre: { type: 'string', multiple: true },
      mood: { type: 'string', multiple: true },
      duration: { type: 'string' },
      seed: { type: 'string' },
      title: { type: 'string' },
      lyrics: { type: 'boolean' },
      'no-art': { type: 'boolean' },
      out: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const base = process.env.INIT_CWD ?? process.cwd();
  const request: SongRequest = {
    prompt: positionals.join(' '),
    title: values.title ?? null,
    genres: values.genre ?? [],
    moods: values.mood ?? [],
    lyrics: null,
    generateLyrics: values.lyrics ?? false,
    generateAlbumArt: !values['no-art'],
    durationSeconds: values.duration === undefined ? 180 : Number(values.duration),
    seed: values.seed === undefined ? null : Number(values.seed),
  };
  return { request, out: resolve(base, values.out ?? 'song.mp3') };
}

async function main(): Promise<void> {
  const { request, out } = parse(process.argv.slice(2));
  // Start the render/encode workers while the plan and composition are made.
  const warming = enginePool().warmUp();
  const engine = new LocalMusicEngine();
  const plan = engine.plan(request);
  console.log(plan.summary);
  console.log(`Title: ${plan.title} · seed ${plan.seed} · ${plan.durationSeconds} s`);
  await warming;
  const song = await engine.generate({ ...request, seed: plan.seed }, (e) => process.stdout.write(`\r${e.stage.padEnd(8)} ${String(e.percentage).padStart(3)}%`));
  process.stdout.write('\n');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, song.mp3);
  const written = [out];
  const stem = out.replace(/\.mp3$/i, '');
  if (song.cover) {
    writeFileSync(`${stem}.png`, song.cover.full);
    written.push(`${stem}.png`);
  }
  if (song.lrc) {
    writeFileSync(`${stem}.lrc`, song.lrc);
    written.push(`${stem}.lrc`);
  }
  const a = song.analysis;
  console.log(`Audio: ${a.durationSeconds.toFixed(1)} s · ${a.bpm} BPM · ${a.key} · ${a.integratedLufs} LUFS · ${a.truePeakDbtp} dBTP · ${(song.mp3.length / 1024).toFixed(0)} KiB MP3`);
  console.log('Timings (s): ' + Object.entries(song.timings).map(([k, v]) => `${k} ${v.toFixed(3)}`).join(' · '));
  console.log('Wrote ' + written.join(', '));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof MusicInputError) {
      console.error(`${error.field}: ${error.message}`);
      console.error(USAGE);
    } else console.error(error);
    process.exit(1);
  },
);
