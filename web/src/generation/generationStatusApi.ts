import type { GenerationStatusResponse } from './statusItems';

export const GENERATION_STATUS_PATH = '/api/generations/status';

/** SPEC 8 fetch errors: "status: statusText" from 500 up, else "status: body text". */
async function responseError(response: Response): Promise<Error> {
  if (response.status >= 500) return new Error(`${response.status}: ${response.statusText}`);
  return new Error(`${response.status}: ${await response.text()}`);
}

/** GET /api/generations/status with cookies, retried once (SPEC 7). */
export async function fetchGenerationStatus(fetchImpl: typeof fetch = fetch): Promise<GenerationStatusResponse> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const response = await fetchImpl(GENERATION_STATUS_PATH, { credentials: 'include', headers: { accept: 'application/json' } });
      if (!response.ok) throw await responseError(response);
      return (await response.json()) as GenerationStatusResponse;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}
