/**
 * Words the lyric and title writers draw on, per mood. End words are nouns that close a line
 * ("... the {end}"); they are grouped into rhymes at run time by the pronouncing dictionary, so
 * each bank deliberately holds several members of common rhyme families.
 */

export interface MoodWords {
  /** Adjectives that colour a noun: "the {adjective} night". */
  adjectives: string[];
  /** Present participles: "we keep {verb}". */
  verbs: string[];
  /** Nouns used inside lines and titles. */
  images: string[];
  /** Nouns that may end a rhyming line. */
  endings: string[];
}

/** Rhyme families every mood can use, so any stanza finds enough rhyming pairs. */
export const COMMON_ENDINGS = [
  'night', 'light', 'sky', 'eyes', 'time', 'line', 'sign', 'heart', 'start', 'way', 'day', 'road',
  'home', 'stone', 'phone', 'dream', 'stream', 'rain', 'train', 'lane', 'name', 'flame', 'frame',
  'sound', 'ground', 'town', 'crown', 'sea', 'tree', 'door', 'floor', 'shore', 'street', 'beat',
  'heat', 'wall', 'call', 'hall', 'space', 'place', 'face', 'glow', 'snow', 'show', 'moon', 'tune',
  'room', 'bloom', 'song', 'air', 'stairs', 'star', 'car', 'guitar', 'wind', 'mind', 'side', 'tide',
  'ride', 'years', 'tears', 'fears', 'gold', 'cold', 'soul', 'wheel', 'dark', 'spark', 'park',
];

