/** What every instrument voice receives and returns. */
export interface VoiceParams {
  /** Fundamental, Hz. */
  freq: number;
  /** Seconds the key is held; the returned buffer adds the instrument's release/decay. */
  hold: number;
  /** 0..1, already bucketed by the note cache (timbre only; loudness is applied by the mixer). */
  velocity: number;
  /** 0..1 mix brightness (filter cut-offs). */
  brightness: number;
  sampleRate: number;
  /** Seeds any noise in the voice so the same note always renders the same samples. */
  seed: number;
  /**
   * Gives the voice its zeroed sample buffers (output and temporaries). Rendering for the song's
   * note table hands out stretches of one reused buffer, so synthesis makes no garbage.
   */
  allocate: (length: number) => Float32Array;
}

/** Fresh buffers, for a note that must outlive the next one. */
export const freshBuffers = (length: number): Float32Array => new Float32Array(length);

/** Renders one note, mono, peak roughly 0.5..1 at velocity 1. */
export type Voice = (p: VoiceParams) => Float32Array;
