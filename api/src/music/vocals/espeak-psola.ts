/**
 * The second synthesis method tried (see docs/decisions.md): eSpeak NG speaks each sung syllable
 * from its phonemes, and TD-PSOLA moves it onto the melody: the syllable's vowel (its loudest
 * voiced stretch) is stretched over the note by repeating pitch periods, the consonants before
 * and after it keep the planned timing, and every period is re-spaced at the sung pitch contour
 * (the same contour the formant singer follows). Uses the Debian espeak-ng program; 22.05 kHz.
 */
import { execFileSync } from 'node:child_process';
import { Random } from '../random.js';
import type { SungNote, VocalPart } from '../types.js';
import { basePhone, isVowel } from './phonemes.js';
import { phraseSeed } from './phrase-sounds.js';
import { pitchContour } from './pitch-contour.js';
import { VOICES } from './voices.js';

export const ESPEAK_RATE = 22050;

const ESPEAK_PHONES: Record<string, string> = {
  AA: 'A:', AE: 'a', AH: 'V', AO: 'O:', AW: 'aU', AY: 'aI', EH: 'E', ER: '3:', EY: 'eI', IH: 'I', IY: 'i:', OW: 'oU', OY: 'OI', UH: 'U', UW: 'u:',
  B: 'b', CH: 'tS', D: 'd', DH: 'D', F: 'f', G: 'g', HH: 'h', JH: 'dZ', K: 'k', L: 'l', M: 'm', N: 'n', NG: 'N', P: 'p', R: 'r', S: 's', SH: 'S', T: 't', TH: 'T', V: 'v', W: 'w', Y: 'j', Z: 'z', ZH: 'Z',
};

function speakSyllable(phones: string[], voice: 'low' | 'high'): Float32Array {
  const text = phones.map((phone) => (isVowel(phone) && phone.endsWith('0') && basePhone(phone) === 'AH' ? '@' : ESPEAK_PHONES[basePhone(phone)])).join('');
  const stressed = phones.some((phone) => /[12]$/.test(phone)) ? `'${text}` : text;
  const wav = execFileSync('espeak-ng', ['-v', voice === 'high' ? 'en-us+f3' : 'en-us', '--stdout', `[[${stressed}]]`]);
  const pcm = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.byteLength - ((wav.byteLength - 44) % 2)));
  return Float32Array.from(pcm, (v) => v / 32768);
}

interface Analysis {
  /** Pitch marks (sample indices) in voiced stretches, with the local period at each. */
  marks: number[];
  periods: number[];
  vowelStart: number;
  vowelEnd: number;
}

const HOP = 110;
const WINDOW = 660;

/** Voicing, period and energy per 5 ms frame by autocorrelation; the vowel is the loudest voiced stretch. */
function analyse(x: Float32Array): Analysis {
  const frames: { energy: number; period: number; voiced: boolean }[] = [];
  const minLag = Math.floor(ESPEAK_RATE / 400);
  const maxLag = Math.ceil(ESPEAK_RATE / 70);
  for (let at = 0; at + WINDOW <= x.length; at += HOP) {
    let energy = 0;
    for (let i = 0; i < WINDOW; i++) energy += x[at + i] * x[at + i];
    let best = 0;
    let bestLag = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let r = 0, e1 = 0, e2 = 0;
      for (let i = 0; i + lag < WINDOW; i++) {
        r += x[at + i] * x[at + i + lag];
        e1 += x[at + i] * x[at + i];
        e2 += x[at + i + lag] * x[at + i + lag];
      }
      const c = r / Math.sqrt(e1 * e2 + 1e-12);
      if (c > best) {
        best = c;
        bestLag = lag;
      }
    }
    frames.push({ energy, period: bestLag, voiced: best > 0.6 });
  }
  const loudest = frames.reduce((m, f, i) => (f.voiced && f.energy > (frames[m]?.energy ?? -1) ? i : m), 0);
  let from = loudest;
  let to = loudest;
  const floor = frames[loudest].energy * 0.16;
  while (from > 0 && frames[from - 1].voiced && frames[from - 1].energy > floor) from--;
  while (to + 1 < frames.length && frames[to + 1].voiced && frames[to + 1].energy > floor) to++;
  const marks: number[] = [];
  const periods: number[] = [];
  for (let f = 0; f < frames.length; f++) {
    if (!frames[f].voiced) continue;
    const frameStart = f * HOP + WINDOW / 2 - HOP / 2;
    let at = Math.max(frameStart, (marks[marks.length - 1] ?? -Infinity) + frames[f].period);
    while (at < frameStart + HOP) {
      // Refine to the largest sample within a quarter period.
      const q = Math.floor(frames[f].period / 4);
      let peak = at;
      for (let i = Math.max(0, at - q); i < Math.min(x.length, at + q); i++) if (Math.abs(x[i]) > Math.abs(x[peak])) peak = i;
      if (!marks.length || peak > marks[marks.length - 1]) {
        marks.push(peak);
        periods.push(frames[f].period);
      }
      at = Math.max(peak, at) + frames[f].period;
    }
  }
  return { marks, periods, vowelStart: from * HOP + WINDOW / 2 - HOP / 2, vowelEnd: (to + 1) * HOP + WINDOW / 2 - HOP / 2 };
}

