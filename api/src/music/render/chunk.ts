/**
 * Renders the linear part of a song for one slice of note onsets: every note and drum hit that
 * starts inside [startSeconds, endSeconds), through per-track chorus/pan/gain/sidechain, the
 * reverb and delay buses and tape wow, including all their tails. Because every stage here is
 * linear, the song is exactly the sum of its chunks, which is what lets chunks render in
 * parallel and join without seams.
 */
import type { Composition, DrumHit, NoteEvent, StereoAudio } from '../types.js';
import { addChorusBus, CHORUS_TAIL_SECONDS, chorusMix } from '../effects/chorus.js';
import { applyPingPongDelay, delayTailSeconds, type DelaySettings } from '../effects/delay.js';
import { applyTapeWowAndTone } from '../effects/lofi.js';
import { applyReverb, releaseReverbScratch, type ReverbSettings } from '../effects/reverb.js';
import { sidechainCurve } from '../effects/sidechain.js';
import { dbToGain } from '../synth/dsp.js';
import { DRUM_LAYOUT, drumSample } from '../synth/drums.js';
import { INSTRUMENTS } from '../synth/instruments.js';
import { noteSound, velocityGain } from '../synth/notes.js';
import type { NoteTable } from './note-table.js';

export interface ChunkRequest {
  composition: Composition;
  /** Onset window, seconds; the first chunk (start 0) also takes anything earlier, the last uses Infinity as its end. */
  startSeconds: number;
  endSeconds: number;
  /** Length of the whole render in samples; chunk output never extends past it. */
  totalSamples: number;
  sampleRate: number;
  /** Every note sound of the song (render/note-table.ts). */
  notes: NoteTable;
}

