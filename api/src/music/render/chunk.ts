/**
 * Renders the linear part of a song for one slice of note onsets: every note and drum hit that
 * starts inside [startSeconds, endSeconds), through per-track chorus/pan/gain/sidechain, the
 * reverb and delay buses and tape wow, including all their tails. Because every stage here is
 * linear, the song is exactly the sum of its chunks, which is what lets chunks render in
 * parallel and join without seams.
 */
import type { Composition, DrumHit, NoteEvent, StereoAudio, TrackRole } from '../types.js';
import { addChorusBus, CHORUS_TAIL_SECONDS, chorusHistory, chorusMix } from '../effects/chorus.js';
import { DelayStream, delayTailSeconds, type DelaySettings } from '../effects/delay.js';
import { TapeStream } from '../effects/lofi.js';
import { ReverbStream, type ReverbSettings } from '../effects/reverb.js';
import { sidechainCurve } from '../effects/sidechain.js';
import { kernelHeap, type KernelHeap } from '../dsp/heap.js';
import { dbToGain } from '../synth/dsp.js';
import { DRUM_LAYOUT, drumTake, drumTakeSound } from '../synth/drums.js';
import { INSTRUMENTS } from '../synth/instruments.js';
import { noteSound, velocityGain } from '../synth/notes.js';
import type { NoteTable } from './note-table.js';
import { claimTailSlot, type TailSlots } from './tail-slots.js';

export interface ChunkRequest {
  composition: Composition;
  /** Onset window, seconds; the first chunk (start 0) also takes anything earlier, the last uses Infinity as its end. */
  startSeconds: number;
  endSeconds: number;
  /** Length of the whole render in samples; chunk output never extends past it. */
  totalSamples: number;
  sampleRate: number;
  /** Every note sound and drum take of the song (render/note-table.ts). */
  notes: NoteTable;
}

export interface ChunkAudio {
  /** Song sample index of left[0]. */
  offset: number;
  left: Float32Array;
  right: Float32Array;
  /** The slice request's tail slot that holds left and right, to be released once they are added. */
  slot?: number;
}

/**
 * Parts played twice across the stereo field, as double-tracked guitars and keys are: the side
 * away from the part's pan hears `amount` of it as a second take `delay` seconds later (short
 * enough to fuse into one wide sound), which decorrelates the channels as panning alone cannot.
 */
const DOUBLED: Partial<Record<TrackRole, { delay: number; amount: number }>> = {
  chords: { delay: 0.014, amount: 0.6 },
  pad: { delay: 0.021, amount: 0.6 },
  arp: { delay: 0.009, amount: 0.5 },
  counter: { delay: 0.017, amount: 0.5 },
};

/** Seconds of the longest second-take delay. */
const LONGEST_DOUBLING_DELAY = Math.max(...Object.values(DOUBLED).map((d) => d.delay));

/** Tape wobble already smears the channels apart, so tape-coloured songs (lo-fi) double less. */
function doubling(role: TrackRole, lofi: number): { delay: number; amount: number } | null {
  const double = DOUBLED[role];
  return double ? { delay: double.delay, amount: double.amount * (1 - 0.8 * lofi) } : null;
}

export function reverbSettings(c: Composition): ReverbSettings {
  return {
    rt60: 0.9 + 2.3 * c.mix.reverb,
    dampingHz: 3500 + 6000 * c.mix.brightness,
    preDelay: 0.012 + 0.02 * c.mix.reverb,
    wet: 0.25 + 0.45 * c.mix.reverb,
  };
}

export function delaySettings(c: Composition): DelaySettings {
  return { time: c.mix.delayTime, feedback: 0.38, wet: 0.45, toneHz: 2500 + 3000 * c.mix.brightness };
}

/**
 * Seconds after the last note ends during which the buses still produce sound, down to about
 * -66 dB (a slice's tail lands under the next slice's music, and every sample of a tail costs
 * effect time and memory in each slice).
 */
export function effectsTailSeconds(c: Composition): number {
  const reverbTail = reverbSettings(c).rt60 * 1.1;
  const delayTail = c.mix.delayTime > 0 ? delayTailSeconds(delaySettings(c)) : 0;
  return Math.max(reverbTail, delayTail) + CHORUS_TAIL_SECONDS;
}

