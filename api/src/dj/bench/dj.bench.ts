/**
 * `npm run bench:dj`: the DJ planner's figures on the demo catalogue plus 100 generated songs.
 *
 * The songs are the engine's own plans (planSong: the genre, mood, BPM and key a rendered song
 * carries): the demo catalogue's requests (one per radio genre, its seeds) and 100 requests of random
 * genres and moods. Rendering them for their measured energy curves would take about an hour on
 * this machine, so their energy is the radio's mood-and-tempo estimate (docs/dj.md).
 * Plans an hour from every second hour of the day under the default schedule and the three
 * presets, and prints mean absolute energy error, the share of harmonic / tempo-compatible
 * transitions and planning time, with a random order of the same songs for comparison.
 */
import { planSong } from '../../music/plan/understand.js';
import { GENRES, MOODS } from '../../music/plan/catalog.js';
import { Random } from '../../music/random.js';
import { RADIO_LINEUP } from '../../radio/stations.js';
import { transitionOf } from '../../radio/camelot.js';
import { songEnergy } from '../../radio/scoring.js';
import { DEFAULT_SCHEDULE, SCHEDULE_PRESETS } from '../../schedules/energy-schedule.js';
import { planSet, setFigures, type PlannedSlot, type PlannerSong } from '../planner.js';
import { targetTimeline } from '../target.js';

const GENERATED = 100;
const random = new Random(14);

function songOf(id: string, plan: ReturnType<typeof planSong>): PlannerSong {
  return { id, genre: plan.genre, mood: plan.mood, bpm: plan.bpm, musicalKey: `${plan.key.tonic} ${plan.key.mode}`, curveEnergy: null, familiarity: 0, duration: plan.durationSeconds, recentRank: null };
}

const demo = RADIO_LINEUP.map((station, index) =>
  songOf(`demo-${station.genre}`, planSong({ prompt: `${station.mood} ${station.genre}: ${station.description}`, genres: [station.genre], moods: [station.mood], durationSeconds: 60, seed: 1000 + index, generateLyrics: false, generateAlbumArt: false })),
);
const generated = Array.from({ length: GENERATED }, (_, i) => {
  const genre = GENRES[random.int(0, GENRES.length - 1)].id;
  const mood = MOODS[random.int(0, MOODS.length - 1)].id;
  return songOf(`gen-${i}`, planSong({ prompt: `${mood} ${genre} song number ${i}`, genres: [genre], moods: [mood], durationSeconds: random.int(120, 240), seed: 5000 + i, generateLyrics: false, generateAlbumArt: false }));
});
const library = [...demo, ...generated];

const schedules = [{ name: 'Default', schedule: DEFAULT_SCHEDULE }, ...SCHEDULE_PRESETS];
const day = Date.UTC(2026, 10, 23); // a Monday
const rows: Array<{ figures: ReturnType<typeof setFigures>; baseline: ReturnType<typeof setFigures>; ms: number; songs: number }> = [];
for (const { schedule } of schedules) {
  for (let hour = 0; hour < 24; hour += 2) {
    const target = targetTimeline(schedule, [], 'UTC', day + hour * 3600_000);
    const started = performance.now();
    const plan = planSet({ candidates: library, target: target.at, previous: null, previousRemainingSeconds: 0 });
    const ms = performance.now() - started;
    rows.push({ figures: setFigures(plan), baseline: setFigures(randomOrder(plan.length, target.at)), ms, songs: plan.length });
  }
}

/** The same number of songs in a random order: what the figures look like without planning. */
function randomOrder(count: number, at: (seconds: number) => { energy: number }): Array<Pick<PlannedSlot<PlannerSong>, 'energy' | 'targetEnergy' | 'harmonic' | 'tempo'>> {
  const pool = [...library];
  const picks: PlannerSong[] = [];
  while (picks.length < count && pool.length) picks.push(pool.splice(random.int(0, pool.length - 1), 1)[0]);
  let elapsed = 0;
  return picks.map((song, i) => {
    const slot = { energy: songEnergy(song), targetEnergy: at(elapsed + (song.duration ?? 180) / 2).energy, ...(i ? transitionOf(picks[i - 1], song) : { harmonic: true, tempo: true }) };
    elapsed += song.duration ?? 180;
    return slot;
  });
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
const sorted = rows.map((r) => r.ms).sort((a, b) => a - b);
const summary = (pick: (r: (typeof rows)[number]) => ReturnType<typeof setFigures>) => ({
  error: mean(rows.map((r) => pick(r).meanAbsoluteEnergyError)).toFixed(3),
  harmonic: pct(mean(rows.map((r) => pick(r).harmonicShare))),
  tempo: pct(mean(rows.map((r) => pick(r).tempoShare))),
  both: pct(mean(rows.map((r) => pick(r).compatibleShare))),
});
const planned = summary((r) => r.figures);
const baseline = summary((r) => r.baseline);
console.log(`DJ planner on ${demo.length} demo-catalogue songs + ${generated.length} generated songs (${library.length} in all)`);
console.log(`${rows.length} one-hour plans (${schedules.map((s) => s.name).join(', ')}; every second hour of a Monday), ${mean(rows.map((r) => r.songs)).toFixed(1)} songs per plan`);
console.log('                                planner     random order');
console.log(`mean absolute energy error      ${planned.error.padEnd(12)}${baseline.error}`);
console.log(`harmonic transitions            ${planned.harmonic.padEnd(12)}${baseline.harmonic}`);
console.log(`tempo-compatible transitions    ${planned.tempo.padEnd(12)}${baseline.tempo}`);
console.log(`both                            ${planned.both.padEnd(12)}${baseline.both}`);
console.log(`planning time per plan          p50 ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, max ${sorted[sorted.length - 1].toFixed(0)} ms`);
console.log(`machine load average            ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
