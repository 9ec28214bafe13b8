/** Messages between the engine's main thread and its workers. */
import type { ChunkAudio, SliceRequest } from './chunk.js';
import type { PcmChunk } from '../encode/lame.js';
import type { AudioJob } from '../master/audio-jobs.js';
import type { FinishJob } from './finish.js';
import type { PagePool, SharedSounds, TableSound } from './note-table.js';
import type { PhraseAudio, PhraseRenderJob } from '../vocals/phrase-render.js';

export type EngineJob =
  | { kind: 'ping' }
  | { kind: 'synthesise'; sounds: TableSound[]; sampleRate: number; pool: PagePool }
  | { kind: 'render'; request: SliceRequest }
  | { kind: 'sing'; job: PhraseRenderJob }
  /** `ownFrom`/`ownTo`: the samples of `pcm` whose frames are kept (the rest is pre- and post-roll). */
  | { kind: 'encode'; pcm: PcmChunk; ownFrom: number; ownTo: number }
  | FinishJob
  | AudioJob;

export type EngineJobResult = null | SharedSounds | ChunkAudio | Uint8Array | PhraseAudio;

export interface EngineRequest {
  id: number;
  job: EngineJob;
}

export type EngineReply = { id: number; ok: true; result: EngineJobResult } | { id: number; ok: false; error: string };
