/**
 * Drum grooves, one bar of 16th-note steps per voice.
 * Step characters: 'X' accent, 'x' normal hit, 'o' ghost note, '.' rest.
 * Slow genres syncopate their kicks on 16ths rather than on the 8th off-beats, so the off-beat
 * never rivals the beat and the tempo cannot be heard (or detected) as double.
 */
import type { DrumVoice } from '../types.js';

export type DrumPattern = Partial<Record<DrumVoice, string>>;

export interface Groove {
  /** Full-energy bar (choruses, drops). */
  main: DrumPattern;
  /** Alternate bar used every other bar or in later repeats, so loops breathe. */
  variation: DrumPattern;
  /** Low-energy bar (intros, verses of calm songs). */
  sparse: DrumPattern;
  /** Last bar of a section: leads into the next section. */
  fill: DrumPattern;
}

const TOM_FILL: DrumPattern = {
  kick: 'x...............',
  snare: '........x.x.....',
  'tom-high': '............xx..',
  'tom-mid': '..............x.',
  'tom-low': '...............x',
  'closed-hat': 'x.x.x.x.........',
};

const SNARE_ROLL_FILL: DrumPattern = {
  kick: 'x.......x.......',
  snare: '........xxxxXXXX',
  'closed-hat': 'x.x.x.x.........',
};

const CLAP_ROLL_FILL: DrumPattern = {
  kick: 'x...x...x.......',
  clap: '....x...x.x.xxxx',
  'closed-hat': '..x...x.........',
};

