/**
 * Letter-to-sound rules for words the CMU dictionary lacks (names, slang, made-up words): English
 * spelling patterns, longest match first, with the few contexts that change a letter's sound
 * (soft c and g, a silent final e that lengthens the vowel before it). Good enough to sing an
 * unknown word plausibly; the dictionary covers ~135,000 words, so this runs rarely.
 */

/** Spelling -> phones, tried longest first. Vowels carry stress 1; stress is evened out below. */
const PATTERNS: [string, string][] = [
  ['tion', 'SH AH0 N'], ['sion', 'ZH AH0 N'], ['ough', 'AO1'], ['augh', 'AO1'], ['eigh', 'EY1'], ['igh', 'AY1'],
  ['tch', 'CH'], ['dge', 'JH'], ['sch', 'S K'], ['ch', 'CH'], ['sh', 'SH'], ['th', 'TH'], ['ph', 'F'], ['wh', 'W'],
  ['ck', 'K'], ['ng', 'NG'], ['qu', 'K W'], ['kn', 'N'], ['wr', 'R'], ['gh', 'G'],
  ['ee', 'IY1'], ['ea', 'IY1'], ['oo', 'UW1'], ['ou', 'AW1'], ['ow', 'OW1'], ['oa', 'OW1'], ['oi', 'OY1'], ['oy', 'OY1'],
  ['ai', 'EY1'], ['ay', 'EY1'], ['au', 'AO1'], ['aw', 'AO1'], ['ie', 'IY1'], ['ei', 'EY1'], ['ey', 'IY1'], ['ew', 'UW1'],
  ['ue', 'UW1'], ['ar', 'AA1 R'], ['er', 'ER1'], ['ir', 'ER1'], ['ur', 'ER1'], ['or', 'AO1 R'],
  ['a', 'AE1'], ['e', 'EH1'], ['i', 'IH1'], ['o', 'AA1'], ['u', 'AH1'], ['y', 'IH1'],
  ['b', 'B'], ['c', 'K'], ['d', 'D'], ['f', 'F'], ['g', 'G'], ['h', 'HH'], ['j', 'JH'], ['k', 'K'], ['l', 'L'], ['m', 'M'],
  ['n', 'N'], ['p', 'P'], ['q', 'K'], ['r', 'R'], ['s', 'S'], ['t', 'T'], ['v', 'V'], ['w', 'W'], ['x', 'K S'], ['z', 'Z'],
];

/** A vowel letter before one consonant and a final e says its name ("late", "mine", "rode"). */
const LONG_VOWELS: Record<string, string> = { a: 'EY1', e: 'IY1', i: 'AY1', o: 'OW1', u: 'UW1', y: 'AY1' };

const DIGITS = ['Z IH1 R OW0', 'W AH1 N', 'T UW1', 'TH R IY1', 'F AO1 R', 'F AY1 V', 'S IH1 K S', 'S EH1 V AH0 N', 'EY1 T', 'N AY1 N'];

const isVowelLetter = (letter: string | undefined): boolean => letter !== undefined && 'aeiouy'.includes(letter);

/** Phones for a normalised word (lower case letters, digits, apostrophes). Never empty for a word with letters or digits. */
export function letterToSound(word: string): string[] {
  const letters = word.replace(/[^a-z0-9]/g, '');
  const phones: string[] = [];
  let i = 0;
  while (i < letters.length) {
    const letter = letters[i];
    if (letter >= '0' && letter <= '9') {
      phones.push(...DIGITS[Number(letter)].split(' '));
      i++;
      continue;
    }
    const rest = letters.slice(i);
    // Silent final e, which makes the vowel before it long.
    if (letter === 'e' && i === letters.length - 1 && i > 1 && phones.some((phone) => /\d$/.test(phone))) break;
    if ((letter === 'c' || letter === 'g') && 'eiy'.includes(letters[i + 1] ?? '-')) {
      phones.push(letter === 'c' ? 'S' : 'JH');
      i++;
      continue;
    }
    if (letter === 'y' && i === letters.length - 1 && i > 0) {
      phones.push(phones.some((phone) => /\d$/.test(phone)) ? 'IY0' : 'AY1');
      i++;
      continue;
    }
    if (letter === 'y' && i === 0 && isVowelLetter(letters[1])) {
      phones.push('Y');
      i++;
      continue;
    }
    const magicE = isVowelLetter(letter) && !isVowelLetter(letters[i + 1]) && letters[i + 1] !== undefined && letters[i + 2] === 'e' && i + 3 === letters.length;
    if (magicE && letter !== 'y') {
      phones.push(LONG_VOWELS[letter]);
      i++;
      continue;
    }
    const [spelling, sound] = PATTERNS.find(([pattern]) => rest.startsWith(pattern)) ?? [letter, ''];
    if (sound) phones.push(...sound.split(' '));
    i += spelling.length;
  }
  // Doubled consonants ("ll", "ss") sound once.
  const merged = phones.filter((phone, index) => /\d$/.test(phone) || phone !== phones[index - 1]);
  // Only the first vowel keeps the main stress.
  let stressed = false;
  return merged.map((phone) => {
    if (!/\d$/.test(phone)) return phone;
    const out = stressed ? phone.replace(/\d$/, '0') : phone;
    stressed = true;
    return out;
  });
}
