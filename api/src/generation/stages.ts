/**
 * The generation pipeline's steps in order, with the stage label users see and the overall
 * percentage reached when the step starts (shares of wall time measured on the local engine). Step ids are what failedAtStep and intermediateData use.
 */
export const PIPELINE_STEPS = [
  { id: 'plan', stage: 'Understanding prompt', percentage: 2 },
  { id: 'lyrics', stage: 'Writing lyrics', percentage: 4 },
  { id: 'compose', stage: 'Composing', percentage: 6 },
  { id: 'render', stage: 'Rendering audio', percentage: 10 },
  { id: 'master', stage: 'Mastering', percentage: 45 },
  { id: 'encode', stage: 'Encoding', percentage: 60 },
  { id: 'art', stage: 'Painting cover art', percentage: 90 },
  { id: 'save', stage: 'Saving', percentage: 97 },
] as const;

export type PipelineStepId = (typeof PIPELINE_STEPS)[number]['id'];

/** What decides which steps a request runs (the stored settings of a SongRequest). */
export interface StepChoices {
  lyrics?: string | null;
  generateLyrics?: boolean;
  generateAlbumArt?: boolean;
  instrumental?: boolean | null;
}

/**
 * Whether a request's pipeline runs and reports `step`: lyrics only for a song with lyrics (its
 * own, or written for it; never for an instrumental), cover art only when asked for; every other step always.
 */
export function runsStep(step: PipelineStepId, request: StepChoices): boolean {
  if (step === 'lyrics') return Boolean(request.lyrics?.trim()) || (request.generateLyrics === true && !request.instrumental);
  if (step === 'art') return request.generateAlbumArt === true;
  return true;
}

/** The stage labels a request goes through, in order. */
export function stagesFor(request: StepChoices): string[] {
  return PIPELINE_STEPS.filter((step) => runsStep(step.id, request)).map((step) => step.stage);
}

export const INITIAL_STAGE = 'Starting...';

/** From 'compose' on the request is 'generating' (the audio itself); before it, 'processing'. */
export const FIRST_GENERATING_STEP: PipelineStepId = 'compose';

export const ACTIVE_STATUSES = ['pending', 'processing', 'generating'] as const;

/** Automatic retries after a failed step (SPEC: retryCount, max 3). */
export const MAX_AUTO_RETRIES = 3;

/** Backoff before automatic retry n (1-based): base, 4x base, 16x base. */
export function retryDelayMs(baseMs: number, retry: number): number {
  return baseMs * 4 ** (retry - 1);
}
