import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followGenerationStream, type GenerationOutcome, type GenerationWatch } from './generationStreamFollower';
import { createEngineHarness, deferred, queue, song, type EngineHarness } from './testSupport/engineHarness';

let h: EngineHarness;
const STORED = song('s1', { title: 'Rain Tape' });

/** A watch whose outcomes the test answers one by one, and whose updates it sends. */
function scriptedWatch() {
  const outcomes: Array<(outcome: GenerationOutcome) => void> = [];
  let send: (requestId: string, status: string) => void = () => undefined;
  const stopped = vi.fn();
  const watch: GenerationWatch = {
    outcome: () => new Promise((resolve) => outcomes.push(resolve)),
    listen: (onUpdate) => {
      send = onUpdate;
      return stopped;
    },
  };
  return { watch, outcomes, send: (requestId: string, status: string) => send(requestId, status), stopped };
}

beforeEach(async () => {
  h = createEngineHarness();
  await h.engine.playGenerationStream({ requestId: 'r1', title: 'Rain Tape', durationSeconds: 180 });
  h.engine.pause();
});

afterEach(() => h.engine.dispose());

describe('following the generation whose stream plays', () => {
  it('asks at once, and again when that request ends; once stored, the player goes on with the stored song', async () => {
    const { watch, outcomes, send, stopped } = scriptedWatch();
    const makeCurrent = vi.fn(async () => ({ ...queue(STORED), version: 2 }));
    followGenerationStream(h.engine, watch, 'r1', makeCurrent, vi.fn());
    expect(outcomes).toHaveLength(1);
    outcomes[0]!({ status: 'generating', song: null });
    send('other', 'completed');
    send('r1', 'generating');
    expect(outcomes).toHaveLength(1);
    send('r1', 'completed');
    expect(outcomes).toHaveLength(2);
    outcomes[1]!({ status: 'completed', song: STORED });
    await vi.waitFor(() => expect(h.engine.getSnapshot().currentSong?.id).toBe('s1'));
    expect(makeCurrent).toHaveBeenCalledWith('s1');
    expect(stopped).toHaveBeenCalled();
  });

  it('asks again when the stream has ended (an update may have been missed)', async () => {
    const { watch, outcomes } = scriptedWatch();
    followGenerationStream(h.engine, watch, 'r1', vi.fn(), vi.fn());
    outcomes[0]!({ status: 'generating', song: null });
    h.element(0).finish();
    expect(outcomes).toHaveLength(2);
  });

  it('a failed request hands the player back to the server’s queue', async () => {
    h.backend.refresh.mockResolvedValue({ ...queue(song('before')), version: 1 });
    const { watch, outcomes, send } = scriptedWatch();
    followGenerationStream(h.engine, watch, 'r1', vi.fn(), vi.fn());
    send('r1', 'failed');
    outcomes[1]!({ status: 'failed', song: null });
    await vi.waitFor(() => expect(h.engine.getSnapshot().currentSong?.id).toBe('before'));
  });

  it('stops once another song is playing', async () => {
    const { watch, outcomes, send, stopped } = scriptedWatch();
    followGenerationStream(h.engine, watch, 'r1', vi.fn(), vi.fn());
    await h.engine.applyQueue({ ...queue(song('picked')), version: 3 }, 'play');
    expect(stopped).toHaveBeenCalled();
    send('r1', 'completed');
    expect(outcomes).toHaveLength(1);
  });

  it('reports a failed look-up', async () => {
    const warn = vi.fn();
    const failing = deferred<GenerationOutcome>();
    const watch: GenerationWatch = { outcome: () => failing.promise, listen: () => () => undefined };
    followGenerationStream(h.engine, watch, 'r1', vi.fn(), warn);
    failing.reject(new Error('offline'));
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('Generation r1 could not be followed', expect.any(Error)));
  });
});
