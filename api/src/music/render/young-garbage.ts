/**
 * A young-generation collection on the calling thread. The engine's main thread receives
 * short-lived buffers from its workers (slice tails, sung phrases, each stage's result arrays),
 * and V8 frees such a buffer's memory only when it next collects: a thread that allocates little
 * JavaScript goes a long while without one, so a stage's buffers sat under the next stage's peak.
 * A scavenge costs about a millisecond (it never touches the old generation).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// gc is exposed to contexts created from here on; this module keeps the one it needs.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;

export function collectYoungGarbage(): void {
  gc({ type: 'minor' });
}

/**
 * A full collection on the calling thread (a few ms on the engine's small main-thread heap): for
 * shared buffers let go whose objects are old, which no young collection reaches.
 */
export function collectAllGarbage(): void {
  gc({ type: 'major' });
}