/** Sorted kick onsets, which drive the sidechain. */
export function kickTimes(c: Composition): number[] {
  return (c.drums.sidechainKicks ?? c.drums.hits.filter((h) => h.voice === 'kick').map((h) => h.time)).slice().sort((a, b) => a - b);
}

interface PlacedNote {
  /** Sample index relative to its bar's start. */
  at: number;
  /** The note's sound from the song's note table (copied into the kernel heap while its track is mixed). */
  buffer: Float32Array;
  gain: number;
}

/** One bar of one track: its notes relative to the bar, and a fingerprint equal for identical bars. */
interface PlacedBar {
  /** Chunk sample index of the bar's start. */
  at: number;
  notes: PlacedNote[];
  /** Samples from the bar's start to the end of its longest-ringing note. */
  length: number;
  fingerprint: string;
}

/** Whether an onset at `t` belongs to the slice [startSeconds, endSeconds) (the first slice also takes anything earlier). */
export const onsetInSlice = (t: number, startSeconds: number, endSeconds: number): boolean => (t >= startSeconds || startSeconds <= 0) && t < endSeconds;
const inWindow = (t: number, r: ChunkRequest): boolean => onsetInSlice(t, r.startSeconds, r.endSeconds);

/** A slice of the song rendered straight into the song's mix. */
export interface SliceRequest extends ChunkRequest {
  /** The song's mix (shared memory on workers); the slice assigns every sample of [offset, bodyEnd) there. */
  mix: StereoAudio;
  /** Where the next slice's samples start (or the song's end). */
  bodyEnd: number;
  /** Where the tail goes if a slot is free (else into a buffer of its own). */
  tails?: TailSlots;
}

/**
 * Renders a slice: its own stretch of the song is written straight into the mix (no other slice
 * writes there), and what rings on past it (note releases, effect tails) is returned, for the
 * caller to add once the following slices are in.
 */
export function renderSliceInto(r: SliceRequest, heap: KernelHeap = kernelHeap()): ChunkAudio {
  const mark = heap.mark();
  let tail: ChunkAudio = { offset: 0, left: new Float32Array(0), right: new Float32Array(0) };
  let bodyLength = 0;
  renderChunkInBlocks(r, heap, (offset, length) => {
    bodyLength = Math.max(0, Math.min(length, r.bodyEnd - offset));
    // Every sample of the tail is assigned below, so a reused slot need not be cleared.
    const inSlot = r.tails && length > bodyLength ? claimTailSlot(r.tails, length - bodyLength) : null;
    tail = inSlot
      ? { offset: offset + bodyLength, ...inSlot }
      : { offset: offset + bodyLength, left: new Float32Array(length - bodyLength), right: new Float32Array(length - bodyLength) };
    return (from, left, right) => {
      const body = Math.max(0, Math.min(left.length, bodyLength - from));
      r.mix.left.set(left.subarray(0, body), offset + from);
      r.mix.right.set(right.subarray(0, body), offset + from);
      if (body === left.length) return;
      tail.left.set(left.subarray(body), from + body - bodyLength);
      tail.right.set(right.subarray(body), from + body - bodyLength);
    };
  });
  // Silence where the slice has ended before the next one starts: the mix may be a reused one.
  r.mix.left.fill(0, tail.offset, r.bodyEnd);
  r.mix.right.fill(0, tail.offset, r.bodyEnd);
  heap.release(mark);
  return tail;
}

/** Renders everything whose onset falls in the request's window, with its full tails. */
export function renderChunk(r: ChunkRequest, heap: KernelHeap = kernelHeap()): ChunkAudio {
  const mark = heap.mark();
  let chunk: ChunkAudio = { offset: 0, left: new Float32Array(0), right: new Float32Array(0) };
  renderChunkInBlocks(r, heap, (offset, length) => {
    chunk = { offset, left: new Float32Array(length), right: new Float32Array(length) };
    return (from, left, right) => {
      chunk.left.set(left, from);
      chunk.right.set(right, from);
    };
  });
  heap.release(mark);
  return chunk;
}

/** Takes a chunk's finished samples, block by block in order: `left[0]` is chunk sample `from`. */
type BlockSink = (from: number, left: Float32Array, right: Float32Array) => void;

