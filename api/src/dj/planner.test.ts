import { describe, expect, it } from 'vitest';
import { Random } from '../music/random.js';
import { songEnergy } from '../radio/scoring.js';
import { keysCompatible, camelotOf, temposCompatible } from '../radio/camelot.js';
import { planSet, setFigures, type PlannerSong, type TargetAt } from './planner.js';

const MINOR_KEYS = ['A', 'E', 'B', 'F#', 'C#', 'G#', 'D#', 'A#', 'F', 'C', 'G', 'D'].map((tonic) => `${tonic} minor`);

let made = 0;
function song(fields: Partial<PlannerSong> = {}): PlannerSong {
  made += 1;
  return { id: `s${made}`, genre: 'house', mood: null, bpm: 120, musicalKey: 'A minor', curveEnergy: 0.5, familiarity: 0, duration: 180, recentRank: null, ...fields };
}

/** Songs at 120 BPM in every minor key at 11 energy levels: a library where every transition can be compatible. */
function wheelLibrary(): PlannerSong[] {
  const songs: PlannerSong[] = [];
  for (const key of MINOR_KEYS) for (let level = 0; level <= 10; level += 1) songs.push(song({ musicalKey: key, curveEnergy: level / 10 }));
  return songs;
}

/** A target rising linearly across the hour between the energies a 120 BPM song without a mood can have. */
function rising(): (seconds: number) => TargetAt {
  const low = songEnergy(song({ curveEnergy: 0 }));
  const high = songEnergy(song({ curveEnergy: 1 }));
  return (seconds) => ({ energy: low + (high - low) * Math.min(1, seconds / 3600), moods: [] });
}

describe('planSet', () => {
  it('follows the target energy closely while every transition is harmonic and tempo-compatible', () => {
    const previous = { bpm: 120, musicalKey: 'A minor' };
    const plan = planSet({ candidates: wheelLibrary(), target: rising(), previous, previousRemainingSeconds: 30 });
    expect(plan.length).toBe(20);
    const figures = setFigures(plan);
    expect(figures.meanAbsoluteEnergyError).toBeLessThan(0.03);
    expect(figures.compatibleShare).toBe(1);
    // Checked independently of the planner's own flags.
    [previous, ...plan.map((slot) => slot.song)].slice(1).forEach((to, i, songs) => {
      const from = i === 0 ? previous : songs[i - 1];
      expect(keysCompatible(camelotOf(from.musicalKey), camelotOf(to.musicalKey)), `${from.musicalKey} -> ${to.musicalKey}`).toBe(true);
      expect(temposCompatible(from.bpm, to.bpm)).toBe(true);
    });
  });

  it('keeps transitions compatible in a random library when it allows, and says when it does not', () => {
    const random = new Random(7);
    const library = Array.from({ length: 300 }, () =>
      song({ musicalKey: MINOR_KEYS[random.int(0, 11)], bpm: [100, 110, 120, 128, 140][random.int(0, 4)], curveEnergy: random.next(), mood: null }),
    );
    const plan = planSet({ candidates: library, target: rising(), previous: null, previousRemainingSeconds: 0 });
    const figures = setFigures(plan);
    expect(figures.compatibleShare).toBe(1);
    expect(figures.meanAbsoluteEnergyError).toBeLessThan(0.08);

    // Two songs that cannot mix: the planner still plays them, and flags the clash.
    const clash = planSet({ candidates: [song({ musicalKey: 'A minor', bpm: 90 }), song({ musicalKey: 'D# minor', bpm: 150 })], target: rising(), previous: null, previousRemainingSeconds: 0 });
    expect(clash).toHaveLength(2);
    expect(clash[1].harmonic || clash[1].tempo).toBe(false);
  });

  it('plans no song twice and leaves out songs heard within the repeat window while fresh ones exist', () => {
    const library = wheelLibrary();
    const heard = library.filter((_, i) => i % 3 === 0).map((s, rank) => ({ ...s, recentRank: rank }));
    const candidates = library.map((s) => heard.find((h) => h.id === s.id) ?? s);
    const plan = planSet({ candidates, target: rising(), previous: null, previousRemainingSeconds: 0 });
    const ids = plan.map((slot) => slot.song.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => heard.some((h) => h.id === id))).toEqual([]);
  });

  it('plays a small library once each (no repeats) and prefers the least recently heard when all were heard', () => {
    const small = [song({ recentRank: 0 }), song({ recentRank: 2 }), song({ recentRank: 1 })];
    const plan = planSet({ candidates: small, target: rising(), previous: null, previousRemainingSeconds: 0 });
    expect(plan.map((slot) => slot.song.id).sort()).toEqual(small.map((s) => s.id).sort());
    expect(plan[0].song.id).toBe(small[1].id);
  });

  it('keeps pinned songs in their slots and plans around them', () => {
    const library = wheelLibrary();
    const pinned = song({ musicalKey: 'C minor', curveEnergy: 0.9 });
    const plan = planSet({ candidates: library, target: rising(), previous: null, previousRemainingSeconds: 0, fixed: new Map([[3, pinned]]) });
    expect(plan[3].song.id).toBe(pinned.id);
    expect(plan[3].fixed).toBe(true);
    expect(plan.filter((slot) => slot.song.id === pinned.id)).toHaveLength(1);
    // Songs before and after the pin lead into it and out of it in key where possible.
    expect(plan[3].harmonic && plan[4].harmonic).toBe(true);
  });

  it('avoids songs skipped quickly this session and, less strongly, their genre and mood', () => {
    const skipped = song({ genre: 'techno', mood: 'dark', curveEnergy: 0.5 });
    const twin = song({ genre: 'techno', mood: 'dark', curveEnergy: 0.5 });
    const other = song({ genre: 'house', mood: 'dark', curveEnergy: 0.5 });
    const target = () => ({ energy: songEnergy(skipped), moods: [] });
    const plan = planSet({ candidates: [skipped, twin, other], target, previous: null, previousRemainingSeconds: 0, disliked: [skipped], maxSongs: 2 });
    expect(plan.map((slot) => slot.song.id)).toEqual([other.id, twin.id]);
  });

  it('regenerating with another seed and the old plan penalised gives a different set of similar quality', () => {
    const library = wheelLibrary();
    const first = planSet({ candidates: library, target: rising(), previous: null, previousRemainingSeconds: 0, seed: 1 });
    const again = planSet({ candidates: library, target: rising(), previous: null, previousRemainingSeconds: 0, seed: 2, previousPlan: new Set(first.map((s) => s.song.id)) });
    expect(again.map((s) => s.song.id)).not.toEqual(first.map((s) => s.song.id));
    expect(setFigures(again).compatibleShare).toBe(1);
    expect(setFigures(again).meanAbsoluteEnergyError).toBeLessThan(0.05);
  });

  it('plans up to the horizon: fewer long songs cover the hour', () => {
    const long = wheelLibrary().map((s) => ({ ...s, duration: 600 }));
    const plan = planSet({ candidates: long, target: rising(), previous: null, previousRemainingSeconds: 0 });
    expect(plan).toHaveLength(6);
    expect(plan[5].startSeconds).toBe(3000);
  });
});