/** Adds grain x[centre - half .. centre + half) under a Hann window at `at` in `out`. */
function addGrain(out: Float32Array, at: number, x: Float32Array, centre: number, half: number, gain: number): void {
  for (let i = -half; i < half; i++) {
    const s = centre + i;
    const o = at + i;
    if (s < 0 || s >= x.length || o < 0 || o >= out.length) continue;
    out[o] += x[s] * gain * 0.5 * (1 + Math.cos((Math.PI * i) / half));
  }
}

/** Sings one phrase (its phones timed) by eSpeak NG and TD-PSOLA; returns samples at ESPEAK_RATE from `origin`. */
export function singWithEspeak(notes: SungNote[], voice: 'low' | 'high', seed: number, origin: number, length: number): Float32Array {
  const out = new Float32Array(length);
  const blockSeconds = 64 / ESPEAK_RATE;
  const f0 = pitchContour(notes, { origin, blocks: Math.ceil(length / 64), blockSeconds }, VOICES[voice], new Random(seed).fork('pitch'));
  for (const note of notes) {
    const phones = note.phones.map((p) => p.phone);
    const x = speakSyllable(phones, voice);
    const a = analyse(x);
    const vowel = note.phones.find((p) => isVowel(p.phone))!;
    const first = note.phones[0].start;
    const last = note.phones[note.phones.length - 1].end;
    // Source -> target time map, piecewise linear over onset, vowel and coda.
    const knots: [number, number][] = [
      [0, first],
      [a.vowelStart / ESPEAK_RATE, vowel.start],
      [a.vowelEnd / ESPEAK_RATE, vowel.end],
      [x.length / ESPEAK_RATE, Math.max(vowel.end + 0.01, last)],
    ];
    const sourceAt = (t: number): number => {
      for (let k = 1; k < knots.length; k++) {
        if (t <= knots[k][1] || k === knots.length - 1) {
          const [s0, t0] = knots[k - 1];
          const [s1, t1] = knots[k];
          const u = t1 > t0 ? Math.min(1, Math.max(0, (t - t0) / (t1 - t0))) : 1;
          return (s0 + (s1 - s0) * u) * ESPEAK_RATE;
        }
      }
      return x.length;
    };
    let t = first;
    const end = knots[3][1];
    while (t < end) {
      const s = sourceAt(t);
      // The analysis mark nearest the source position, if it is in a voiced stretch.
      let m = 0;
      while (m + 1 < a.marks.length && a.marks[m + 1] <= s) m++;
      const near = a.marks.length > 0 && Math.abs(a.marks[m] - s) < a.periods[m] * 1.5;
      const at = Math.round((t - origin) * ESPEAK_RATE);
      if (near) {
        const block = Math.min(f0.length - 1, Math.max(0, Math.floor((t - origin) / blockSeconds)));
        const targetPeriod = ESPEAK_RATE / f0[block];
        addGrain(out, at, x, a.marks[m], a.periods[m], 1);
        t += targetPeriod / ESPEAK_RATE;
      } else {
        addGrain(out, at, x, Math.round(s), HOP, 1);
        t += HOP / ESPEAK_RATE;
      }
    }
  }
  return out;
}

/** The dry vocal stem of a vocal part sung by eSpeak NG + TD-PSOLA, at ESPEAK_RATE. */
export function renderEspeakVocals(vocals: VocalPart, durationSeconds: number): Float32Array {
  const stem = new Float32Array(Math.ceil((durationSeconds + 2) * ESPEAK_RATE));
  for (const phrase of vocals.phrases) {
    const origin = phrase.start - 0.05;
    const length = Math.ceil((phrase.end - origin + 0.1) * ESPEAK_RATE);
    const audio = singWithEspeak(phrase.notes, vocals.voice, phraseSeed(phrase, vocals.voice), origin, length);
    const at = Math.round(origin * ESPEAK_RATE);
    for (let i = 0; i < audio.length && at + i < stem.length; i++) if (at + i >= 0) stem[at + i] += audio[i];
  }
  return stem;
}
