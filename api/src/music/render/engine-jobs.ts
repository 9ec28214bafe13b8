/** Messages between the engine's main thread and its workers. */
import type { ChunkAudio, ChunkRequest } from './chunk.js';
import type { PcmChunk } from '../encode/lame.js';

export type EngineJob = { kind: 'ping' } | { kind: 'render'; request: ChunkRequest } | { kind: 'encode'; pcm: PcmChunk };

export type EngineJobResult = null | ChunkAudio | Uint8Array;

export interface EngineRequest {
  id: number;
  job: EngineJob;
}

export type EngineReply = { id: number; ok: true; result: EngineJobResult } | { id: number; ok: false; error: string };
