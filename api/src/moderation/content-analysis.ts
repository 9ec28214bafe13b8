/**
 * Content analysis of a song's words (title, prompt, lyrics), filling SPEC 3's song_content_analysis.
 * Each part is a maintained library doing what it is made for (docs/decisions.md, Content analysis):
 * franc (language), obscenity (profanity, with its leetspeak and obfuscation transformers), sentiment
 * (AFINN-165), keyword-extractor (stop-word lists, in the language franc found, via iso-639-3's code table)
 * and compromise (nouns, people, places, organisations).
 */
import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';
import { iso6393To1 } from 'iso-639-3';
import { lazy } from '../common/lazy.js';
import { GENRES } from '../music/plan/catalog.js';
import { INSTRUMENT_WORDS } from '../music/plan/instruments.js';

/**
 * franc's language models and compromise's lexicon take over half a second to load, and sentiment's and
 * keyword-extractor's word lists are a twentieth of what start-up compiles: loaded at the first analysis,
 * or earlier by `warmContentAnalysis` (a generation worker, once it has started).
 */
const loadLanguageTools = lazy(async () => {
  const [{ franc, francAll }, { default: nlp }, { default: Sentiment }, { default: keywordExtractor }] = await Promise.all([
    import('franc'),
    import('compromise'),
    import('sentiment'),
    import('keyword-extractor'),
  ]);
  return { franc, francAll, nlp, sentimentAnalyser: new Sentiment(), keywordExtractor };
});

/** Loads the analysis's libraries now, so that the first song's analysis does not wait for them. */
export async function warmContentAnalysis(): Promise<void> {
  await loadLanguageTools();
}

export const ANALYSIS_VERSION = '1.0';
export const ANALYSIS_MODEL = 'franc 6 · obscenity 0.4 · sentiment AFINN-165 · keyword-extractor 0.3 · compromise 14';

export interface SongText {
  title: string | null;
  prompt: string | null;
  lyrics: string | null;
}

export interface ContentAnalysis {
  themes: string[];
  keywords: string[];
  sentiment: 'positive' | 'negative' | 'neutral';
  /** AFINN comparative score (sum of word scores per word), clamped to -1..1. */
  sentimentScore: number;
  /** ISO 639-3 code ('eng', 'spa'...), or 'und' when the text is too short to tell. */
  language: string;
  contentRating: 'clean' | 'explicit';
  adultContent: boolean;
  offensiveContent: boolean;
  /** The dictionary words matched ('fuck' for 'f*ck'). */
  offensiveWords: string[];
  /** The matched text as written ('f*ck', 'sh1t'), for flagging and highlighting. */
  flaggedWords: string[];
  emotionalTones: string[];
  musicalReferences: string[];
  culturalReferences: string[];
  searchableText: string;
  wordCount: number;
  uniqueWordCount: number;
  analysisVersion: string;
  analysisConfidence: number;
  analysisModel: string;
}

const profanity = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });
const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
/** Below this many characters franc answers 'und' (its own default minimum is 10). */
const MIN_LANGUAGE_LENGTH = 10;
const SEARCHABLE_MAX = 10_000;

/** Words of any script (Intl.Segmenter), lower-cased. */
export function wordsOf(text: string): string[] {
  return [...wordSegmenter.segment(text)].filter((s) => s.isWordLike).map((s) => s.segment.toLocaleLowerCase());
}

export interface TextSpan {
  text: string;
  flagged: boolean;
}

/** The text cut into flagged and unflagged spans (the moderation page highlights the flagged ones). */
export function highlightProfanity(text: string): TextSpan[] {
  const matches = profanity.getAllMatches(text, true);
  const spans: TextSpan[] = [];
  let at = 0;
  for (const match of matches) {
    if (match.startIndex < at) continue;
    if (match.startIndex > at) spans.push({ text: text.slice(at, match.startIndex), flagged: false });
    spans.push({ text: text.slice(match.startIndex, match.endIndex + 1), flagged: true });
    at = match.endIndex + 1;
  }
  if (at < text.length) spans.push({ text: text.slice(at), flagged: false });
  return spans;
}

/** The dictionary words the profanity matcher finds in a text ('fuck' for 'f*cking'), sorted. */
export function offensiveWordsIn(text: string): string[] {
  const matches = profanity.getAllMatches(text, true);
  return [...new Set(matches.map((m) => englishDataset.getPayloadWithPhraseMetadata(m).phraseMetadata?.originalWord as string | undefined).filter((w): w is string => !!w))].sort();
}

