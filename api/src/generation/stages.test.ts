import { describe, expect, it } from 'vitest';
import { PIPELINE_STEPS, stagesFor } from './stages.js';

describe('the stages a request goes through', () => {
  it('has the lyrics stage for written or own lyrics, cover art when asked, and every other stage always', () => {
    const all = PIPELINE_STEPS.map((step) => step.stage);
    expect(stagesFor({ generateLyrics: true, generateAlbumArt: true })).toEqual(all);
    expect(stagesFor({ lyrics: '[Verse]\nmine', generateLyrics: false, generateAlbumArt: true })).toEqual(all);
    expect(stagesFor({ lyrics: '   ', generateLyrics: false, generateAlbumArt: false })).toEqual(
      ['Understanding prompt', 'Composing', 'Rendering audio', 'Mastering', 'Encoding', 'Saving'],
    );
    expect(stagesFor({})).not.toContain('Writing lyrics');
  });
});
