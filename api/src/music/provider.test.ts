import { describe, expect, it, vi } from 'vitest';
import { parseMp3Frames, SAMPLES_PER_FRAME } from './encode/mp3-frames.js';
import { createMusicProvider, LocalMusicEngine, type ProgressEvent, type SongRequest } from './index.js';

const request: SongRequest = {
  prompt: 'neon rain over the harbour',
  genres: ['synthwave'],
  moods: ['dreamy'],
  generateLyrics: true,
  generateAlbumArt: false,
  durationSeconds: 30,
  seed: 11,
};

describe('LocalMusicEngine.generate', () => {
  it('runs every stage, reports progress and timings, and returns a playable, analysed song', async () => {
    const engine = new LocalMusicEngine();
    const events: ProgressEvent[] = [];
    const song = await engine.generate(request, (e) => events.push(e));
    expect(events.map((e) => e.stage)).toEqual(['plan', 'lyrics', 'compose', 'render', 'master', 'encode', 'art']);
    expect(events.map((e) => e.percentage)).toEqual([...events.map((e) => e.percentage)].sort((a, b) => a - b));
    expect(events.at(-1)?.percentage).toBe(100);
    for (const stage of ['plan', 'lyrics', 'compose', 'render', 'master', 'encode', 'analyse', 'firstChunk', 'total']) expect(song.timings[stage]).toBeGreaterThanOrEqual(0);
    expect(song.timings.firstChunk).toBeLessThanOrEqual(song.timings.total);

    const frames = parseMp3Frames(song.mp3);
    const mp3Seconds = (frames.length * SAMPLES_PER_FRAME) / 44100;
    expect(Math.abs(mp3Seconds - song.analysis.durationSeconds)).toBeLessThan(0.1);
    expect(song.analysis.durationSeconds).toBeGreaterThanOrEqual(song.composition.durationSeconds);
    expect(Math.abs(song.analysis.integratedLufs + 14)).toBeLessThanOrEqual(0.5);
    expect(song.analysis.truePeakDbtp).toBeLessThanOrEqual(-1);
    expect(song.analysis.bpm).toBe(song.plan.bpm);
    expect(song.analysis.key).toBe(`${song.plan.key.tonic} ${song.plan.key.mode}`);
    expect(song.analysis.energyCurve.length).toBe(Math.ceil(song.analysis.durationSeconds));
    expect(song.lyrics).not.toBeNull();
    expect(song.lrc).toMatch(/^\[\d\d:\d\d\.\d\d\]/);
    expect(song.cover).toBeNull();
  });

  it('is deterministic: the same request and seed give byte-identical MP3s', async () => {
    const engine = createMusicProvider();
    const a = await engine.generate({ ...request, generateLyrics: false });
    const b = await engine.generate({ ...request, generateLyrics: false });
    expect(Buffer.compare(Buffer.from(a.mp3), Buffer.from(b.mp3))).toBe(0);
    expect(a.analysis).toEqual(b.analysis);
  });

  it('warms up by making a whole short song with lyrics, vocals and art, and drops it', async () => {
    const engine = new LocalMusicEngine();
    const generate = vi.spyOn(engine, 'generate');
    await engine.warmUp();
    expect(generate).toHaveBeenCalledTimes(1);
    expect(generate.mock.calls[0][0]).toMatchObject({ generateLyrics: true, generateAlbumArt: true, durationSeconds: 30 });
    const song = await generate.mock.results[0].value;
    expect(song.composition.vocals?.phrases.length).toBeGreaterThan(0);
    expect(song.cover).not.toBeNull();
    expect(parseMp3Frames(song.mp3).length).toBeGreaterThan(0);
  });

  it('rejects unknown providers', () => {
    expect(() => createMusicProvider('hosted')).toThrow(/Unknown music provider/);
  });
});
