import { describe, expect, it } from 'vitest';
import { returnMix, takeMix } from './mix-buffers.js';

const SR = 44100;

describe('mix buffers', () => {
  it('gives a returned mix to the next song of about its length', () => {
    const first = takeMix(180 * SR, SR);
    expect(first.left.length).toBe(180 * SR);
    expect(first.left.buffer).toBeInstanceOf(SharedArrayBuffer);
    returnMix(first);
    const next = takeMix(184 * SR, SR);
    expect(next.left.buffer).toBe(first.left.buffer);
    expect(next.right.buffer).toBe(first.right.buffer);
    expect(next.left.length).toBe(184 * SR);
    // Handed out again: a second song at the same time gets its own.
    expect(takeMix(180 * SR, SR).left.buffer).not.toBe(first.left.buffer);
  });

  it("keeps a long song's mix from a much shorter song, and ignores audio it did not make", () => {
    const long = takeMix(480 * SR, SR);
    returnMix(long);
    expect(takeMix(60 * SR, SR).left.buffer).not.toBe(long.left.buffer);
    const foreign = { sampleRate: SR, left: new Float32Array(new SharedArrayBuffer(4 * SR)), right: new Float32Array(new SharedArrayBuffer(4 * SR)) };
    returnMix(foreign);
    expect(takeMix(SR, SR).left.buffer).not.toBe(foreign.left.buffer);
    expect(takeMix(470 * SR, SR).left.buffer).toBe(long.left.buffer);
  });
});
