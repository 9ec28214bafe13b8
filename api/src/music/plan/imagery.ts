/**
 * Imagery and adjectives in the prompt ("rain", "neon", "ocean", "night drive", "warm"...) and
 * the musical choices each stands for: tone, density, tempo within the genre's range, space
 * (reverb and echo), a noise texture under the mix, harmonic colour and preferred instruments.
 * docs/engine.md has the table in prose.
 */
import type { InstrumentId } from '../types.js';

export interface ImageryEffect {
  /** Added to the plan's 0..1 brightness (filter cut-offs, cymbal and reverb tone). */
  brightness: number;
  /** Added to the plan's 0..1 density (how many parts play, how busy they are). */
  density: number;
  /** Moves the tempo within the genre's range, as a share of the range. */
  tempo: number;
  /** Added to reverb and echo (0..1 scale). */
  space: number;
  /** Noise texture under the mix: tape hiss, rain-like crackle (0..1). */
  texture: number;
  /** Added to the probability of a major key (-1..1). */
  major: number;
  /** Timbres the image calls for; they take the roles they suit best. */
  instruments: InstrumentId[];
}

interface Image extends Partial<ImageryEffect> {
  words: string[];
}

/** Longer phrases first within an entry is not needed: every phrase is matched on whole words. */
const IMAGES: Image[] = [
  { words: ['rain', 'rainy', 'raining', 'drizzle', 'downpour', 'storm', 'stormy'], brightness: -0.15, density: -0.1, tempo: -0.15, space: 0.2, texture: 0.35, major: -0.2, instruments: ['epiano', 'synth-pad'] },
  { words: ['neon', 'city lights', 'cyber', 'cyberpunk', 'arcade', 'laser'], brightness: 0.25, density: 0.1, tempo: 0.1, space: 0.15, instruments: ['synth-pluck', 'synth-lead'] },
  { words: ['ocean', 'sea', 'waves', 'tide', 'shore', 'underwater'], brightness: -0.05, density: -0.2, tempo: -0.2, space: 0.35, texture: 0.15, major: 0.1, instruments: ['synth-pad', 'strings', 'harp'] },
  { words: ['night drive', 'highway', 'road trip', 'driving at night', 'cruising'], brightness: 0.1, density: 0.1, tempo: 0.15, space: 0.15, instruments: ['synth-bass', 'synth-lead', 'synth-pad'] },
  { words: ['night', 'midnight', 'moon', 'moonlight', 'dark sky'], brightness: -0.1, tempo: -0.05, space: 0.15, major: -0.15, instruments: ['synth-pad', 'bell'] },
  { words: ['sun', 'sunny', 'summer', 'sunshine', 'beach', 'tropical'], brightness: 0.2, density: 0.05, tempo: 0.15, major: 0.3, instruments: ['acoustic-guitar', 'synth-pluck', 'flute'] },
  { words: ['warm', 'cozy', 'cosy', 'fireplace', 'velvet', 'golden'], brightness: -0.1, texture: 0.15, major: 0.1, instruments: ['epiano', 'organ', 'upright-bass'] },
  { words: ['cold', 'ice', 'icy', 'winter', 'snow', 'frozen', 'glacier'], brightness: 0.1, density: -0.15, tempo: -0.1, space: 0.3, major: -0.2, instruments: ['bell', 'synth-pad', 'choir'] },
  { words: ['cloud', 'clouds', 'sky', 'stars', 'starlight', 'space', 'galaxy', 'float'], space: 0.3, density: -0.1, instruments: ['synth-pad', 'harp', 'bell'] },
  { words: ['fire', 'thunder', 'battle', 'war', 'storming', 'volcano'], brightness: 0.15, density: 0.2, tempo: 0.2, major: -0.1, instruments: ['brass', 'distorted-guitar', 'choir'] },
  { words: ['forest', 'garden', 'morning', 'meadow', 'spring', 'river'], brightness: 0.05, density: -0.1, major: 0.2, instruments: ['flute', 'acoustic-guitar', 'harp'] },
  { words: ['vinyl', 'tape', 'cassette', 'dusty', 'old radio', 'record player'], brightness: -0.15, texture: 0.35, instruments: ['epiano', 'piano'] },
  { words: ['church', 'cathedral', 'hymn', 'temple', 'prayer'], space: 0.4, density: -0.1, instruments: ['choir', 'organ'] },
  { words: ['desert', 'dust', 'western', 'canyon'], brightness: 0.05, space: 0.2, instruments: ['electric-guitar', 'acoustic-guitar'] },
  { words: ['heartbeat', 'pulse', 'machine', 'robot', 'factory'], density: 0.15, tempo: 0.1, brightness: 0.1, instruments: ['synth-bass', 'synth-pluck'] },
];

export interface ImageryReading extends ImageryEffect {
  /** The phrases found, in prompt order of the table. */
  words: string[];
}

const clamp = (x: number, limit: number): number => Math.max(-limit, Math.min(limit, x));

/** The imagery in a prompt normalised to lower-case words separated by single spaces (padded with spaces). */
export function readImagery(paddedPrompt: string): ImageryReading {
  const reading: ImageryReading = { words: [], brightness: 0, density: 0, tempo: 0, space: 0, texture: 0, major: 0, instruments: [] };
  for (const image of IMAGES) {
    const word = image.words.find((phrase) => paddedPrompt.includes(` ${phrase} `));
    if (!word) continue;
    reading.words.push(word);
    reading.brightness += image.brightness ?? 0;
    reading.density += image.density ?? 0;
    reading.tempo += image.tempo ?? 0;
    reading.space += image.space ?? 0;
    reading.texture += image.texture ?? 0;
    reading.major += image.major ?? 0;
    for (const instrument of image.instruments ?? []) if (!reading.instruments.includes(instrument)) reading.instruments.push(instrument);
  }
  // Several images add up, within bounds that keep the genre recognisable.
  reading.brightness = clamp(reading.brightness, 0.3);
  reading.density = clamp(reading.density, 0.3);
  reading.tempo = clamp(reading.tempo, 0.3);
  reading.space = clamp(reading.space, 0.5);
  reading.texture = Math.min(0.5, reading.texture);
  reading.major = clamp(reading.major, 0.4);
  return reading;
}
