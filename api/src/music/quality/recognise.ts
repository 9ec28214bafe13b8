/**
 * Intelligibility: an off-the-shelf speech recogniser (CMU PocketSphinx from Debian, its US
 * English acoustic and language models) transcribes audio, and its words are aligned with the
 * words that were sung or spoken. Also speaks text with eSpeak NG, the plain-speech reference.
 * Needs the Debian packages pocketsphinx, pocketsphinx-en-us, espeak-ng and sox.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MODEL = '/usr/share/pocketsphinx/model/en-us';

/** True when the recogniser, its model, eSpeak NG and sox are installed (Debian packages, not npm). */
export function speechToolsInstalled(): boolean {
  const commands = spawnSync('sh', ['-c', 'command -v pocketsphinx_continuous && command -v espeak-ng && command -v sox'], { stdio: 'ignore' });
  return commands.status === 0 && existsSync(MODEL);
}

export interface WordScore {
  words: number;
  /** Reference words the recogniser got right (H / N). */
  correct: number;
  /** HTK word accuracy: (N - substitutions - deletions - insertions) / N. */
  accuracy: number;
  hypothesis: string[];
}

/** Lower-case words without punctuation (apostrophes kept), as the recogniser's dictionary spells them. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .split(/[^a-z0-9']+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

/** Aligns hypothesis with reference by edit distance and counts hits and errors. */
export function scoreWords(reference: string[], hypothesis: string[]): WordScore {
  const n = reference.length;
  const m = hypothesis.length;
  // cost[i][j]: edits to turn reference[0..i) into hypothesis[0..j); hits[i][j] along that path.
  const cost = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const hits = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const same = reference[i - 1] === hypothesis[j - 1];
      const diagonal = cost[i - 1][j - 1] + (same ? 0 : 1);
      const best = Math.min(diagonal, cost[i - 1][j] + 1, cost[i][j - 1] + 1);
      cost[i][j] = best;
      hits[i][j] = best === diagonal ? hits[i - 1][j - 1] + (same ? 1 : 0) : best === cost[i - 1][j] + 1 ? hits[i - 1][j] : hits[i][j - 1];
    }
  }
  // The edit distance is S + D + I, so the accuracy is (N - distance) / N.
  return { words: n, correct: n ? hits[n][m] / n : 0, accuracy: n ? (n - cost[n][m]) / n : 0, hypothesis };
}

/** Writes mono float samples as a 16 kHz 16-bit WAV through sox (the recogniser's input format). */
function toRecogniserWav(samples: Float32Array, sampleRate: number, dir: string): string {
  const raw = join(dir, 'input.f32');
  const wav = join(dir, 'input.wav');
  writeFileSync(raw, new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength));
  // Normalised to -3 dBFS peak (the recogniser's front end expects speech-like levels), without dither so that runs repeat.
  execFileSync('sox', ['-D', '-t', 'f32', '-r', String(sampleRate), '-c', '1', raw, '-r', '16000', '-b', '16', wav, 'norm', '-3']);
  return wav;
}

function transcribeWav(wav: string): string[] {
  const text = execFileSync('pocketsphinx_continuous', ['-infile', wav, '-hmm', join(MODEL, 'en-us'), '-lm', join(MODEL, 'en-us.lm.bin'), '-dict', join(MODEL, 'cmudict-en-us.dict'), '-logfn', '/dev/null'], { encoding: 'utf8', maxBuffer: 1 << 24 });
  return words(text);
}

/** PocketSphinx's transcript of mono audio. */
export function transcribe(samples: Float32Array, sampleRate: number): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'songforge-asr-'));
  try {
    return transcribeWav(toRecogniserWav(samples, sampleRate, dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** PocketSphinx's transcript of `lines` spoken plainly by eSpeak NG (US English, default voice and rate). */
export function transcribeSpoken(lines: string[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'songforge-tts-'));
  try {
    const spoken = join(dir, 'spoken.wav');
    const wav = join(dir, 'input.wav');
    // One line per sentence, so eSpeak pauses between them as a singer breathes between phrases.
    execFileSync('espeak-ng', ['-v', 'en-us', '-w', spoken, lines.map((line) => line.replace(/[.!?]+$/, '')).join('. ')]);
    execFileSync('sox', ['-D', spoken, '-r', '16000', '-b', '16', '-c', '1', wav, 'norm', '-3']);
    return transcribeWav(wav);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