/**
 * Renders a chunk in blocks of BLOCK samples, every track, bus and effect of one block before the
 * next (the effects carry their state across blocks), so the chunk's buses never exist whole:
 * the heap holds a few blocks whatever the chunk's length. `open` gets the chunk's song offset and
 * length once it is known and returns where its blocks go. Every sample gets the same operations
 * in the same order as when the chunk was rendered stage by stage over its whole length: the
 * tracks in order (each one's second take right after it), the chorus bus, the drums, reverb,
 * delay and tape.
 */
function renderChunkInBlocks(r: ChunkRequest, heap: KernelHeap, open: (offset: number, length: number) => BlockSink): void {
  const c = r.composition;
  const sr = r.sampleRate;
  const offset = Math.max(0, Math.floor(r.startSeconds * sr));

  // Place every note first, bar by bar, so the chunk length is known before mixing. A note's
  // position is its bar's start plus its offset in the bar, so repeated bars are sample-identical.
  const barSeconds = (c.beatsPerBar * 60) / c.bpm;
  const placedTracks = c.tracks.map((track) => {
    const bars = new Map<number, PlacedBar>();
    for (const note of track.notes as NoteEvent[]) {
      if (!inWindow(note.start, r) || note.duration <= 0) continue;
      const sound = noteSound(track.instrument, note.pitch, note.duration, note.velocity, c.mix.brightness);
      const buffer = r.notes.get(sound.key);
      if (!buffer) throw new Error(`Note sound ${sound.key} is missing from the song's note table`);
      const index = Math.max(0, Math.floor(note.start / barSeconds + 1e-9));
      let bar = bars.get(index);
      if (!bar) {
        bar = { at: Math.round(index * barSeconds * sr) - offset, notes: [], length: 0, fingerprint: '' };
        bars.set(index, bar);
      }
      const at = Math.round((note.start - index * barSeconds) * sr);
      const gain = velocityGain(note.velocity);
      bar.notes.push({ at, buffer, gain });
      bar.length = Math.max(bar.length, at + buffer.length);
      bar.fingerprint += `${at}:${sound.key}:${gain};`;
    }
    return { track, bars: [...bars.values()] };
  });
  const hits = (c.drums.hits as DrumHit[]).filter((h) => inWindow(h.time, r));
  // Each hit plays one of its voice's takes (round robin, soft or loud) from the song's table.
  const hitSounds = hits.map((h) => {
    const { key } = drumTakeSound(c.drums.kit, h.voice, drumTake(h.time, h.velocity));
    const samples = r.notes.get(key);
    if (!samples) throw new Error(`Drum take ${key} is missing from the song's note table`);
    return samples;
  });
  let lastSample = 0;
  for (const { bars } of placedTracks) for (const bar of bars) lastSample = Math.max(lastSample, bar.at + bar.length);
  hits.forEach((h, i) => (lastSample = Math.max(lastSample, Math.round(h.time * sr) - offset + hitSounds[i].length)));
  const length = Math.max(0, Math.min(r.totalSamples - offset, lastSample + Math.ceil(effectsTailSeconds(c) * sr)));
  const sink = open(offset, length);
  if (length === 0) return;

  const mixer = new HeapMixer(heap);
  const chorused = c.tracks.some((t) => INSTRUMENTS[t.instrument].chorus > 0);
  const useSidechain = c.mix.sidechain && c.tracks.some((t) => t.sidechain);
  const kicks = useSidechain ? kickTimes(c) : [];
  const duckSettings = { depth: 0.55, release: Math.min(0.3, 45 / c.bpm) };
  // A track's block is kept behind its last samples (the second take of a doubled part reads that far back).
  const history = Math.round(LONGEST_DOUBLING_DELAY * sr);
  const tracks = placedTracks.filter(({ bars }) => bars.length > 0).map(({ track, bars }) => {
    const def = INSTRUMENTS[track.instrument];
    let from = length;
    let to = 0;
    for (const bar of bars) {
      to = Math.max(to, Math.min(length, bar.at + bar.length));
      for (const n of bar.notes) from = Math.min(from, Math.max(0, bar.at + n.at));
    }
    const gain = dbToGain(track.gainDb + def.trimDb);
    const pan = Math.min(1, Math.max(-1, track.pan));
    const angle = ((pan + 1) * Math.PI) / 4;
    const { dry, send } = chorusMix(def.chorus);
    const double = doubling(track.role, c.mix.lofi);
    // The far side of a doubled part hears part of it as the second take, later.
    const farLeft = pan > 0;
    const direct = (far: boolean): number => (double && far ? 1 - double.amount : 1);
    return {
      track, from, to, farLeft,
      mixBarsInto: mixer.barsMixer(bars),
      /** The track's last `history` samples before the block being rendered. */
      past: heap.alloc(history),
      gains: {
        leftGain: gain * Math.cos(angle) * dry * direct(farLeft),
        rightGain: gain * Math.sin(angle) * dry * direct(!farLeft),
        reverbGain: gain * track.reverbSend,
        delayGain: c.mix.delayTime > 0 ? gain * track.delaySend : 0,
        chorusLeftGain: gain * Math.cos(angle) * send,
        chorusRightGain: gain * Math.sin(angle) * send,
      },
      farGain: double ? gain * dry * double.amount * (farLeft ? Math.cos(angle) : Math.sin(angle)) : 0,
      delay: double ? Math.round(double.delay * sr) : 0,
    };
  });

  const reverb = new ReverbStream(heap, reverbSettings(c), sr, length, offset, BLOCK);
  const delay = c.mix.delayTime > 0 ? new DelayStream(heap, delaySettings(c), sr) : null;
  const tape = new TapeStream(heap, c.mix.lofi, offset, sr);
  // Buses hold a block, those read behind the block (reverb, chorus) with their history before it.
  const chorusPast = chorused ? chorusHistory(sr) : 0;
  const left = heap.alloc(BLOCK);
  const right = heap.alloc(BLOCK);
  const reverbIn = heap.alloc(reverb.history + BLOCK);
  const delayIn = delay ? heap.alloc(BLOCK) : null;
  const chorusL = chorused ? heap.alloc(chorusPast + BLOCK) : null;
  const chorusR = chorused ? heap.alloc(chorusPast + BLOCK) : null;
  const duck = useSidechain ? heap.alloc(BLOCK) : null;
  const trackBlock = heap.alloc(history + BLOCK);

  for (let b0 = 0; b0 < length; b0 += BLOCK) {
    const n = Math.min(BLOCK, length - b0);
    // The previous block (always a whole one) becomes the history.
    if (b0 > 0) {
      reverbIn.copyWithin(0, BLOCK, BLOCK + reverb.history);
      chorusL?.copyWithin(0, BLOCK, BLOCK + chorusPast);
      chorusR?.copyWithin(0, BLOCK, BLOCK + chorusPast);
    }
    left.fill(0);
    right.fill(0);
    reverbIn.fill(0, reverb.history);
    delayIn?.fill(0);
    chorusL?.fill(0, chorusPast);
    chorusR?.fill(0, chorusPast);
    const buses = { left, right, reverb: reverbIn.subarray(reverb.history), delay: delayIn, chorusLeft: chorusL?.subarray(chorusPast) ?? null, chorusRight: chorusR?.subarray(chorusPast) ?? null };

    for (const t of tracks) {
      const start = Math.max(b0, t.from);
      const end = Math.min(b0 + n, t.to);
      const takeFrom = Math.max(b0, t.from + t.delay);
      const takeTo = Math.min(b0 + n, t.to + t.delay);
      if (end <= start && (t.delay === 0 || takeTo <= takeFrom)) continue;
      // trackBlock[history + j - b0] is the track's sample j (only those in [from, to) are ever read).
      trackBlock.set(t.past);
      if (end > start) {
        const x = trackBlock.subarray(history + start - b0, history + end - b0);
        x.fill(0);
        t.mixBarsInto(x, start);
        if (duck && t.track.sidechain) {
          const curve = sidechainCurve(kicks, offset + start, duckSettings, sr, duck.subarray(0, x.length));
          mixer.multiply(x, curve);
        }
        mixer.sendTrack(x, start - b0, { ...buses, ...t.gains });
      }
      // far[j] += track[j - delay] * farGain.
      if (t.delay > 0 && takeTo > takeFrom) mixer.add(t.farLeft ? left : right, takeFrom - b0, trackBlock, history + takeFrom - t.delay - b0, takeTo - takeFrom, t.farGain);
      t.past.set(trackBlock.subarray(n, n + history));
    }
    if (chorusL && chorusR) addChorusBus(heap, chorusL, chorusR, b0 - chorusPast, left, right, b0, b0 + n, offset, sr);

    const drumGain = dbToGain(c.drums.gainDb);
    hits.forEach((h, i) => {
      const at = Math.max(0, Math.round(h.time * sr)) - offset - b0;
      const sample = hitSounds[i];
      if (at >= n || at + sample.length <= 0) return;
      const layout = DRUM_LAYOUT[h.voice];
      const g = drumGain * dbToGain(layout.gainDb) * velocityGain(h.velocity);
      const angle = ((layout.pan + 1) * Math.PI) / 4;
      // The part of the take in this block, brought into the heap once for its three sends.
      const first = Math.max(0, -at);
      const part = mixer.inHeap(sample.subarray(first, Math.min(sample.length, n - at)));
      mixer.mixInto(left, part, at + first, g * Math.cos(angle));
      mixer.mixInto(right, part, at + first, g * Math.sin(angle));
      if (layout.reverb > 0) mixer.mixInto(buses.reverb, part, at + first, g * layout.reverb);
    });

    reverb.process(reverbIn, b0 - reverb.history, left, right, b0, b0 + n);
    if (delay && delayIn) delay.process(delayIn.subarray(0, n), left, right);
    tape.process(left, right, b0, b0 + n);
    sink(b0, left.subarray(0, n), right.subarray(0, n));
  }
}

