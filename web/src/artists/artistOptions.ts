/** Instrument ids an artist's palette may name (the engine's InstrumentId) with the names people use. */
export const ARTIST_INSTRUMENTS: readonly { id: string; label: string }[] = [
  ['piano', 'Piano'],
  ['epiano', 'Electric piano'],
  ['organ', 'Organ'],
  ['clavinet', 'Clavinet'],
  ['acoustic-guitar', 'Acoustic guitar'],
  ['electric-guitar', 'Electric guitar'],
  ['distorted-guitar', 'Distorted guitar'],
  ['harp', 'Harp'],
  ['strings', 'Strings'],
  ['brass', 'Brass'],
  ['saxophone', 'Saxophone'],
  ['flute', 'Flute'],
  ['bell', 'Bells'],
  ['synth-lead', 'Synth lead'],
  ['synth-pad', 'Synth pad'],
  ['synth-pluck', 'Synth pluck'],
  ['supersaw', 'Supersaw'],
  ['choir', 'Choir'],
  ['finger-bass', 'Bass guitar'],
  ['synth-bass', 'Synth bass'],
  ['sub-bass', 'Sub bass'],
  ['bass-808', '808'],
  ['upright-bass', 'Upright bass'],
].map(([id, label]) => ({ id, label }));

export const ARTIST_TAGS_MAX = 4;
export const ARTIST_INSTRUMENTS_MAX = 6;

/** "Synthwave · Dreamy · high voice · 84-96 BPM" */
export function artistSoundLine(artist: { genres: readonly string[]; moods: readonly string[]; voiceType: string; tempoMin: number; tempoMax: number }): string {
  return [...artist.genres, ...artist.moods, `${artist.voiceType} voice`, `${artist.tempoMin}-${artist.tempoMax} BPM`].join(' · ');
}
