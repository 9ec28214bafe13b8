/**
 * Song-length mixes in shared memory, reused from one song to the next. A three-minute mix is
 * 64 MB, and the main thread's collector frees a SharedArrayBuffer only a while after its song
 * (the workers' handles must go first), so a fresh mix per song put the previous song's mix on
 * top of the next song's peak memory. The pipeline hands a finished song's mix back, and the
 * next song takes it if it is about the right size. A reused mix is not cleared: the render
 * assigns every sample (render/chunk.ts, renderSliceInto).
 */
import type { StereoAudio } from '../types.js';

/** A spare is reused for songs whose own mix would be at least this fraction of it (a long song's mix is not kept for short ones). */
const MIN_FILL = 0.6;
/**
 * Mixes are made in steps of this many seconds, past the song's end, so songs of about the same
 * length fit the same mix (the pages past a song's end are never touched, so they cost little).
 */
const CAPACITY_STEP_SECONDS = 30;

interface Buffers {
  left: SharedArrayBuffer;
  right: SharedArrayBuffer;
}

const handedOut = new WeakSet<SharedArrayBuffer>();
let spare: Buffers | null = null;

/** A mix of `length` samples per channel, with unspecified contents. */
export function takeMix(length: number, sampleRate: number): StereoAudio {
  const bytes = length * Float32Array.BYTES_PER_ELEMENT;
  const step = CAPACITY_STEP_SECONDS * sampleRate * Float32Array.BYTES_PER_ELEMENT;
  const capacity = step * (Math.floor(bytes / step) + 1);
  const reused = spare && spare.left.byteLength >= bytes && MIN_FILL * spare.left.byteLength <= capacity ? spare : null;
  if (reused) spare = null;
  const buffers = reused ?? { left: new SharedArrayBuffer(capacity), right: new SharedArrayBuffer(capacity) };
  handedOut.add(buffers.left);
  return { sampleRate, left: new Float32Array(buffers.left, 0, length), right: new Float32Array(buffers.right, 0, length) };
}

/**
 * Gives a mix from takeMix back once nothing reads or writes it any more (no job of its song
 * still running); other audio is ignored.
 */
export function returnMix(audio: StereoAudio): void {
  const left = audio.left.buffer;
  const right = audio.right.buffer;
  if (!(left instanceof SharedArrayBuffer) || !(right instanceof SharedArrayBuffer) || !handedOut.has(left)) return;
  handedOut.delete(left);
  spare = { left, right };
}
