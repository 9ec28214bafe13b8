import { describe, expect, it } from 'vitest';
import { compose } from '../compose/index.js';
import { writeLyrics } from '../lyrics/index.js';
import { planSong } from '../plan/understand.js';
import type { Composition, StereoAudio } from '../types.js';
import { addVocals } from './mix.js';
import { backingKey, phraseKey } from './phrase-sounds.js';
import { renderPhrase, type PhraseRenderJob } from './phrase-render.js';
import type { EngineJob } from '../render/engine-jobs.js';
import type { EnginePool } from '../render/worker-pool.js';

const SR = 44100;

function song(seed: number, durationSeconds: number): Composition {
  const plan = planSong({ prompt: 'pop song about city lights', genres: [], moods: [], generateLyrics: true, generateAlbumArt: false, durationSeconds, seed });
  return compose(plan, writeLyrics(plan));
}

/** A steady band: seeded noise at a constant level. */
function band(seconds: number): StereoAudio {
  const n = Math.round(seconds * SR);
  const left = new Float32Array(n);
  const right = new Float32Array(n);
  let state = 12345;
  for (let i = 0; i < n; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    left[i] = (state / 2 ** 32 - 0.5) * 0.2;
    right[i] = -left[i];
  }
  return { sampleRate: SR, left, right };
}

const rms = (x: Float32Array, from: number, to: number): number => {
  let sum = 0;
  for (let i = Math.round(from * SR); i < Math.round(to * SR); i++) sum += x[i] * x[i];
  return Math.sqrt(sum / (Math.round(to * SR) - Math.round(from * SR)));
};

describe('vocals in the mix', () => {
  // The lead alone: the backing voices' vowels (in the sections without lyrics) have their own tests (backing.test.ts).
  const sung = song(4, 45);
  const vocals = { ...sung.vocals!, backing: undefined };
  const composition = { ...sung, vocals };

  it("ducks the band by the vocal part's depth while the voice sings and puts the voice on top", async () => {
    const before = band(composition.durationSeconds + 2);
    const after = { sampleRate: SR, left: before.left.slice(), right: before.right.slice() };
    await addVocals(composition, after, null);
    const phrase = vocals.phrases[0];
    const middle = (phrase.start + phrase.end) / 2;
    // The band alone (what changed is the ducked band plus the voice): band * g + voice.
    const voice = new Float32Array(after.left.length);
    const duck = 10 ** (-vocals.duckDb / 20);
    for (let i = 0; i < voice.length; i++) voice[i] = after.left[i] - before.left[i] * duck;
    expect(rms(voice, middle - 0.5, middle + 0.5)).toBeGreaterThan(rms(before.left, middle - 0.5, middle + 0.5) * duck);
    // Far from any phrase the band is untouched.
    const firstStart = vocals.phrases[0].start;
    expect(firstStart).toBeGreaterThan(2);
    let changed = 0;
    for (let i = 0; i < Math.round((firstStart - 1) * SR); i++) if (after.left[i] !== before.left[i]) changed++;
    expect(changed).toBe(0);
    // Between two phrases, a held vowel: the band sits duckDb lower (the voice is the rest).
    const heldVowel = phrase.notes.flatMap((note) => note.phones).find((p) => /\d$/.test(p.phone) && p.end - p.start > 0.3)!;
    const t = heldVowel.start + 0.05;
    const bandOnly = { sampleRate: SR, left: before.left.slice(), right: before.right.slice() };
    await addVocals({ ...composition, vocals: { ...vocals, gainDb: -200 } }, bandOnly, null);
    expect(rms(bandOnly.left, t, t + 0.2) / rms(before.left, t, t + 0.2)).toBeCloseTo(duck, 2);
  });

  it('renders a returning chorus line (and a repeated backing phrase) once, on the pool', async () => {
    const composition = song(4, 100);
    const vocals = composition.vocals!;
    const distinctLead = new Set(vocals.phrases.map((phrase) => phraseKey(phrase, vocals.voice)));
    // A backing chord's voices (phrases starting together) are sung as one job.
    const chords = new Map<number, string[]>();
    for (const phrase of vocals.backing!) chords.set(phrase.start, [...(chords.get(phrase.start) ?? []), backingKey(phrase, vocals.voice)]);
    const distinctBacking = new Set([...chords.values()].map((keys) => keys.join('+')));
    expect(distinctLead.size).toBeLessThan(vocals.phrases.length);
    expect(distinctBacking.size).toBeLessThan(chords.size);
    const jobs: PhraseRenderJob[] = [];
    const pool = {
      workers: 2,
      run: <R,>(job: EngineJob): Promise<R> => {
        if (job.kind !== 'sing') throw new Error(`unexpected job ${job.kind}`);
        jobs.push(job.job);
        return Promise.resolve(renderPhrase(job.job) as R);
      },
    } as unknown as EnginePool;
    const length = Math.round((composition.durationSeconds + 2) * SR);
    const onPool = { sampleRate: SR, left: new Float32Array(length), right: new Float32Array(length) };
    await addVocals(composition, onPool, pool);
    expect(jobs).toHaveLength(distinctLead.size + distinctBacking.size);
    const inline = { sampleRate: SR, left: new Float32Array(length), right: new Float32Array(length) };
    await addVocals(composition, inline, null);
    expect(Buffer.from(onPool.left.buffer).equals(Buffer.from(inline.left.buffer))).toBe(true);
  });

  it('leaves an instrumental untouched', async () => {
    const before = band(5);
    const after = { sampleRate: SR, left: before.left.slice(), right: before.right.slice() };
    await addVocals({ ...composition, vocals: null }, after, null);
    expect(after.left).toEqual(before.left);
  });
});
