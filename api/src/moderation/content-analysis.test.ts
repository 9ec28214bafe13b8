import { describe, expect, it } from 'vitest';
import { analyseSongText, highlightProfanity, ANALYSIS_MODEL } from './content-analysis.js';

const CLEAN = {
  title: 'Summer Morning',
  prompt: 'a bright acoustic guitar song about the sea',
  lyrics: 'I love the morning light on the ocean\nHappy days with you in Paris\nThe summer sun is shining on my heart',
};

describe('content analysis', () => {
  it('fills every field for clean English lyrics and flags nothing', async () => {
    const a = await analyseSongText(CLEAN);
    expect(a.language).toBe('eng');
    expect(a.offensiveContent).toBe(false);
    expect(a.adultContent).toBe(false);
    expect(a.contentRating).toBe('clean');
    expect(a.offensiveWords).toEqual([]);
    expect(a.sentiment).toBe('positive');
    expect(a.sentimentScore).toBeGreaterThan(0);
    expect(a.emotionalTones).toContain('joyful');
    expect(a.keywords).toEqual(expect.arrayContaining(['morning', 'summer']));
    expect(a.themes.length).toBeGreaterThan(0);
    expect(a.musicalReferences).toContain('acoustic guitar');
    expect(a.culturalReferences).toContain('Paris');
    expect(a.wordCount).toBe(32);
    expect(a.uniqueWordCount).toBeLessThan(a.wordCount);
    expect(a.searchableText).toContain('ocean');
    expect(a.analysisVersion).toBe('1.0');
    expect(a.analysisModel).toBe(ANALYSIS_MODEL);
    expect(a.analysisConfidence).toBeGreaterThan(0.5);
  });

  it("catches profanity written with obfuscations like 'f*ck' and leetspeak", async () => {
    const a = await analyseSongText({ title: 'Night drive', prompt: null, lyrics: 'what the f*ck is going on\nthis sh1t is cold\nyou b1tch, I hate this fuuuck' });
    expect(a.offensiveContent).toBe(true);
    expect(a.adultContent).toBe(true);
    expect(a.contentRating).toBe('explicit');
    expect(a.offensiveWords).toEqual(expect.arrayContaining(['fuck', 'shit', 'bitch']));
    expect(a.flaggedWords).toEqual(expect.arrayContaining(['f*ck', 'sh1t', 'b1tch']));
    expect(a.sentiment).toBe('negative');
    expect(a.emotionalTones).toContain('angry');
  });

  it('does not flag innocent words that contain a profane substring', async () => {
    expect((await analyseSongText({ title: 'The assassin', prompt: 'a classic grass-roots song', lyrics: 'Scunthorpe is a town' })).offensiveContent).toBe(false);
  });

  it('identifies non-English lyrics and analyses them with lower confidence', async () => {
    const spanish = await analyseSongText({
      title: 'La lluvia',
      prompt: null,
      lyrics: 'La lluvia cae sobre la ciudad y mi corazón late despacio esta noche, las calles están vacías y te espero en la esquina de siempre',
    });
    expect(spanish.language).toBe('spa');
    expect(spanish.keywords).toEqual(expect.arrayContaining(['lluvia', 'ciudad']));
    expect(spanish.keywords).not.toContain('la');
    expect(spanish.analysisConfidence).toBeLessThan((await analyseSongText(CLEAN)).analysisConfidence);
    const japanese = await analyseSongText({ title: null, prompt: null, lyrics: '夜空に光る星を見上げて、君のことを思い出す。静かな街の中で歌を歌う。' });
    expect(japanese.language).toBe('jpn');
    expect(japanese.wordCount).toBeGreaterThan(5);
  });

  it("says 'und' for text too short to tell the language", async () => {
    expect((await analyseSongText({ title: 'Hi', prompt: null, lyrics: null })).language).toBe('und');
  });

  it('cuts lyrics into spans with the flagged words marked', () => {
    expect(highlightProfanity('oh f*ck it')).toEqual([
      { text: 'oh ', flagged: false },
      { text: 'f*ck', flagged: true },
      { text: ' it', flagged: false },
    ]);
  });
});
