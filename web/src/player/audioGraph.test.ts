import { describe, expect, it } from 'vitest';
import { AudioGraph } from './audioGraph';
import { createFakeAudioRig } from './testSupport/fakeAudio';

describe('AudioGraph', () => {
  it('wires element -> source -> fader -> trim -> music bus -> master -> destination for both decks', () => {
    const rig = createFakeAudioRig();
    const graph = new AudioGraph(rig.context, rig.createElement);
    const [master, music] = rig.context.gains;
    expect(master.outputs).toEqual([rig.context.destination]);
    expect(music.outputs).toEqual([master]);
    expect(rig.elements).toHaveLength(2);
    graph.decks.forEach((deck, index) => {
      const element = rig.elements[index];
      expect(deck.element).toBe(element);
      expect(rig.context.sources.get(element)?.outputs).toEqual([deck.fader]);
      expect((deck.fader as unknown as { outputs: unknown[] }).outputs).toEqual([deck.trim]);
      expect((deck.trim as unknown as { outputs: unknown[] }).outputs).toEqual([music]);
      expect(element.crossOrigin).toBe('anonymous');
      expect(element.preload).toBe('auto');
    });
  });

  it('loads and unloads songs on a deck', () => {
    const rig = createFakeAudioRig();
    const graph = new AudioGraph(rig.context, rig.createElement);
    const deck = graph.decks[0];
    deck.load({ id: 's', title: 'S' }, '/media/s.mp3');
    expect(deck.song?.id).toBe('s');
    expect(rig.elements[0].src).toBe('/media/s.mp3');
    expect(rig.elements[0].loads).toBe(1);
    deck.unload();
    expect(deck.song).toBeNull();
    expect(rig.elements[0].src).toBe('');
  });

  it('setting a gain drops ramps scheduled on it', () => {
    const rig = createFakeAudioRig();
    const graph = new AudioGraph(rig.context, rig.createElement);
    const fader = rig.context.gains[2].gain;
    fader.setValueAtTime(0.2, 5);
    graph.decks[0].setFader(0.7);
    expect(fader.value).toBe(0.7);
    expect(fader.valueAt(10)).toBe(0.7);
  });

  it('makes the DJ voice channel on first use, into the master past the music bus, and ducks the music', () => {
    const rig = createFakeAudioRig();
    const graph = new AudioGraph(rig.context, rig.createElement);
    expect(rig.elements).toHaveLength(2);
    const voice = graph.voice;
    expect(graph.voice).toBe(voice);
    expect(rig.elements).toHaveLength(3);
    const [master, music] = rig.context.gains;
    expect(rig.context.sources.get(rig.elements[2])?.outputs).toEqual([voice.trim]);
    expect((voice.trim as unknown as { outputs: unknown[] }).outputs).toEqual([master]);
    graph.duckMusic(0.3, 0.3);
    expect(music.gain.valueAt(0.31)).toBeCloseTo(0.3);
    expect(music.gain.valueAt(0.15)).toBeGreaterThan(0.3);
    graph.duckMusic(1, 0.6);
    expect(music.gain.valueAt(1)).toBeCloseTo(1);
  });

  it('resumes a suspended context', async () => {
    const rig = createFakeAudioRig();
    const graph = new AudioGraph(rig.context, rig.createElement);
    await graph.resume();
    expect(rig.context.state).toBe('running');
  });
});