interface TrackBuses {
  left: Float32Array;
  right: Float32Array;
  reverb: Float32Array;
  /** null when the song has no delay (delayGain is then 0). */
  delay: Float32Array | null;
  chorusLeft: Float32Array | null;
  chorusRight: Float32Array | null;
  leftGain: number;
  rightGain: number;
  reverbGain: number;
  delayGain: number;
  chorusLeftGain: number;
  chorusRightGain: number;
}

/** Samples a slice renders at a time, every track and bus (1.5 s at 44.1 kHz, 256 KB a buffer). */
const BLOCK = 1 << 16;

/** Samples of note sounds a slice keeps in its heap while it renders one track's repeated bars (4 MB). */
const SOUND_CACHE_SAMPLES = 1 << 20;

/** The slice's mixing steps, on buffers in the kernel heap. */
class HeapMixer {
  /** Where the part of a note sound that lands in a block is copied (the kernels read only their own memory). */
  private readonly scratch: Float32Array;

  constructor(private readonly heap: KernelHeap) {
    this.scratch = heap.alloc(BLOCK);
  }

  /**
   * Prepares a track's bars and returns what adds their samples [start, start + dst.length) into
   * `dst` (at most BLOCK long; its buffers stay in the heap until the caller releases past a mark
   * taken before). Songs repeat themselves: a bar that occurs more than once is mixed once into
   * its own buffer and that buffer is added wherever the bar recurs, which saves most of the note
   * mixing of chords and pads.
   */
  barsMixer(bars: PlacedBar[]): (dst: Float32Array, start: number) => void {
    const { heap } = this;
    const occurrences = new Map<string, number>();
    for (const bar of bars) occurrences.set(bar.fingerprint, (occurrences.get(bar.fingerprint) ?? 0) + 1);
    const firstOfRepeated = bars.filter((bar, i) => occurrences.get(bar.fingerprint)! >= 2 && bars.findIndex((b) => b.fingerprint === bar.fingerprint) === i);
    const rendered = new Map(firstOfRepeated.map((bar) => [bar.fingerprint, heap.alloc(bar.length)]));
    // The sounds are in the heap only while the repeated bars are mixed (every track's are kept for the whole slice).
    const mark = heap.mark();
    const addSound = this.soundsInHeap(firstOfRepeated);
    for (const bar of firstOfRepeated) for (const n of bar.notes) addSound(rendered.get(bar.fingerprint)!, n.buffer, n.at, n.gain);
    heap.release(mark);
    return (dst, start) => {
      for (const bar of bars) {
        const sound = rendered.get(bar.fingerprint);
        if (sound) this.mixInto(dst, sound, bar.at - start, 1);
        else for (const n of bar.notes) this.addSound(dst, n.buffer, bar.at + n.at - start, n.gain);
      }
    };
  }

