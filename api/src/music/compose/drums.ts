/**
 * Drums from the genre's grooves: sparse or full bars by section energy, variations so loops
 * breathe, a fill in the last bar of each section, a crash where a section lands, swells into
 * choruses and drops, and a last hit that lets the song ring out.
 */
import type { GenreProfile } from '../plan/catalog.js';
import { SWELL_SECONDS } from '../synth/drums.js';
import { type DrumPattern, type Groove, GROOVES } from '../plan/grooves.js';
import type { Random } from '../random.js';
import type { DrumHit, DrumVoice } from '../types.js';
import { type FormSection, sectionDrive } from './form.js';
import { intensityFor } from './parts.js';
import type { TimeGrid } from './timing.js';

const STEP_VELOCITY: Record<string, number> = { X: 1, x: 0.8, o: 0.45 };

/** Cymbals and shakers: in calm sections they only whisper. */
const CYMBALS = new Set<DrumVoice>(['closed-hat', 'open-hat', 'ride', 'shaker', 'tambourine']);

/** Genres whose drums only come in when the music swells. */
const SWELL_ONLY = new Set(['classical', 'ambient']);
/** Drive from which they play their sparse bar: ambient's is a soft shaker, its texture above 6 kHz. */
const SWELL_SPARSE_FROM: Record<string, number> = { classical: 0.45, ambient: 0.3 };

export type DrumFeel = 'none' | 'sparse' | 'full';

export function drumFeel(genre: GenreProfile, section: FormSection, density: number): DrumFeel {
  const drive = sectionDrive(section, density);
  if (SWELL_ONLY.has(genre.id)) return drive >= 0.65 ? 'full' : drive >= SWELL_SPARSE_FROM[genre.id] ? 'sparse' : 'none';
  if (section.kind === 'intro' && drive < 0.3) return 'none';
  if (drive < 0.2) return 'none';
  return drive < 0.45 || section.kind === 'breakdown' ? 'sparse' : 'full';
}

/**
 * Genres whose production marks its transitions with swells: a reversed cymbal into each chorus
 * (and a riser and an impact into a drop). Played acoustic genres (jazz, blues, country, reggae,
 * classical) and the calm loop genres leave them out, as their records do.
 */
const SWELL_GENRES = new Set(['pop', 'rock', 'hip-hop', 'trap', 'electronic', 'house', 'techno', 'drum-and-bass', 'funk', 'r-and-b', 'metal', 'synthwave']);

/** The swells that lead into a section and the hit it lands on, for genres that use them. */
function transitionHits(genre: GenreProfile, section: FormSection, previous: FormSection, at: (beat: number) => number): DrumHit[] {
  if (!SWELL_GENRES.has(genre.id)) return [];
  const start = at(section.startBar * genre.beatsPerBar);
  const previousStart = at(previous.startBar * genre.beatsPerBar);
  const velocity = Math.min(1, 0.6 + 0.35 * section.energy);
  const swell = (voice: DrumVoice): DrumHit[] => {
    const seconds = SWELL_SECONDS[voice] ?? 0;
    // Only where the section before is long enough to hold it.
    return start - seconds >= previousStart ? [{ time: start - seconds, voice, velocity }] : [];
  };
  if (section.kind === 'drop') return [...swell('riser'), { time: start, voice: 'impact', velocity }];
  if (section.kind === 'chorus' && previous.kind !== 'chorus') return swell('reverse-cymbal');
  return [];
}

/** Syncopated 16th-note percussion that club grooves add at their peak. */
const DRIVING_PERCUSSION = '...x..x....x..x.';

/**
 * Hard-driving sections play straight 8th-note hats as 16ths, the added ones as ghost notes
 * (swung 8ths, as in shuffle and jazz, keep their feel), and club grooves add a syncopated rim.
 */