export const MOOD_WORDS: Record<string, MoodWords> = {
  happy: {
    adjectives: ['golden', 'sunny', 'bright', 'sweet', 'brand new', 'shining', 'easy', 'summer'],
    verbs: ['dancing', 'singing', 'laughing', 'shining', 'flying', 'running'],
    images: ['sunshine', 'summer', 'morning', 'smile', 'party', 'weekend', 'rainbow', 'music'],
    endings: ['sun', 'fun', 'day', 'way', 'bay', 'light', 'kite', 'smile', 'mile', 'sky', 'july'],
  },
  sad: {
    adjectives: ['empty', 'broken', 'quiet', 'lonely', 'faded', 'cold', 'grey', 'distant'],
    verbs: ['falling', 'waiting', 'crying', 'fading', 'breaking', 'drifting'],
    images: ['letter', 'shadow', 'window', 'silence', 'memory', 'ocean', 'winter', 'photograph'],
    endings: ['rain', 'pain', 'chain', 'train', 'tears', 'years', 'sky', 'goodbye', 'door', 'floor', 'shore', 'heart', 'part'],
  },
  energetic: {
    adjectives: ['electric', 'wild', 'burning', 'restless', 'loud', 'unstoppable', 'racing', 'neon'],
    verbs: ['running', 'jumping', 'burning', 'racing', 'rising', 'shouting'],
    images: ['thunder', 'engine', 'lightning', 'rhythm', 'fire', 'heartbeat', 'city', 'freedom'],
    endings: ['fire', 'wire', 'choir', 'beat', 'street', 'heat', 'feet', 'night', 'light', 'fight', 'flight', 'speed', 'seed'],
  },
  chill: {
    adjectives: ['slow', 'easy', 'hazy', 'warm', 'soft', 'lazy', 'mellow', 'late'],
    verbs: ['drifting', 'floating', 'breathing', 'swaying', 'resting', 'cruising'],
    images: ['coffee', 'sunday', 'window', 'breeze', 'sunset', 'vinyl', 'pillow', 'evening'],
    endings: ['breeze', 'trees', 'seas', 'tea', 'sea', 'afternoon', 'moon', 'tune', 'view', 'blue', 'glow', 'snow'],
  },
  dark: {
    adjectives: ['black', 'hollow', 'silent', 'cold', 'twisted', 'midnight', 'restless', 'shadowed'],
    verbs: ['hiding', 'falling', 'burning', 'haunting', 'sinking', 'crawling'],
    images: ['shadow', 'smoke', 'mirror', 'ashes', 'ghost', 'storm', 'alley', 'silence'],
    endings: ['dark', 'mark', 'spark', 'storm', 'smoke', 'stone', 'bone', 'throne', 'cold', 'gold', 'night', 'fight'],
  },
  romantic: {
    adjectives: ['tender', 'sweet', 'gentle', 'golden', 'endless', 'velvet', 'secret', 'warm'],
    verbs: ['holding', 'falling', 'dancing', 'dreaming', 'waiting', 'touching'],
    images: ['kiss', 'rose', 'candle', 'promise', 'heartbeat', 'embrace', 'letter', 'starlight'],
    endings: ['heart', 'art', 'start', 'love', 'dove', 'eyes', 'skies', 'kiss', 'bliss', 'night', 'light', 'view', 'dew'],
  },
  epic: {
    adjectives: ['endless', 'mighty', 'burning', 'golden', 'ancient', 'fearless', 'rising', 'distant'],
    verbs: ['rising', 'marching', 'fighting', 'soaring', 'calling', 'burning'],
    images: ['kingdom', 'mountain', 'battle', 'thunder', 'banner', 'empire', 'legend', 'horizon'],
    endings: ['sky', 'fire', 'choir', 'throne', 'stone', 'crown', 'town', 'ground', 'sound', 'land', 'hand', 'war', 'roar'],
  },
  dreamy: {
    adjectives: ['silver', 'hazy', 'floating', 'velvet', 'pale', 'starlit', 'gentle', 'drifting'],
    verbs: ['floating', 'drifting', 'dreaming', 'gliding', 'fading', 'shimmering'],
    images: ['cloud', 'starlight', 'feather', 'moonbeam', 'galaxy', 'ocean', 'echo', 'mist'],
    endings: ['dream', 'stream', 'gleam', 'moon', 'dune', 'balloon', 'glow', 'snow', 'space', 'place', 'sky', 'lullaby'],
  },
  aggressive: {
    adjectives: ['savage', 'burning', 'broken', 'iron', 'bloody', 'raging', 'heavy', 'merciless'],
    verbs: ['fighting', 'breaking', 'burning', 'screaming', 'crushing', 'raging'],
    images: ['fist', 'steel', 'fire', 'war', 'cage', 'storm', 'blade', 'thunder'],
    endings: ['rage', 'cage', 'stage', 'fire', 'wire', 'war', 'roar', 'core', 'steel', 'wheel', 'pain', 'chain', 'fight', 'night'],
  },
  peaceful: {
    adjectives: ['quiet', 'gentle', 'still', 'soft', 'calm', 'green', 'open', 'slow'],
    verbs: ['resting', 'breathing', 'flowing', 'waking', 'drifting', 'growing'],
    images: ['river', 'meadow', 'garden', 'morning', 'feather', 'valley', 'forest', 'lake'],
    endings: ['sea', 'tree', 'breeze', 'stream', 'dream', 'light', 'air', 'prayer', 'rest', 'nest', 'dawn', 'lawn'],
  },
  nostalgic: {
    adjectives: ['faded', 'old', 'golden', 'yellow', 'summer', 'younger', 'distant', 'dusty'],
    verbs: ['remembering', 'drifting', 'driving', 'waiting', 'dreaming', 'turning'],
    images: ['photograph', 'cassette', 'summer', 'bicycle', 'postcard', 'radio', 'hometown', 'yesterday'],
    endings: ['days', 'haze', 'town', 'crown', 'road', 'time', 'rhyme', 'song', 'years', 'tears', 'gold', 'cold'],
  },
  mysterious: {
    adjectives: ['hidden', 'secret', 'silent', 'strange', 'misty', 'hollow', 'silver', 'unknown'],
    verbs: ['whispering', 'hiding', 'wandering', 'calling', 'searching', 'fading'],
    images: ['riddle', 'lantern', 'mirror', 'doorway', 'labyrinth', 'candle', 'shadow', 'key'],
    endings: ['key', 'sea', 'door', 'floor', 'mist', 'twist', 'sign', 'line', 'moon', 'tune', 'night', 'light'],
  },
};

/** Words the title and lyric writers never treat as themes (function words, music jargon). */
export const STOP_WORDS = new Set(
  `a an the and or but if of in on at to for from by with without about into onto over under up down out off
  is are was were be been being am do does did have has had i me my we our you your he she it its they them their
  this that these those there here what which who whom whose when where why how all any some no not very really
  just so too also more most less much many lot lots kind sort like make makes made want wants need needs please
  can could would should will shall may might must let lets song songs music track tracks tune tunes beat beats
  instrumental instrumentals vocal vocals vocalist singer lyrics lyric vibe vibes vibey feel feels feeling style
  sound sounds sounding type genre mood bpm tempo key major minor sharp flat slow slower fast faster quick upbeat
  uptempo mid midtempo moderate medium heavy some something one two three minute minutes second seconds
  long short generate create write compose produce give get play playing played featuring feat using use piece pieces composition loop loops sample jam`
    .split(/\s+/)
    .filter(Boolean),
);