  /** Adds `samples` * gain (a note sound outside the heap) into `dst` (at most BLOCK long) from index `at` on. */
  private addSound(dst: Float32Array, samples: Float32Array, at: number, gain: number): void {
    const from = Math.max(0, at);
    const to = Math.min(dst.length, at + samples.length);
    if (to > from) this.add(dst, from, this.inHeap(samples.subarray(from - at, to - at)), 0, to - from, gain);
  }

  /** `samples` (at most BLOCK long) copied into the heap's scratch, valid until its next use. */
  inHeap(samples: Float32Array): Float32Array {
    this.scratch.set(samples);
    return this.scratch.subarray(0, samples.length);
  }

  /**
   * How a track's note sounds come into the heap while its repeated `bars` are mixed: a sound used
   * more than once is copied in once, up to SOUND_CACHE_SAMPLES in all (most used first); of any
   * other sound, the part that lands in `dst` is copied into one scratch buffer at each use. Long
   * pads and strings used to bring tens of MB of sounds into each slice's heap; a copy costs a
   * small fraction of the mixing it feeds. Returns what adds `samples` * gain into `dst` from
   * index `at` on.
   */
  private soundsInHeap(bars: PlacedBar[]): (dst: Float32Array, samples: Float32Array, at: number, gain: number) => void {
    const { heap } = this;
    const uses = new Map<Float32Array, number>();
    for (const bar of bars) for (const n of bar.notes) uses.set(n.buffer, (uses.get(n.buffer) ?? 0) + 1);
    const kept = new Map<Float32Array, Float32Array>();
    let keptSamples = 0;
    let longestOther = 0;
    for (const [samples, count] of [...uses].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)) {
      if (count >= 2 && keptSamples + samples.length <= SOUND_CACHE_SAMPLES) {
        kept.set(samples, heap.copy(samples));
        keptSamples += samples.length;
      } else longestOther = Math.max(longestOther, samples.length);
    }
    const scratch = longestOther > 0 ? heap.alloc(longestOther) : null;
    return (dst, samples, at, gain) => {
      const from = Math.max(0, at);
      const to = Math.min(dst.length, at + samples.length);
      if (to <= from) return;
      const copy = kept.get(samples);
      if (copy) return this.add(dst, from, copy, from - at, to - from, gain);
      scratch!.set(samples.subarray(from - at, to - at));
      this.add(dst, from, scratch!, 0, to - from, gain);
    };
  }

  /** dst[at + j] += src[j] * gain for every j that lands inside dst. */
  mixInto(dst: Float32Array, src: Float32Array, at: number, gain: number): void {
    const start = Math.max(0, at);
    const end = Math.min(dst.length, at + src.length);
    if (end > start) this.add(dst, start, src, start - at, end - start, gain);
  }

  /** dst[dstAt + j] += src[srcAt + j] * gain for j in [0, n). */
  add(dst: Float32Array, dstAt: number, src: Float32Array, srcAt: number, n: number, gain: number): void {
    const { heap } = this;
    heap.kernels.mixInto(heap.ptr(dst) + dstAt * 4, heap.ptr(src) + srcAt * 4, n, gain);
  }

  /** x[i] *= by[i] over x. */
  multiply(x: Float32Array, by: Float32Array): void {
    const { heap } = this;
    heap.kernels.multiplyInto(heap.ptr(x), heap.ptr(by), x.length);
  }

  /** Sends a block of a track's mono signal to the stereo mix and the effect buses at their index `at` on, in one pass. */
  sendTrack(x: Float32Array, at: number, b: TrackBuses): void {
    const { heap } = this;
    /** Address of `buf[at]`, or 0 (no bus) when the track sends nothing there. */
    const bus = (buf: Float32Array | null, sends: boolean): number => (buf && sends ? heap.ptr(buf) + at * 4 : 0);
    const chorused = b.chorusLeftGain !== 0 || b.chorusRightGain !== 0;
    heap.kernels.sendTrack(
      heap.ptr(x), x.length,
      bus(b.left, true), bus(b.right, true), bus(b.reverb, true),
      bus(b.delay, b.delayGain !== 0), bus(b.chorusLeft, chorused), bus(b.chorusRight, chorused),
      b.leftGain, b.rightGain, b.reverbGain, b.delayGain, b.chorusLeftGain, b.chorusRightGain,
    );
  }
}
