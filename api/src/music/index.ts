/** Public surface of the music engine. */
import { LocalMusicEngine } from './provider.js';
import type { MusicProvider } from './types.js';

export * from './types.js';
export { LocalMusicEngine } from './provider.js';
export { GENRES, MOODS } from './plan/catalog.js';
export { planSong } from './plan/understand.js';
export { toLrc, lrcTimestamp } from './lyrics/index.js';

/** The music provider for an id; 'local' (the built-in engine) is the only one so far. */
export function createMusicProvider(id = 'local'): MusicProvider {
  if (id === 'local') return new LocalMusicEngine();
  throw new Error(`Unknown music provider: ${id}`);
}