function drivingPattern(pattern: DrumPattern, genre: GenreProfile): DrumPattern {
  const driving = { ...pattern };
  const hats = pattern['closed-hat'];
  const straightEighths = hats !== undefined && [...hats].every((step, index) => (index % 2 === 0) === (step !== '.'));
  if (straightEighths && !(genre.swingUnit === 8 && genre.swing > 0)) {
    driving['closed-hat'] = [...hats].map((step, index) => (index % 2 === 0 ? step : 'o')).join('');
  }
  if (genre.form === 'dance' && !pattern.rim) driving.rim = DRIVING_PERCUSSION;
  return driving;
}

function grooveFor(genre: GenreProfile, section: FormSection): Groove {
  const ids = genre.drums.grooves;
  const contrast = section.kind === 'bridge' || section.kind === 'solo';
  return GROOVES[ids[contrast && ids.length > 1 ? 1 : 0]];
}

function barPattern(groove: Groove, feel: DrumFeel, barIndex: number, bars: number, fill: boolean): DrumPattern {
  if (fill) return groove.fill;
  if (feel === 'sparse') return groove.sparse;
  // Every fourth bar (and every other bar in long full sections) uses the variation.
  return barIndex % 4 === 3 || (bars >= 16 && barIndex % 2 === 1) ? groove.variation : groove.main;
}

export function drumHits(
  sections: FormSection[],
  genre: GenreProfile,
  density: number,
  grid: TimeGrid,
  rng: Random,
): DrumHit[] {
  const hits: DrumHit[] = [];
  const stepsPerBar = genre.beatsPerBar * 4;
  sections.forEach((section, sectionIndex) => {
    if (sectionIndex > 0) hits.push(...transitionHits(genre, section, sections[sectionIndex - 1], (beat) => grid.seconds(beat)));
    const feel = drumFeel(genre, section, density);
    if (feel === 'none') return;
    const groove = grooveFor(genre, section);
    const isLastSection = sectionIndex === sections.length - 1;
    const drive = sectionDrive(section, density);
    const intensity = intensityFor(drive);
    // Calm sections play softly (quieter, and so less of an attack), driving ones hard.
    const loudness = 0.5 + 0.5 * Math.min(1, drive);
    const cymbalLoudness = loudness * (0.3 + 0.7 * Math.min(1, drive));
    const jitter = rng.fork(`drums:${sectionIndex}`);
    for (let bar = 0; bar < section.bars; bar++) {
      const barBeat = (section.startBar + bar) * genre.beatsPerBar;
      if (isLastSection && bar === section.bars - 1 && section.bars >= 2) {
        // The ending: one kick and crash on the last downbeat, left to ring (the chords resolve to the tonic there).
        for (const voice of ['kick', 'crash'] as const) hits.push({ time: grid.seconds(barBeat), voice, velocity: Math.min(1, 0.9 * loudness) });
        continue;
      }
      const fill = bar === section.bars - 1 && !isLastSection && section.bars >= 2;
      const written = barPattern(groove, feel, bar, section.bars, fill);
      const pattern = feel === 'full' && !fill && intensity === 'driving' ? drivingPattern(written, genre) : written;
      for (const [voice, steps] of Object.entries(pattern) as [DrumVoice, string][]) {
        if (section.kind === 'breakdown' && voice === 'kick' && !fill) continue;
        for (let step = 0; step < stepsPerBar; step++) {
          const strength = STEP_VELOCITY[steps[step % steps.length]];
          if (!strength) continue;
          hits.push({
            time: grid.seconds(barBeat + step / 4),
            voice,
            velocity: Math.min(1, Math.max(0.05, strength * (CYMBALS.has(voice) ? cymbalLoudness : loudness) + jitter.float(-0.04, 0.04))),
          });
        }
      }
    }
    if (sectionIndex > 0 && (feel === 'full' || section.kind === 'drop')) {
      hits.push({ time: grid.seconds(section.startBar * genre.beatsPerBar), voice: 'crash', velocity: Math.min(1, 0.75 + 0.25 * section.energy) });
    }
  });
  return hits.sort((a, b) => a.time - b.time || a.voice.localeCompare(b.voice));
}
