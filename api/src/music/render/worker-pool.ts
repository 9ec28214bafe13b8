/**
 * A small pool of worker_threads shared by rendering and MP3 encoding. Workers start lazily,
 * stay alive between songs (start-up is the expensive part), and are unref'd while idle so they
 * never keep the process alive.
 */
import { availableParallelism } from 'node:os';
import { Worker, type TransferListItem } from 'node:worker_threads';
import type { EngineJob, EngineJobResult, EngineReply, EngineRequest } from './engine-jobs.js';

interface Pending {
  resolve: (value: EngineJobResult) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

/** Worker count: both cores by default; SONGFORGE_ENGINE_WORKERS overrides (>= 1). */
function workerCount(): number {
  const configured = Number(process.env.SONGFORGE_ENGINE_WORKERS);
  if (Number.isInteger(configured) && configured >= 1) return configured;
  return Math.max(1, Math.min(2, availableParallelism()));
}

/**
 * A worker's JavaScript lives only for a job (its audio is in typed arrays and shared memory), but
 * V8 grows a thread's young generation to its default maximum (16 MB per semi-space) and keeps it:
 * each worker held 23-40 MB of heap with 6 MB in use, under every song's peak. Capped, it
 * collects a little more often (its live data is small, so a scavenge is cheap).
 */
const WORKER_LIMITS = { resourceLimits: { maxYoungGenerationSizeMb: 4 } };

function spawnWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./engine-worker.js', import.meta.url), WORKER_LIMITS);
  // Running from source (tsx, vitest): register the TypeScript loader inside the worker first.
  const entry = new URL('./engine-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, ...WORKER_LIMITS });
}

/** A job waiting for a free worker. */
interface Queued extends Pending {
  job: EngineJob;
  transfer: TransferListItem[];
}

export class EnginePool {
  private readonly slots: Slot[] = [];
  /**
   * Jobs not yet handed to a worker. A worker gets its next job only when it is free, so a worker
   * that runs slower (a colder JIT, a heavier chunk, the main thread sharing its core) takes fewer
   * jobs instead of leaving the other idle at the end of a stage.
   */
  private readonly queue: Queued[] = [];
  private nextId = 1;

  constructor(private readonly size = workerCount()) {}

  get workers(): number {
    return this.size;
  }

  /** Runs a job on the first worker that is free; jobs start in the order they were submitted. */
  run<R extends EngineJobResult>(job: EngineJob, transfer: TransferListItem[] = []): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ job, transfer, resolve: resolve as (v: EngineJobResult) => void, reject });
      this.dispatch();
    });
  }

  /** Starts every worker now (so the first song does not pay start-up inside a stage). */
  async warmUp(): Promise<void> {
    await Promise.all(Array.from({ length: this.size }, (_, i) => new Promise((resolve, reject) => this.send(this.slotAt(i), { job: { kind: 'ping' }, transfer: [], resolve, reject }))));
  }

  async close(): Promise<void> {
    for (const queued of this.queue.splice(0)) queued.reject(new Error('The engine pool was closed before the job started'));
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /** Hands queued jobs to free workers, starting workers (again) up to the pool's size. */
  private dispatch(): void {
    for (let i = 0; i < this.size && this.queue.length > 0; i++) {
      const slot = this.slotAt(i);
      if (slot.pending.size === 0) this.send(slot, this.queue.shift()!);
    }
  }

  private send(slot: Slot, { job, transfer, resolve, reject }: Queued): void {
    const id = this.nextId++;
    slot.pending.set(id, { resolve, reject });
    slot.worker.ref();
    slot.worker.postMessage({ id, job } satisfies EngineRequest, transfer);
  }

  private slotAt(index: number): Slot {
    const existing = this.slots[index];
    if (existing) return existing;
    const slot: Slot = { worker: spawnWorker(), pending: new Map() };
    slot.worker.unref();
    slot.worker.on('message', (reply: EngineReply) => {
      const p = slot.pending.get(reply.id);
      if (!p) return;
      slot.pending.delete(reply.id);
      if (slot.pending.size === 0) slot.worker.unref();
      this.dispatch();
      if (reply.ok) p.resolve(reply.result);
      else p.reject(new Error(reply.error));
    });
    const fail = (error: Error): void => {
      for (const p of slot.pending.values()) p.reject(error);
      slot.pending.clear();
      const at = this.slots.indexOf(slot);
      if (at >= 0) this.slots.splice(at, 1);
      this.dispatch();
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => {
      if (slot.pending.size > 0) fail(new Error(`Engine worker exited with code ${code}`));
    });
    this.slots[index] = slot;
    return slot;
  }
}

let shared: EnginePool | null = null;

/** The process-wide pool. */
export function enginePool(): EnginePool {
  shared ??= new EnginePool();
  return shared;
}
