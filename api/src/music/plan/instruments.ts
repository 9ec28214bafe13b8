/**
 * Instruments: the words a prompt may use for them, and which arrangement roles each can play.
 */
import type { Random } from '../random.js';
import type { InstrumentId, TrackRole } from '../types.js';

/**
 * The arrangement roles in the order SongPlan.instruments lists them: plan.instruments[i] plays
 * ARRANGEMENT_ROLES[i]. Every song has one instrument per role; the arranger decides per section
 * which roles actually play.
 */
export const ARRANGEMENT_ROLES: readonly TrackRole[] = ['lead', 'chords', 'bass', 'pad', 'arp', 'counter'];

/** Roles each instrument can take, most idiomatic first. */
export const INSTRUMENT_ROLES: Record<InstrumentId, TrackRole[]> = {
  piano: ['chords', 'lead', 'arp', 'counter'],
  epiano: ['chords', 'lead', 'pad'],
  organ: ['chords', 'pad'],
  clavinet: ['chords', 'lead', 'arp'],
  'acoustic-guitar': ['chords', 'arp', 'lead'],
  'steel-guitar': ['chords', 'arp', 'lead'],
  'electric-guitar': ['chords', 'lead', 'counter', 'arp'],
  'distorted-guitar': ['chords', 'lead'],
  harp: ['arp', 'chords', 'counter'],
  strings: ['pad', 'counter', 'chords', 'lead'],
  brass: ['counter', 'lead', 'chords'],
  saxophone: ['lead', 'counter'],
  flute: ['lead', 'counter'],
  bell: ['arp', 'counter', 'lead'],
  'synth-lead': ['lead', 'counter'],
  'synth-pad': ['pad', 'chords'],
  'synth-pluck': ['arp', 'chords', 'lead'],
  supersaw: ['chords', 'pad', 'lead'],
  choir: ['pad', 'counter'],
  'finger-bass': ['bass'],
  'synth-bass': ['bass'],
  'sub-bass': ['bass'],
  'bass-808': ['bass'],
  'upright-bass': ['bass'],
};

/** Human-readable names, used in the plan summary. */
export const INSTRUMENT_LABELS: Record<InstrumentId, string> = {
  piano: 'piano',
  epiano: 'electric piano',
  organ: 'organ',
  clavinet: 'clavinet',
  'acoustic-guitar': 'acoustic guitar',
  'steel-guitar': 'steel-string guitar',
  'electric-guitar': 'electric guitar',
  'distorted-guitar': 'distorted guitar',
  harp: 'harp',
  strings: 'strings',
  brass: 'brass',
  saxophone: 'saxophone',
  flute: 'flute',
  bell: 'bells',
  'synth-lead': 'synth',
  'synth-pad': 'synth pad',
  'synth-pluck': 'synth pluck',
  supersaw: 'supersaw',
  choir: 'choir',
  'finger-bass': 'bass guitar',
  'synth-bass': 'synth bass',
  'sub-bass': 'sub bass',
  'bass-808': '808',
  'upright-bass': 'upright bass',
};

/**
 * Prompt phrases naming instruments. Multi-word phrases come first so "acoustic guitar" wins
 * over "guitar" when the prompt is scanned in this order.
 */
export const INSTRUMENT_WORDS: readonly (readonly [string, InstrumentId])[] = [
  ['acoustic guitar', 'acoustic-guitar'],
  ['steel-string guitar', 'steel-guitar'],
  ['steel string guitar', 'steel-guitar'],
  ['folk guitar', 'steel-guitar'],
  // A folk-like "acoustic" song is strummed on steel strings.
  ['acoustic', 'steel-guitar'],
  ['electric guitar', 'electric-guitar'],
  ['distorted guitar', 'distorted-guitar'],
  ['electric piano', 'epiano'],
  ['synth pad', 'synth-pad'],
  ['synth pluck', 'synth-pluck'],
  ['synth bass', 'synth-bass'],
  ['sub bass', 'sub-bass'],
  ['bass guitar', 'finger-bass'],
  ['upright bass', 'upright-bass'],
  ['double bass', 'upright-bass'],
  ['string section', 'strings'],
  ['grand piano', 'piano'],
  ['piano', 'piano'],
  ['keys', 'piano'],
  ['rhodes', 'epiano'],
  ['wurlitzer', 'epiano'],
  ['organ', 'organ'],
  ['clavinet', 'clavinet'],
  ['clav', 'clavinet'],
  ['guitar', 'electric-guitar'],
  ['guitars', 'electric-guitar'],
  ['harp', 'harp'],
  ['strings', 'strings'],
  ['violin', 'strings'],
  ['violins', 'strings'],
  ['cello', 'strings'],
  ['orchestra', 'strings'],
  ['brass', 'brass'],
  ['trumpet', 'brass'],
  ['trumpets', 'brass'],
  ['horns', 'brass'],
  ['trombone', 'brass'],
  ['saxophone', 'saxophone'],
  ['sax', 'saxophone'],
  ['flute', 'flute'],
  ['bells', 'bell'],
  ['bell', 'bell'],
  ['glockenspiel', 'bell'],
  ['music box', 'bell'],
  ['synthesizer', 'synth-lead'],
  ['synths', 'synth-lead'],
  ['synth', 'synth-lead'],
  ['pads', 'synth-pad'],
  ['pad', 'synth-pad'],
  ['plucks', 'synth-pluck'],
  ['supersaw', 'supersaw'],
  ['choir', 'choir'],
  ['voices', 'choir'],
  ['808s', 'bass-808'],
  ['808', 'bass-808'],
  ['bassline', 'synth-bass'],
  ['bass', 'finger-bass'],
];

/**
 * One instrument per role (ARRANGEMENT_ROLES order). Requested instruments take their most
 * idiomatic free role first; instruments the prompt's imagery suggests take their most idiomatic
 * role if it is still free; the genre palette fills the rest, avoiding repeats where it can: its
 * first choice two times in three, otherwise another of its options, drawn by the seed.
 */
export function arrangeInstruments(
  requested: readonly InstrumentId[],
  suggested: readonly InstrumentId[],
  palette: Record<TrackRole, readonly InstrumentId[]>,
  rng: Random,
): InstrumentId[] {
  const byRole = new Map<TrackRole, InstrumentId>();
  for (const instrument of requested) {
    const role = INSTRUMENT_ROLES[instrument].find((candidate) => !byRole.has(candidate));
    if (role) byRole.set(role, instrument);
  }
  for (const instrument of suggested) {
    const role = INSTRUMENT_ROLES[instrument][0];
    if (!byRole.has(role) && ![...byRole.values()].includes(instrument)) byRole.set(role, instrument);
  }
  const used = new Set(byRole.values());
  for (const role of ARRANGEMENT_ROLES) {
    if (byRole.has(role)) continue;
    const options = palette[role].filter((instrument) => !used.has(instrument));
    const alternative = options.length > 1 && rng.chance(1 / 3);
    const choice = options.length === 0 ? palette[role][0] : alternative ? rng.pick(options.slice(1)) : options[0];
    byRole.set(role, choice);
    used.add(choice);
  }
  return ARRANGEMENT_ROLES.map((role) => byRole.get(role) as InstrumentId);
}