/** AFINN word scores to tones: strength and direction of the words that carry feeling. */
function tonesOf(calculation: Array<Record<string, number>>): string[] {
  const tones = new Set<string>();
  for (const entry of calculation) {
    const score = Object.values(entry)[0] ?? 0;
    if (score >= 3) tones.add('joyful');
    else if (score > 0) tones.add('warm');
    else if (score <= -3) tones.add('angry');
    else if (score < 0) tones.add('melancholic');
  }
  return [...tones].sort();
}

/** The engine's own genre and instrument vocabulary found in the words. */
function musicalReferencesIn(lower: string): string[] {
  const found = new Set<string>();
  const has = (phrase: string) => new RegExp(`(^|[^\\p{L}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(lower);
  for (const genre of GENRES) if ([genre.label, ...genre.synonyms].some((name) => has(name.toLowerCase()))) found.add(genre.label);
  for (const [phrase] of INSTRUMENT_WORDS) if (has(phrase)) found.add(phrase);
  return [...found].sort();
}

const topByCount = (items: string[], limit: number) => {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit).map(([item]) => item);
};

export async function analyseSongText(song: SongText): Promise<ContentAnalysis> {
  const { franc, francAll, nlp, sentimentAnalyser, keywordExtractor } = await loadLanguageTools();
  const text = [song.title, song.prompt, song.lyrics].filter((part): part is string => !!part?.trim()).join('\n');
  const lower = text.toLocaleLowerCase();
  const words = wordsOf(text);

  const language = text.length >= MIN_LANGUAGE_LENGTH ? franc(text) : 'und';
  const [best] = language === 'und' ? [] : francAll(text);
  const isEnglish = language === 'eng';

  const matches = profanity.getAllMatches(text, true);
  const offensiveWords = offensiveWordsIn(text);
  const flaggedWords = [...new Set(matches.map((m) => text.slice(m.startIndex, m.endIndex + 1).toLocaleLowerCase()))].sort();
  const offensiveContent = matches.length > 0;

  const scored = sentimentAnalyser.analyze(text);
  const sentimentScore = Math.max(-1, Math.min(1, Number(scored.comparative.toFixed(3))));
  const sentiment = sentimentScore > 0.05 ? 'positive' : sentimentScore < -0.05 ? 'negative' : 'neutral';

  const twoLetter = iso6393To1[language];
  // keyword-extractor's option type lists its languages; supported_language_codes is the same list at run time.
  const keywordLanguage = (twoLetter && keywordExtractor.supported_language_codes.includes(twoLetter) ? twoLetter : 'en') as 'en';
  const keywords = topByCount(keywordExtractor.extract(text, { language: keywordLanguage, remove_digits: true, return_changed_case: true, remove_duplicates: false }), 10);
  const doc = nlp(text);
  const themes = isEnglish ? topByCount((doc.nouns().toSingular().out('array') as string[]).map((n) => n.toLowerCase().replace(/^(the|a|an|my|your|our|their|his|her) /, '')), 5) : keywords.slice(0, 5);
  const culturalReferences = isEnglish ? [...new Set(doc.topics().out('array') as string[])].sort() : [];

  // Confidence: how sure the language call is and how much text there was; the lexicons
  // (profanity, sentiment) are English, so other languages are analysed with less certainty.
  const lengthFactor = Math.min(1, words.length / 30);
  const languageFactor = best ? best[1] : 0.3;
  const analysisConfidence = Number((lengthFactor * languageFactor * (isEnglish ? 1 : 0.6)).toFixed(2));

  return {
    themes,
    keywords,
    sentiment,
    sentimentScore,
    language,
    contentRating: offensiveContent ? 'explicit' : 'clean',
    // The dataset does not tell sexual from abusive terms: explicit words mark the song adult (parental advisory).
    adultContent: offensiveContent,
    offensiveContent,
    offensiveWords,
    flaggedWords,
    emotionalTones: tonesOf(scored.calculation),
    musicalReferences: musicalReferencesIn(lower),
    culturalReferences,
    searchableText: [...new Set(words)].join(' ').slice(0, SEARCHABLE_MAX),
    wordCount: words.length,
    uniqueWordCount: new Set(words).size,
    analysisVersion: ANALYSIS_VERSION,
    analysisConfidence,
    analysisModel: ANALYSIS_MODEL,
  };
}
