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

function spawnWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./engine-worker.js', import.meta.url));
  // Running from source (tsx, vitest): register the TypeScript loader inside the worker first.
  const entry = new URL('./engine-worker.ts', import.meta.url).href;
  const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true });
}

export class EnginePool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private cursor = 0;

  constructor(private readonly size = workerCount()) {}

  get workers(): number {
    return this.size;
  }

  /** Runs a job on the least busy worker. */
  run<R extends EngineJobResult>(job: EngineJob, transfer: TransferListItem[] = []): Promise<R> {
    const slot = this.pickSlot();
    const id = this.nextId++;
    const message: EngineRequest = { id, job };
    return new Promise<R>((resolve, reject) => {
      slot.pending.set(id, { resolve: resolve as (v: EngineJobResult) => void, reject });
      slot.worker.ref();
      slot.worker.postMessage(message, transfer);
    });
  }

  /** Starts every worker now (so the first song does not pay start-up inside a stage). */
  async warmUp(): Promise<void> {
    await Promise.all(Array.from({ length: this.size }, (_, i) => this.runOn(this.slotAt(i), { kind: 'ping' })));
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private runOn(slot: Slot, job: EngineJob): Promise<EngineJobResult> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.ref();
      slot.worker.postMessage({ id, job } satisfies EngineRequest);
    });
  }

  private pickSlot(): Slot {
    for (let i = this.slots.length; i < this.size; i++) this.slotAt(i);
    let best = this.slots[this.cursor % this.slots.length];
    for (const s of this.slots) if (s.pending.size < best.pending.size) best = s;
    this.cursor++;
    return best;
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
      if (reply.ok) p.resolve(reply.result);
      else p.reject(new Error(reply.error));
    });
    const fail = (error: Error): void => {
      for (const p of slot.pending.values()) p.reject(error);
      slot.pending.clear();
      const at = this.slots.indexOf(slot);
      if (at >= 0) this.slots.splice(at, 1);
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
