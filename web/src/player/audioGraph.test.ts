import { describe, expect, it } from 'vitest';
import { AudioGraph } from './audioGraph';
import { createFakeAudioRig } from './testSupport/fakeAudio';

describe('AudioGraph', () => {
  it('wires element -> source -> fader -> trim -> master -> destination for both decks', () => {
    const rig = createFakeAudioRig();
    const graph = new AudioGraph(rig.context, rig.createElement);
    const [master] = rig.context.gains;
    expect(master.outputs).toEqual([rig.context.destination]);
    expect(rig.elements).toHaveLength(2);
    graph.decks.forEach((deck, index) => {
      const element = rig.elements[index];
      expect(deck.element).toBe(element);
      expect(rig.context.sources.get(element)?.outputs).toEqual([deck.fader]);
      expect((deck.fader as unknown as { outputs: unknown[] }).outputs).toEqual([deck.trim]);
      expect((deck.trim as unknown as { outputs: unknown[] }).outputs).toEqual([master]);
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
    const fader = rig.context.gains[1].gain;
    fader.setValueAtTime(0.2, 5);
    graph.decks[0].setFader(0.7);
    expect(fader.value).toBe(0.7);
    expect(fader.valueAt(10)).toBe(0.7);
  });

  it('resumes a suspended context', async () => {
    const rig = createFakeAudioRig();
    const graph = new AudioGraph(rig.context, rig.createElement);
    await graph.resume();
    expect(rig.context.state).toBe('running');
  });
});
