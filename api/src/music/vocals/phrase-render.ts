/**
 * One sung phrase as it goes into the mix (runs on an engine worker): the lead voice through the
 * vocal chain in the centre; in choruses a double (another take: a few cents and milliseconds
 * off) on the left and a harmony a diatonic third above on the right; then the phrase's reverb
 * and delay sends with their tails. A backing chord's voices are sung together, each a single take
 * panned its own way, swelling in softly, through one reverb send and kept out of the delay. Stereo,
 * each voice's first take at a fixed RMS (the mix sets the song's gain).
 */
import { kernelHeap } from '../dsp/heap.js';
import { applyPingPongDelay, type DelaySettings } from '../effects/delay.js';
import { applyReverb, type ReverbSettings } from '../effects/reverb.js';
import { scaleStep } from '../compose/theory.js';
import { sharedFloat32 } from '../master/audio-jobs.js';
import type { SungNote, VoiceTimbre, VoiceType } from '../types.js';
import { vocalChain } from './chain.js';
import { singInHeap } from './singer.js';

/** A line the job sings: the lead's, or one backing voice of a chord's. */
export interface PhraseLine {
  notes: SungNote[];
  seed: number;
  /** Where its first take sits: 0 for the lead (centre), a backing voice off to a side. */
  pan: number;
}

export interface PhraseRenderJob {
  /**
   * The lead's line, or the backing voices of one chord phrase (they start together): summed into
   * one stereo sound with one reverb send, rather than one sound, reverb and tail per voice.
   */
  lines: PhraseLine[];
  voice: VoiceType;
  timbre: VoiceTimbre | null;
  /** The (single) line's double and harmony. */
  doubled: boolean;
  /** Seconds over which each line's first take swells in from its first vowel (its breath unheard): a backing voice's soft attack; 0 for the lead. */
  swell: number;
  /** Pitch classes of the song's key (for the harmony). */
  scale: number[];
  sampleRate: number;
  reverb: ReverbSettings;
  reverbSend: number;
  /** null when the song has no delay. */
  delay: DelaySettings | null;
  delaySend: number;
}

export interface PhraseAudio {
  /** Song time (seconds) of left[0]. */
  start: number;
  /** In shared memory when rendered on a worker. */
  left: Float32Array;
  right: Float32Array;
}

/** The lead take is brought to this RMS over the phrase (after the chain); the mix sets the song's level from it. */
export const LEAD_RMS = 0.1;

/** Level (-40 dB) where a phrase's reverb and delay tails are cut. */
const TAIL_FLOOR = 0.01;

/** The double sings this late and this far off pitch; the harmony slightly early and flat. */
const DOUBLE = { delay: 0.014, cents: 7, gain: 0.5, pan: -0.7 };
const HARMONY = { delay: -0.006, cents: -5, gain: 0.35, pan: 0.7 };

const shifted = (notes: SungNote[], seconds: number, transpose: (pitch: number) => number): SungNote[] =>
  notes.map((note) => ({ ...note, start: note.start + seconds, pitch: transpose(note.pitch), phones: note.phones.map((p) => ({ ...p, start: p.start + seconds, end: p.end + seconds })) }));

/** Silent before `from`, then a raised-cosine rise over `length` samples. */
function swellIn(x: Float32Array, from: number, length: number): void {
  x.fill(0, 0, Math.max(0, Math.min(x.length, from)));
  for (let i = Math.max(0, from); i < Math.min(x.length, from + length); i++) x[i] *= 0.5 - 0.5 * Math.cos((Math.PI * (i - from)) / length);
}

/** An indexed loop in a function of its own: for-of over a view of the heap's shared memory ran 5-10x slower, and a loop inside a callback run a few times per phrase ran unoptimised. */
function sumOfSquares(x: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += x[i] * x[i];
  return sum;
}

export function renderPhrase(job: PhraseRenderJob): PhraseAudio {
  const sr = job.sampleRate;
  // Each take belongs to a line (`line`): the line's first take sets its level.
  const takes = job.lines.map(({ notes, seed, pan }, line) => ({ line, notes, seed, cents: 0, gain: 1, pan }));
  if (job.doubled) {
    const { notes, seed } = job.lines[0];
    takes.push({ line: 0, notes: shifted(notes, DOUBLE.delay, (p) => p), seed: seed + 1, cents: DOUBLE.cents, gain: DOUBLE.gain, pan: DOUBLE.pan });
    takes.push({ line: 0, notes: shifted(notes, HARMONY.delay, (p) => scaleStep(p, 2, job.scale)), seed: seed + 2, cents: HARMONY.cents, gain: HARMONY.gain, pan: HARMONY.pan });
  }
  const heap = kernelHeap();
  const mark = heap.mark();
  const sung = takes.map((take) => ({ take, audio: singInHeap(heap, take.notes, job.voice, take.seed, sr, { detuneCents: take.cents, timbre: job.timbre }) }));
  const start = Math.min(...sung.map((s) => s.audio.start));
  const dryLength = Math.max(...sung.map((s) => Math.round((s.audio.start - start) * sr) + s.audio.samples.length));
  // Tails are cut where reverb and echoes have fallen 40 dB: that is under the band, and each
  // phrase's tail is rendered on its own.
  const echoes = job.delay ? job.delay.time * (1 + Math.ceil(Math.log(TAIL_FLOOR) / Math.log(job.delay.feedback))) : 0;
  const tail = Math.max(job.reverb.rt60 * (40 / 60), echoes);
  const length = dryLength + Math.ceil(tail * sr);

  const left = heap.alloc(length);
  const right = heap.alloc(length);
  const reverbIn = heap.alloc(length);
  const delayIn = job.delay ? heap.alloc(length) : null;
  const voices = sung.map(({ audio }) => vocalChain(heap, audio.samples, sr));
  const levels = job.lines.map(({ notes }, line) => {
    const first = voices[line];
    if (job.swell > 0) swellIn(first, Math.round((notes[0].phones[0].start - sung[line].audio.start) * sr), Math.round(job.swell * sr));
    return LEAD_RMS / Math.max(1e-9, Math.sqrt(sumOfSquares(first) / Math.max(1, first.length)));
  });
  for (const [index, { take, audio }] of sung.entries()) {
    const voice = voices[index];
    const at = Math.round((audio.start - start) * sr);
    const angle = ((take.pan + 1) * Math.PI) / 4;
    const gain = take.gain * levels[take.line];
    // Only the lead (centre) feeds the delay.
    const delays = delayIn !== null && take.pan === 0;
    const bus = (buffer: Float32Array): number => heap.ptr(buffer) + at * Float32Array.BYTES_PER_ELEMENT;
    heap.kernels.sendTrack(
      heap.ptr(voice), voice.length,
      bus(left), bus(right), bus(reverbIn), delays ? bus(delayIn) : 0, 0, 0,
      gain * Math.cos(angle) * Math.SQRT2, gain * Math.sin(angle) * Math.SQRT2, gain * job.reverbSend, delays ? gain * job.delaySend : 0, 0, 0,
    );
  }
  applyReverb(heap, reverbIn, left, right, length, job.reverb, sr, 0);
  if (delayIn && job.delay) applyPingPongDelay(heap, delayIn, left, right, length, job.delay, sr);
  const out = { start, left: sharedFloat32(length), right: sharedFloat32(length) };
  out.left.set(left);
  out.right.set(right);
  heap.release(mark);
  return out;
}
