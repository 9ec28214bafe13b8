/**
 * Worker entry: synthesises note sounds, renders song slices, runs the mix bus, measures and
 * limits the master, and encodes MP3 chunks for the main thread.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, type TransferListItem } from 'node:worker_threads';
import { releaseLame } from '../encode/lame.js';
import { encodeUnderCeiling, releasePeakDecoder } from '../encode/peak-guard.js';
import { runAudioJob } from '../master/audio-jobs.js';
import { releaseKernelHeap } from '../dsp/heap.js';
import { renderSliceInto } from './chunk.js';
import { runFinishJob } from './finish.js';
import { releaseSynthesisArena, synthesiseShared } from './note-table.js';
import { renderPhrase } from '../vocals/phrase-render.js';
import type { EngineJobResult, EngineReply, EngineRequest } from './engine-jobs.js';

async function run(request: EngineRequest): Promise<{ result: EngineJobResult; transfer: TransferListItem[] }> {
  const job = request.job;
  switch (job.kind) {
    case 'ping':
      return { result: null, transfer: [] };
    case 'synthesise':
      // Shared memory: the table reaches every worker without a copy.
      return { result: synthesiseShared(job.sounds, job.sampleRate, job.pool), transfer: [] };
    case 'render': {
      const chunk = renderSliceInto(job.request);
      // A tail in a shared slot is handed over as it is.
      return { result: chunk, transfer: chunk.slot === undefined ? [chunk.left.buffer as ArrayBuffer, chunk.right.buffer as ArrayBuffer] : [] };
    }
    case 'sing':
      // Returned in shared memory.
      return { result: renderPhrase(job.job), transfer: [] };
    case 'encode': {
      const mp3 = await encodeUnderCeiling(job.pcm, job.ownFrom, job.ownTo);
      return { result: mp3, transfer: [mp3.buffer as ArrayBuffer] };
    }
    case 'finish-measure':
    case 'finish-apply':
      // In place on the shared mix.
      runFinishJob(job);
      return { result: null, transfer: [] };
    case 'measure-audio':
    case 'block-true-peaks':
    case 'apply-gain':
      // Results are written into the job's shared arrays.
      runAudioJob(job);
      return { result: null, transfer: [] };
  }
}

const port = parentPort;
if (!port) throw new Error('engine-worker must run as a worker thread');
// One job at a time, replying before the next starts: otherwise every queued encode would resume
// from the same awaited promise before the first reply got posted.
let queue: Promise<void> = Promise.resolve();

// A song's buffers live in shared memory, which is freed only once every thread has dropped its
// handles to it. A worker's own heap is tiny, so it would go many songs without a collection and
// keep hundreds of MB of finished songs alive: an idle worker collects its garbage instead
// (a few ms on a heap this small). gc is exposed for this isolate only.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const IDLE_COLLECT_MS = 50;
let idleTimer: NodeJS.Timeout | undefined;

function releaseEncoders(): void {
  releaseLame();
  releasePeakDecoder();
}

/** Kind of the previous job: the end of a song's rendering is where its big buffers die. */
let previousKind: EngineRequest['job']['kind'] | null = null;

/**
 * Each encode leaves a few MB of garbage (the peak guard's decoded frames, dipped copies of its
 * input) that this small heap would keep through several encodes, while the song's mix and the
 * other worker's encoder are resident: the process's peak. A full collection after every 20 s of
 * encoded audio lowered that peak by about 12 MB (docs/engine.md), for about 13 ms a collection on a
 * slow machine; after every encode it cost twice that and lowered it no further.
 */
const COLLECT_AFTER_ENCODED_SAMPLES = 20 * 44_100;
/** Samples encoded since this thread's last full collection, whichever step ran it. */
let encodedSinceCollection = 0;

function collectGarbage(): void {
  gc();
  encodedSinceCollection = 0;
}

function collectAfterEncode(samples: number): void {
  encodedSinceCollection += samples;
  if (encodedSinceCollection >= COLLECT_AFTER_ENCODED_SAMPLES) collectGarbage();
}

port.on('message', (request: EngineRequest) => {
  clearTimeout(idleTimer);
  queue = queue
    .then(() => {
      // Mastering and encoding start: drop the render heap and the note table's and sung
      // phrases' handles now rather than after the song, so they do not add to its peak memory.
      const leavesRendering = (previousKind === 'render' || previousKind === 'sing') && request.job.kind !== 'render' && request.job.kind !== 'sing';
      // Encoding starts: the bus and mastering stages' heap (copies of 10 s segments of the mix)
      // would otherwise sit beside LAME's and the peak guard's memories, the song's later peak.
      const startsEncoding = request.job.kind === 'encode' && previousKind !== 'encode' && previousKind !== null;
      // Once when both hold (an encode right after rendering).
      if (leavesRendering || startsEncoding) {
        releaseKernelHeap();
        collectGarbage();
      }
      // The encode is over: LAME's memory and the peak guard's decoder (about 45 MB together, which
      // never shrink) would otherwise sit under the next song's render, its peak.
      if (previousKind === 'encode' && request.job.kind !== 'encode') {
        releaseEncoders();
        collectGarbage();
      }
      // The slices start: the synthesis arena (the longest note's buffers) and the drum takes'
      // garbage would otherwise sit under the slices' heaps, the song's peak.
      if (previousKind === 'synthesise' && request.job.kind !== 'synthesise') {
        releaseSynthesisArena();
        collectGarbage();
      }
      previousKind = request.job.kind;
    })
    .then(() =>
      run(request).then(
        ({ result, transfer }) => port.postMessage({ id: request.id, ok: true, result } satisfies EngineReply, transfer),
        (error: unknown) => port.postMessage({ id: request.id, ok: false, error: error instanceof Error ? error.stack ?? error.message : String(error) } satisfies EngineReply),
      ),
    )
    .then(() => {
      if (request.job.kind === 'encode') collectAfterEncode(request.job.pcm.left.length);
      clearTimeout(idleTimer);
      // The kernel heap never shrinks: an idle worker gives it back (a new one costs a few ms).
      idleTimer = setTimeout(() => {
        releaseKernelHeap();
        releaseEncoders();
        collectGarbage();
      }, IDLE_COLLECT_MS);
      idleTimer.unref();
    });
});