export const GROOVES = {
  pop: {
    main: { kick: 'x.......x.x.....', snare: '....X.......X...', 'closed-hat': 'x.x.x.x.x.x.x.x.', clap: '....x.......x...' },
    variation: { kick: 'x......xx.......', snare: '....X.......X..o', 'closed-hat': 'x.x.x.x.x.x.x.o.', 'open-hat': '..............x.' },
    sparse: { kick: 'x.......x.......', rim: '....x.......x...', 'closed-hat': 'x...x...x...x...' },
    fill: TOM_FILL,
  },
  rock: {
    main: { kick: 'x.......x.x.....', snare: '....X.......X...', 'closed-hat': 'x.x.x.x.x.x.x.x.' },
    variation: { kick: 'x......xx.x.....', snare: '....X.......X...', ride: 'x.x.x.x.x.x.x.x.' },
    sparse: { kick: 'x.......x.......', snare: '....x.......x...', 'closed-hat': 'x...x...x...x...' },
    fill: TOM_FILL,
  },
  boomBap: {
    main: { kick: 'x.........x.....', snare: '....X.......X...', 'closed-hat': 'x.x.x.x.x.x.x.x.' },
    variation: { kick: 'x......x..x....x', snare: '....X.......X...', 'closed-hat': 'x.x.x.x.x.x.xxx.' },
    sparse: { kick: 'x.........x.....', rim: '....x.......x...', 'closed-hat': 'x...x...x...x...' },
    fill: { kick: 'x.........x.....', snare: '....X.....x.x.xx', 'closed-hat': 'x.x.x.x.........' },
  },
  trap: {
    // Half-time feel at 130-160 BPM: snare/clap on beat 3, rolling 16th hats, 808 under the kick.
    main: { kick: 'x.......x......x', clap: '........X.......', snare: '........x.......', 'closed-hat': 'xxxxxxxxxxxxxxxx' },
    variation: { kick: 'x..x.....x.....x', clap: '........X.......', snare: '........x.......', 'closed-hat': 'x.x.x.xxx.x.xxxx', 'open-hat': '......x.........' },
    sparse: { kick: 'x.......x.......', clap: '........x.......', 'closed-hat': 'x.x.x.x.x.x.x.x.' },
    fill: { kick: 'x.......x.......', clap: '........X.......', snare: '..........xxxxxx', 'closed-hat': 'xxxxxxxx........' },
  },
  fourOnFloor: {
    main: { kick: 'X...X...X...X...', clap: '....x.......x...', 'closed-hat': 'x.x.x.x.x.x.x.x.', 'open-hat': '..x...x...x...x.' },
    variation: { kick: 'X...X...X...X...', clap: '....x.......x..o', 'closed-hat': 'xxxxxxxxxxxxxxxx', 'open-hat': '..x...x...x...x.' },
    sparse: { kick: 'x...x...x...x...', 'closed-hat': '..x...x...x...x.' },
    fill: CLAP_ROLL_FILL,
  },
  techno: {
    main: { kick: 'X...X...X...X...', rim: '..x..x....x..x..', 'closed-hat': 'xxxxxxxxxxxxxxxx', 'open-hat': '..x...x...x...x.', clap: '....x.......x...' },
    variation: { kick: 'X...X...X...X..x', rim: '..x..x.x..x..x..', 'closed-hat': 'xxxxxxxxxxxxxxxx', 'open-hat': '..x...x...x...x.' },
    sparse: { kick: 'x...x...x...x...', 'closed-hat': '..x...x...x...x.' },
    fill: CLAP_ROLL_FILL,
  },
  breakbeat: {
    main: { kick: 'x.......x.x.....', snare: '....X.......X...', 'closed-hat': 'x.x.x.x.x.x.x.x.', ride: '..x...x...x...x.' },
    variation: { kick: 'x.........xx....', snare: '....X..o....X.o.', 'closed-hat': 'x.x.x.x.x.x.x.x.' },
    sparse: { kick: 'x.........x.....', snare: '....x.......x...', 'closed-hat': 'x.x.x.x.x.x.x.x.' },
    fill: SNARE_ROLL_FILL,
  },
  lofi: {
    // A soft 16th shaker under the lazy hats: chillhop's top end.
    main: { kick: 'x......x.x......', snare: '....x.......x...', 'closed-hat': 'x.x.x.x.x.x.x.x.', shaker: 'ooxoooxoooxoooxo' },
    variation: { kick: 'x......x.x...x..', snare: '....x.......x..o', 'closed-hat': 'x.x.x.x.x.x.x.o.', shaker: 'ooxoooxoooxooxxo' },
    sparse: { kick: 'x........x......', rim: '....x.......x...', 'closed-hat': 'x...x...x...x...', shaker: '..o...o...o...o.' },
    fill: { kick: 'x......x..x.....', snare: '....x.....o.x.oo', 'closed-hat': 'x.x.x.x.x.......' },
  },
  jazz: {
    main: { ride: 'x...x.x.x...x.x.', 'closed-hat': '....x.......x...', kick: 'o.......o.......', snare: '......o.......o.' },
    variation: { ride: 'x...x.x.x...x.x.', 'closed-hat': '....x.......x...', kick: 'o...........o...', snare: '..o.......o...o.' },
    sparse: { ride: 'x...x.x.x...x.x.', 'closed-hat': '....x.......x...' },
    fill: { ride: 'x...x.x.........', snare: '........x.x.x.xx', 'tom-low': '...............x' },
  },
  shuffle: {
    // Blues shuffle: swung 8ths at a triplet's 2:1 (the genre's swing of 1/3), so a 16th step
    // lands on the triplet's middle note and an 8th off-beat on its last. The hats (the ride in
    // the variation) play "ding, da-ding", the snare answers the backbeat with a ghost on the
    // triplet before it, and fills roll in triplets.
    main: { kick: 'x.......x.......', snare: '....X.......X...', 'closed-hat': 'X.x.X.x.X.x.X.x.' },
    variation: { kick: 'x.......x.....o.', snare: '..o.X.....o.X...', ride: 'X.x.X.x.X.x.X.x.', 'closed-hat': '....x.......x...' },
    sparse: { kick: 'x.......x.......', rim: '....x.......x...', 'closed-hat': 'x.o.x.o.x.o.x.o.' },
    fill: { kick: 'x.......x.......', snare: '....X...Xox.X...', 'tom-mid': '.............x..', 'tom-low': '..............x.', 'closed-hat': 'x.x.x.x.........' },
  },
  funk: {
    main: { kick: 'x..x..x...x..x..', snare: '....X..o.o..X..o', 'closed-hat': 'xxxxxxxxxxxxxxxx' },
    variation: { kick: 'x.x...x...x..x..', snare: '....X..o.o..X.o.', 'closed-hat': 'xxxxxxx.xxxxxxx.', 'open-hat': '.......x.......x' },
    sparse: { kick: 'x.....x...x.....', snare: '....x.......x...', 'closed-hat': 'x.x.x.x.x.x.x.x.' },
    fill: SNARE_ROLL_FILL,
  },
  rnb: {
    main: { kick: 'x......x.x......', snare: '....X.......X...', 'closed-hat': 'x.xxx.x.x.xxx.x.' },
    variation: { kick: 'x......x.x....x.', snare: '....X.......X...', 'closed-hat': 'x.x.x.xxx.x.x.xx', 'open-hat': '..............x.' },
    sparse: { kick: 'x.........x.....', rim: '....x.......x...', 'closed-hat': 'x.x.x.x.x.x.x.x.' },
    fill: { kick: 'x......x........', snare: '....X.....x.xxxx', 'closed-hat': 'x.x.x.x.........' },
  },
  oneDrop: {
    // Roots one-drop: nothing on beat 1; kick and cross-stick land together on beat 3, the
    // hi-hat skanks on the off-beats (its on-beats only ghosted); fills come off snare and toms
    // and still leave the downbeat empty.
    main: { kick: '........X.......', rim: '........X.......', 'closed-hat': 'o.x.o.x.o.x.o.x.' },
    variation: { kick: '........X.......', rim: '......o.X.......', 'closed-hat': 'o.x.o.x.o.x.o...', 'open-hat': '..............x.' },
    sparse: { kick: '........x.......', rim: '........x.......', 'closed-hat': '..x...x...x...x.' },
    fill: { kick: '........x.......', rim: '........x.......', snare: '..........x.x...', 'tom-mid': '.............xx.', 'tom-low': '...............x', 'closed-hat': 'o.x.o.x.........' },
  },
  train: {
    // Country train beat: the brushed snare plays every 16th, accented on 2 and 4, over a kick on
    // 1 and 3; the variation pushes the kick and doubles the last accent, the fill rolls up.
    main: { kick: 'x.......x.......', snare: 'ooooXoooooooXooo', shaker: 'x.x.x.x.x.x.x.x.' },
    variation: { kick: 'x.......x.x.....', snare: 'ooooXoooooooXoxo', shaker: 'x.x.x.x.x.x.x.x.' },
    sparse: { kick: 'x.......x.......', snare: 'o.o.X.o.o.o.X.o.' },
    fill: { kick: 'x.......x.......', snare: 'ooooXoooxxxxXXXX' },
  },
  metal: {
    main: { kick: 'X.x.X.x.X.x.X.x.', snare: '....X.......X...', crash: 'x...x...x...x...' },
    variation: { kick: 'X.xxX.xxX.xxX.xx', snare: '....X.......X...', ride: 'x.x.x.x.x.x.x.x.' },
    sparse: { kick: 'x.x.....x.x.....', snare: '....X.......X...', 'closed-hat': 'x.x.x.x.x.x.x.x.' },
    fill: { kick: 'x.x.x.x.........', snare: '........xxxx....', 'tom-high': '............x...', 'tom-mid': '.............x..', 'tom-low': '..............xx' },
  },
  cinematic: {
    main: { kick: 'X.......x.......', 'tom-low': '......x.....x.x.', snare: '....x.......x...' },
    variation: { kick: 'X.....x.x.......', 'tom-low': '..........x.x.x.', 'tom-mid': '....x...........' },
    sparse: { 'tom-low': 'x.......x.......' },
    fill: { 'tom-low': 'x.......x.x.x.x.', 'tom-mid': '........x.x.x.x.', snare: '............xxxx' },
  },
  ambient: {
    main: { kick: 'x.......x.......', rim: '....x.......x...', shaker: 'x...x...x...x...' },
    variation: { kick: 'x........x......', rim: '....x.......x...', shaker: 'x...x...x..xx...' },
    sparse: { shaker: 'x.o.x.o.x.o.x.oo' },
    fill: { kick: 'x.......x.......', rim: '........x.x.x.xx', shaker: 'x.x.x.x.........' },
  },
  synthwave: {
    main: { kick: 'x.......x.......', snare: '....X.......X...', 'closed-hat': 'xxxxxxxxxxxxxxxx' },
    variation: { kick: 'x.......x.x.....', snare: '....X.......X...', 'closed-hat': 'x.x.x.x.x.x.x.x.', 'open-hat': '..............x.' },
    sparse: { kick: 'x.......x.......', rim: '....x.......x...', 'closed-hat': 'x.x.x.x.x.x.x.x.' },
    fill: TOM_FILL,
  },
  eighties: {
    // Synthwave on a 707: the tambourine doubles the backbeat, then drives the off-beats.
    main: { kick: 'x.......x.......', snare: '....X.......X...', 'closed-hat': 'xxxxxxxxxxxxxxxx', tambourine: '....x.......x...' },
    variation: { kick: 'x.......x.x.....', snare: '....X.......X...', 'closed-hat': 'x.x.x.x.x.x.x.x.', 'open-hat': '..............x.', tambourine: '..x...x...x...x.' },
    sparse: { kick: 'x.......x.......', rim: '....x.......x...', 'closed-hat': 'x.x.x.x.x.x.x.x.' },
    fill: TOM_FILL,
  },
  jack: {
    // Chicago house on a 707: off-beat open hats, a 16th tambourine and a syncopated cowbell.
    main: { kick: 'X...X...X...X...', clap: '....x.......x...', 'open-hat': '..x...x...x...x.', tambourine: 'o.x.o.x.o.x.o.x.', cowbell: '...x.....x......' },
    variation: { kick: 'X...X...X...X...', clap: '....x.......x..o', 'closed-hat': 'xxxxxxxxxxxxxxxx', 'open-hat': '..x...x...x...x.', tambourine: 'o.x.o.x.o.x.o.x.' },
    sparse: { kick: 'x...x...x...x...', 'closed-hat': '..x...x...x...x.', tambourine: '..o...o...o...o.' },
    fill: CLAP_ROLL_FILL,
  },
} satisfies Record<string, Groove>;

export type GrooveId = keyof typeof GROOVES;