export interface ChunkAudio {
  /** Song sample index of left[0]. */
  offset: number;
  left: Float32Array;
  right: Float32Array;
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

/** Seconds after the last note ends during which the buses still produce sound. */
export function effectsTailSeconds(c: Composition): number {
  const reverbTail = reverbSettings(c).rt60 * 1.5;
  const delayTail = c.mix.delayTime > 0 ? delayTailSeconds(delaySettings(c)) : 0;
  return Math.max(reverbTail, delayTail) + CHORUS_TAIL_SECONDS;
}

/** Sorted kick onsets, which drive the sidechain. */
export function kickTimes(c: Composition): number[] {
  return c.drums.hits.filter((h) => h.voice === 'kick').map((h) => h.time).sort((a, b) => a - b);
}

interface PlacedNote {
  /** Sample index relative to its bar's start. */
  at: number;
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

/**
 * Buffers reused between chunks rendered by the same thread: a chunk allocates nothing
 * song-sized, so workers make little garbage (typed-array memory is collected late).
 */
const scratchBuffers: Float32Array[] = [];
const SIDECHAIN_SLOT = 7;
const BAR_ARENA_SLOT = 8;

/** Lets this thread's scratch buffers go once a song's slices are rendered. */
export function releaseRenderScratch(): void {
  scratchBuffers.length = 0;
  releaseReverbScratch();
}

/** A zeroed view of `length` samples of scratch buffer `slot`. */
function scratch(slot: number, length: number): Float32Array {
  let buf = scratchBuffers[slot];
  if (!buf || buf.length < length) {
    buf = new Float32Array(Math.ceil(length * 1.1));
    scratchBuffers[slot] = buf;
  }
  const view = buf.subarray(0, length);
  view.fill(0);
  return view;
}

const inWindow = (t: number, r: ChunkRequest): boolean => (t >= r.startSeconds || r.startSeconds <= 0) && t < r.endSeconds;

/** A slice of the song rendered straight into the song's mix. */
export interface SliceRequest extends ChunkRequest {
  /** The song's mix (shared memory on workers); the slice assigns its samples [offset, bodyEnd) there. */
  mix: StereoAudio;
  /** Where the next slice's samples start (or the song's end). */
  bodyEnd: number;
}

/**
 * Renders a slice: its own stretch of the song is written straight into the mix (no other slice
 * writes there), and what rings on past it (note releases, effect tails) is returned, for the
 * caller to add once the following slices are in.
 */
export function renderSliceInto(r: SliceRequest): ChunkAudio {
  const chunk = renderChunk(r, true);
  const bodyLength = Math.max(0, Math.min(chunk.left.length, r.bodyEnd - chunk.offset));
  r.mix.left.set(chunk.left.subarray(0, bodyLength), chunk.offset);
  r.mix.right.set(chunk.right.subarray(0, bodyLength), chunk.offset);
  return { offset: chunk.offset + bodyLength, left: chunk.left.slice(bodyLength), right: chunk.right.slice(bodyLength) };
}

/**
 * Renders everything whose onset falls in the request's window, with its full tails.
 * `reuseOutput` renders into this thread's scratch buffers: the result is valid only until the
 * next call (saves allocating two chunk-length buffers per slice).
 */
export function renderChunk(r: ChunkRequest, reuseOutput = false): ChunkAudio {
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
  let lastSample = 0;
  for (const { bars } of placedTracks) for (const bar of bars) lastSample = Math.max(lastSample, bar.at + bar.length);
  for (const h of hits) lastSample = Math.max(lastSample, Math.round(h.time * sr) - offset + drumSample(c.drums.kit, h.voice, sr).length);
  const length = Math.max(0, Math.min(r.totalSamples - offset, lastSample + Math.ceil(effectsTailSeconds(c) * sr)));

  const left = reuseOutput ? scratch(5, length) : new Float32Array(length);
  const right = reuseOutput ? scratch(6, length) : new Float32Array(length);
  if (length === 0) return { offset, left, right };
  const reverbIn = scratch(0, length);
  const delayIn = c.mix.delayTime > 0 ? scratch(1, length) : null;
  const trackBuf = scratch(2, length);
  const chorused = c.tracks.some((t) => INSTRUMENTS[t.instrument].chorus > 0);
  const chorusL = chorused ? scratch(3, length) : null;
  const chorusR = chorused ? scratch(4, length) : null;
  const useSidechain = c.mix.sidechain && c.tracks.some((t) => t.sidechain);
  const duck = useSidechain ? sidechainCurve(kickTimes(c), offset, { depth: 0.55, release: Math.min(0.3, 45 / c.bpm) }, sr, scratch(SIDECHAIN_SLOT, length)) : null;

  for (const { track, bars } of placedTracks) {
    if (bars.length === 0) continue;
    const def = INSTRUMENTS[track.instrument];
    let from = length;
    let to = 0;
    for (const bar of bars) {
      to = Math.max(to, Math.min(length, bar.at + bar.length));
      for (const n of bar.notes) from = Math.min(from, Math.max(0, bar.at + n.at));
    }
    trackBuf.fill(0, from, to);
    mixBars(trackBuf, bars);
    if (duck && track.sidechain) multiplyInPlace(trackBuf, duck, from, to);
    const gain = dbToGain(track.gainDb + def.trimDb);
    const pan = Math.min(1, Math.max(-1, track.pan));
    const angle = ((pan + 1) * Math.PI) / 4;
    const { dry, send } = chorusMix(def.chorus);
    const buses: TrackBuses = {
      left, right, reverb: reverbIn, delay: delayIn, chorusLeft: chorusL, chorusRight: chorusR,
      leftGain: gain * Math.cos(angle) * dry,
      rightGain: gain * Math.sin(angle) * dry,
      reverbGain: gain * track.reverbSend,
      delayGain: delayIn ? gain * track.delaySend : 0,
      chorusLeftGain: gain * Math.cos(angle) * send,
      chorusRightGain: gain * Math.sin(angle) * send,
    };
    sendTrack(trackBuf, from, to, buses);
  }
  if (chorusL && chorusR) addChorusBus(chorusL, chorusR, left, right, length, offset, sr);

  const drumGain = dbToGain(c.drums.gainDb);
  for (const h of hits) {
    const layout = DRUM_LAYOUT[h.voice];
    const g = drumGain * dbToGain(layout.gainDb) * velocityGain(h.velocity);
    const angle = ((layout.pan + 1) * Math.PI) / 4;
    const at = Math.max(0, Math.round(h.time * sr)) - offset;
    const sample = drumSample(c.drums.kit, h.voice, sr);
    mixInto(left, sample, at, g * Math.cos(angle));
    mixInto(right, sample, at, g * Math.sin(angle));
    if (layout.reverb > 0) mixInto(reverbIn, sample, at, g * layout.reverb);
  }

  applyReverb(reverbIn, left, right, length, reverbSettings(c), sr, offset);
  if (delayIn) applyPingPongDelay(delayIn, left, right, length, delaySettings(c), sr);
  applyTapeWowAndTone(left, length, c.mix.lofi, offset, sr);
  applyTapeWowAndTone(right, length, c.mix.lofi, offset, sr);
  return { offset, left, right };
}

// Small single-purpose loops: V8 optimises these better than the same loops inlined in one large
// function.

/**
 * Mixes a track's bars into `dst`. Songs repeat themselves: a bar that occurs more than once is
 * mixed once into its own buffer and that buffer is added wherever the bar recurs, which saves
 * most of the note mixing of chords and pads.
 */
function mixBars(dst: Float32Array, bars: PlacedBar[]): void {
  const occurrences = new Map<string, number>();
  for (const bar of bars) occurrences.set(bar.fingerprint, (occurrences.get(bar.fingerprint) ?? 0) + 1);
  // Repeated bars are mixed into consecutive stretches of one reusable buffer (no garbage per bar).
  const first = new Map<string, PlacedBar>();
  let arenaLength = 0;
  for (const bar of bars) {
    if (occurrences.get(bar.fingerprint)! < 2 || first.has(bar.fingerprint)) continue;
    first.set(bar.fingerprint, bar);
    arenaLength += bar.length;
  }
  const arena = scratch(BAR_ARENA_SLOT, arenaLength);
  const rendered = new Map<string, Float32Array>();
  let used = 0;
  for (const [fingerprint, bar] of first) {
    const sound = arena.subarray(used, used + bar.length);
    used += sound.length;
    for (const n of bar.notes) mixInto(sound, n.buffer, n.at, n.gain);
    rendered.set(fingerprint, sound);
  }
  for (const bar of bars) {
    const sound = rendered.get(bar.fingerprint);
    if (sound) mixInto(dst, sound, bar.at, 1);
    else for (const n of bar.notes) mixInto(dst, n.buffer, bar.at + n.at, n.gain);
  }
}

/** dst[at + j] += src[j] * gain for every j that lands inside dst (unrolled: the hottest loop). */
function mixInto(dst: Float32Array, src: Float32Array, at: number, gain: number): void {
  const start = Math.max(0, at);
  const end = Math.min(dst.length, at + src.length);
  if (end <= start) return;
  const d = dst.subarray(start, end);
  const s = src.subarray(start - at, end - at);
  const n = d.length;
  let i = 0;
  for (; i + 4 <= n; i += 4) {
    d[i] += s[i] * gain;
    d[i + 1] += s[i + 1] * gain;
    d[i + 2] += s[i + 2] * gain;
    d[i + 3] += s[i + 3] * gain;
  }
  for (; i < n; i++) d[i] += s[i] * gain;
}

function multiplyInPlace(x: Float32Array, by: Float32Array, from: number, to: number): void {
  for (let i = from; i < to; i++) x[i] *= by[i];
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

/**
 * Sends a track's mono signal over [from, to) to the stereo mix and the effect buses, in one pass
 * (a loop per combination of buses in use: most tracks skip the delay or the chorus).
 */
function sendTrack(x: Float32Array, from: number, to: number, b: TrackBuses): void {
  const { left, right, reverb, leftGain, rightGain, reverbGain, delayGain, chorusLeftGain, chorusRightGain } = b;
  const delay = delayGain !== 0 ? b.delay : null;
  const chorusLeft = chorusLeftGain !== 0 || chorusRightGain !== 0 ? b.chorusLeft : null;
  const chorusRight = chorusLeft ? b.chorusRight : null;
  if (chorusLeft && chorusRight) {
    if (delay) {
      for (let i = from; i < to; i++) {
        const v = x[i];
        left[i] += v * leftGain;
        right[i] += v * rightGain;
        reverb[i] += v * reverbGain;
        delay[i] += v * delayGain;
        chorusLeft[i] += v * chorusLeftGain;
        chorusRight[i] += v * chorusRightGain;
      }
    } else {
      for (let i = from; i < to; i++) {
        const v = x[i];
        left[i] += v * leftGain;
        right[i] += v * rightGain;
        reverb[i] += v * reverbGain;
        chorusLeft[i] += v * chorusLeftGain;
        chorusRight[i] += v * chorusRightGain;
      }
    }
    return;
  }
  if (delay) {
    for (let i = from; i < to; i++) {
      const v = x[i];
      left[i] += v * leftGain;
      right[i] += v * rightGain;
      reverb[i] += v * reverbGain;
      delay[i] += v * delayGain;
    }
    return;
  }
  for (let i = from; i < to; i++) {
    const v = x[i];
    left[i] += v * leftGain;
    right[i] += v * rightGain;
    reverb[i] += v * reverbGain;
  }
}
