/**
 * Shared buffers for slices' tails (what rings on past a slice's own stretch, render/chunk.ts),
 * reused from slice to slice and song to song. A tail made in a worker's own memory and
 * transferred to the main thread was freed only when that thread's collector got to it: a song's
 * tails (20-35 MB; 2-4.5 MB a slice) stayed allocated until its slices were all in, and often
 * into the next song's, on top of its peak. A tail is only held until the slices under it are in
 * (render.ts, TailJoiner), so a few slots serve a whole song.
 */

/** Slots: more tails than this wait at once only when the slices finish far out of order. */
const SLOTS = 4;
/**
 * Samples per channel a slot holds (about 24 s; ambient's longest tails are about 13 s). A slot's
 * memory is resident only as far as it has been written; a longer tail gets a buffer of its own.
 */
const SLOT_SAMPLES = 1 << 20;

export interface TailSlots {
  /** 1 while the slot's tail is in use (claimed by a worker, not yet added by the main thread), else 0. */
  busy: Int32Array;
  left: SharedArrayBuffer[];
  right: SharedArrayBuffer[];
}

let processSlots: TailSlots | null = null;

/** The process's slots (main thread; workers get them with each slice). */
export function tailSlots(): TailSlots {
  processSlots ??= {
    busy: new Int32Array(new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT)),
    left: Array.from({ length: SLOTS }, () => new SharedArrayBuffer(SLOT_SAMPLES * Float32Array.BYTES_PER_ELEMENT)),
    right: Array.from({ length: SLOTS }, () => new SharedArrayBuffer(SLOT_SAMPLES * Float32Array.BYTES_PER_ELEMENT)),
  };
  return processSlots;
}

/** A free slot for a tail of `length` samples (its buffers' old contents are left), or null. */
export function claimTailSlot(slots: TailSlots, length: number): { slot: number; left: Float32Array; right: Float32Array } | null {
  if (length > SLOT_SAMPLES) return null;
  for (let slot = 0; slot < slots.busy.length; slot++) {
    if (Atomics.compareExchange(slots.busy, slot, 0, 1) === 0) {
      return { slot, left: new Float32Array(slots.left[slot], 0, length), right: new Float32Array(slots.right[slot], 0, length) };
    }
  }
  return null;
}

/** Frees a slot once its tail has been added. */
export function releaseTailSlot(slots: TailSlots, slot: number): void {
  Atomics.store(slots.busy, slot, 0);
}
