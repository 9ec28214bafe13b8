/**
 * Small hand-written compositions for the sound engine's tests and benchmarks of its own stages
 * (independent of the composer). A I-V-vi-IV loop with pad, bass, lead and drums.
 */
import type { Composition, DrumHit, DrumKitId, InstrumentId, NoteEvent, Track, TrackRole } from '../types.js';

export interface FixtureOptions {
  seconds: number;
  bpm?: number;
  kit?: DrumKitId;
  lead?: InstrumentId;
  chords?: InstrumentId;
  bass?: InstrumentId;
  sidechain?: boolean;
  lofi?: number;
  delayTime?: number;
}

const PROGRESSION = [
  [60, 64, 67],
  [55, 59, 62],
  [57, 60, 64],
  [53, 57, 60],
];
const MELODY = [72, 74, 76, 79, 76, 74, 72, 69];

function track(id: string, role: TrackRole, instrument: InstrumentId, notes: NoteEvent[], pan: number, sidechain: boolean): Track {
  return { id, role, instrument, notes, gainDb: role === 'bass' ? -2 : -4, pan, reverbSend: role === 'bass' ? 0.05 : 0.3, delaySend: role === 'lead' ? 0.25 : 0, sidechain };
}

export function fixtureComposition(o: FixtureOptions): Composition {
  const bpm = o.bpm ?? 120;
  const beat = 60 / bpm;
  const bar = beat * 4;
  const totalBars = Math.max(1, Math.floor(o.seconds / bar));
  const duration = totalBars * bar;
  const chords: NoteEvent[] = [];
  const bass: NoteEvent[] = [];
  const lead: NoteEvent[] = [];
  const hits: DrumHit[] = [];
  for (let b = 0; b < totalBars; b++) {
    const t = b * bar;
    const chord = PROGRESSION[b % PROGRESSION.length];
    for (const p of chord) chords.push({ start: t, duration: bar * 0.95, pitch: p, velocity: 0.6 });
    for (let q = 0; q < 4; q++) bass.push({ start: t + q * beat, duration: beat * 0.8, pitch: chord[0] - 24, velocity: q === 0 ? 0.9 : 0.7 });
    for (let e = 0; e < 8; e += 2) lead.push({ start: t + e * beat * 0.5, duration: beat * 0.9, pitch: MELODY[(b * 4 + e / 2) % MELODY.length], velocity: 0.75 });
    for (let q = 0; q < 4; q++) {
      hits.push({ time: t + q * beat, voice: 'kick', velocity: 0.95 });
      if (q % 2 === 1) hits.push({ time: t + q * beat, voice: 'snare', velocity: 0.85 });
      hits.push({ time: t + q * beat + beat / 2, voice: 'closed-hat', velocity: 0.6 });
    }
  }
  const sidechain = o.sidechain ?? false;
  return {
    bpm,
    beatsPerBar: 4,
    swing: 0,
    key: { tonic: 'C', mode: 'major' },
    durationSeconds: duration,
    totalBars,
    sections: [{ kind: 'verse', label: 'Verse 1', startBar: 0, bars: totalBars, start: 0, end: duration, energy: 0.6 }],
    chords: [],
    tracks: [
      track('chords', 'chords', o.chords ?? 'synth-pad', chords, -0.2, sidechain),
      track('bass', 'bass', o.bass ?? 'synth-bass', bass, 0, false),
      track('lead', 'lead', o.lead ?? 'synth-lead', lead, 0.15, false),
    ],
    drums: { kit: o.kit ?? 'electronic', hits, gainDb: -2 },
    mix: { reverb: 0.4, brightness: 0.6, sidechain, compression: 0.4, delayTime: o.delayTime ?? beat * 0.75, lofi: o.lofi ?? 0 },
    lyricLines: [],
  };
}
