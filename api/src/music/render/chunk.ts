/**
 * Renders the linear part of a song for one slice of note onsets: every note and drum hit that
 * starts inside [startSeconds, endSeconds), through per-track chorus/pan/gain/sidechain, the
 * reverb and delay buses and tape wow, including all their tails. Because every stage here is
 * linear, the song is exactly the sum of its chunks, which is what lets chunks render in
 * parallel and join without seams.
 */
import type { Composition, DrumHit, NoteEvent } from '../types.js';
import { addChorused } from '../effects/chorus.js';
import { applyPingPongDelay, delayTailSeconds, type DelaySettings } from '../effects/delay.js';
import { applyTapeWowAndTone } from '../effects/lofi.js';
import { applyReverb, type ReverbSettings } from '../effects/reverb.js';
import { sidechainCurve } from '../effects/sidechain.js';
import { dbToGain } from '../synth/dsp.js';
import { DRUM_LAYOUT, drumSample } from '../synth/drums.js';
import { INSTRUMENTS } from '../synth/instruments.js';
import { renderNote, velocityGain } from '../synth/note-cache.js';

export interface ChunkRequest {
  composition: Composition;
  /** Onset window, seconds; the first chunk (start 0) also takes anything earlier, the last uses Infinity as its end. */
  startSeconds: number;
  endSeconds: number;
  /** Length of the whole render in samples; chunk output never extends past it. */
  totalSamples: number;
  sampleRate: number;
}

export interface ChunkAudio {
  /** Song sample index of left[0]. */
  offset: number;
  left: Float32Array;
  right: Float32Array;
}

const CHORUS_HEADROOM_SECONDS = 0.03;

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
  return Math.max(reverbTail, delayTail) + CHORUS_HEADROOM_SECONDS;
}

/** Sorted kick onsets, which drive the sidechain. */
export function kickTimes(c: Composition): number[] {
  return c.drums.hits.filter((h) => h.voice === 'kick').map((h) => h.time).sort((a, b) => a - b);
}

interface PlacedNote {
  at: number;
  buffer: Float32Array;
  gain: number;
}

/** Bus buffers reused between chunks rendered by the same thread (keeps peak memory down). */
const scratchBuffers: Float32Array[] = [];

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

export function renderChunk(r: ChunkRequest): ChunkAudio {
  const c = r.composition;
  const sr = r.sampleRate;
  const offset = Math.max(0, Math.floor(r.startSeconds * sr));
  const brightness = c.mix.brightness;

  // Render (or fetch) every note first so the chunk length is known before mixing.
  const placedTracks = c.tracks.map((track) => {
    const notes: PlacedNote[] = [];
    for (const note of track.notes as NoteEvent[]) {
      if (!inWindow(note.start, r) || note.duration <= 0) continue;
      notes.push({
        at: Math.max(0, Math.round(note.start * sr)) - offset,
        buffer: renderNote(track.instrument, note.pitch, note.duration, note.velocity, brightness, sr),
        gain: velocityGain(note.velocity),
      });
    }
    return { track, notes };
  });
  const hits = (c.drums.hits as DrumHit[]).filter((h) => inWindow(h.time, r));
  let lastSample = 0;
  for (const { notes } of placedTracks) for (const n of notes) lastSample = Math.max(lastSample, n.at + n.buffer.length);
  for (const h of hits) lastSample = Math.max(lastSample, Math.round(h.time * sr) - offset + drumSample(c.drums.kit, h.voice, sr).length);
  const length = Math.max(0, Math.min(r.totalSamples - offset, lastSample + Math.ceil(effectsTailSeconds(c) * sr)));

  const left = new Float32Array(length);
  const right = new Float32Array(length);
  if (length === 0) return { offset, left, right };
  const reverbIn = scratch(0, length);
  const delayIn = scratch(1, length);
  const trackBuf = scratch(2, length);
  const useSidechain = c.mix.sidechain && c.tracks.some((t) => t.sidechain);
  const duck = useSidechain ? sidechainCurve(kickTimes(c), offset, length, { depth: 0.55, release: Math.min(0.3, 45 / c.bpm) }, sr) : null;

  for (const { track, notes } of placedTracks) {
    if (notes.length === 0) continue;
    const def = INSTRUMENTS[track.instrument];
    let from = length;
    let to = 0;
    for (const n of notes) {
      from = Math.min(from, Math.max(0, n.at));
      to = Math.max(to, Math.min(length, n.at + n.buffer.length));
    }
    trackBuf.fill(0);
    for (const n of notes) {
      const start = Math.max(0, n.at);
      const end = Math.min(length, n.at + n.buffer.length);
      const b = n.buffer;
      const g = n.gain;
      for (let i = start, j = start - n.at; i < end; i++, j++) trackBuf[i] += b[j] * g;
    }
    const gain = dbToGain(track.gainDb + def.trimDb);
    const rs = gain * track.reverbSend;
    const ds = c.mix.delayTime > 0 ? gain * track.delaySend : 0;
    const trackDuck = duck && track.sidechain ? duck : null;
    if (trackDuck || rs > 0 || ds > 0) {
      for (let i = from; i < to; i++) {
        const x = trackDuck ? trackBuf[i] * trackDuck[i] : trackBuf[i];
        trackBuf[i] = x;
        reverbIn[i] += x * rs;
        delayIn[i] += x * ds;
      }
    }
    const pan = Math.min(1, Math.max(-1, track.pan));
    const angle = ((pan + 1) * Math.PI) / 4;
    const chorusTo = def.chorus > 0 ? Math.min(length, to + Math.ceil(CHORUS_HEADROOM_SECONDS * sr)) : to;
    addChorused(trackBuf, from, chorusTo, left, right, gain * Math.cos(angle), gain * Math.sin(angle), def.chorus, offset, sr);
  }

  const drumGain = dbToGain(c.drums.gainDb);
  for (const h of hits) {
    const sample = drumSample(c.drums.kit, h.voice, sr);
    const layout = DRUM_LAYOUT[h.voice];
    const g = drumGain * dbToGain(layout.gainDb) * velocityGain(h.velocity);
    const angle = ((layout.pan + 1) * Math.PI) / 4;
    const gl = g * Math.cos(angle);
    const gr = g * Math.sin(angle);
    const rs = g * layout.reverb;
    const at = Math.max(0, Math.round(h.time * sr)) - offset;
    const end = Math.min(length, at + sample.length);
    for (let i = Math.max(0, at), j = i - at; i < end; i++, j++) {
      const x = sample[j];
      left[i] += x * gl;
      right[i] += x * gr;
      reverbIn[i] += x * rs;
    }
  }

  applyReverb(reverbIn, left, right, length, reverbSettings(c), sr);
  if (c.mix.delayTime > 0) applyPingPongDelay(delayIn, left, right, length, delaySettings(c), sr);
  applyTapeWowAndTone(left, length, c.mix.lofi, offset, sr);
  applyTapeWowAndTone(right, length, c.mix.lofi, offset, sr);
  return { offset, left, right };
}
