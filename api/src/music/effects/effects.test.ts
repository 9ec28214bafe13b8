import { describe, expect, it } from 'vitest';
import { KernelHeap } from '../dsp/heap.js';
import { addChorusBus, chorusHistory } from './chorus.js';
import { applyPingPongDelay, DelayStream } from './delay.js';
import { applyTapeWowAndTone, TapeStream } from './lofi.js';
import { applyReverb, ReverbStream } from './reverb.js';
import { ToneShelves } from './tone-shelves.js';

const SR = 44100;
const heap = new KernelHeap();

function energyDb(x: Float32Array, fromSeconds: number, toSeconds: number): number {
  let sum = 0;
  for (let i = Math.round(fromSeconds * SR); i < Math.round(toSeconds * SR); i++) sum += x[i] * x[i];
  return 10 * Math.log10(sum + 1e-30);
}

describe('reverb', () => {
  it('decays by 60 dB in the set RT60, on both sides, decorrelated', () => {
    const n = 3 * SR;
    const input = heap.alloc(n);
    input[100] = 1;
    const left = heap.alloc(n);
    const right = heap.alloc(n);
    applyReverb(heap, input, left, right, n, { rt60: 1.2, dampingHz: 9000, preDelay: 0.02, wet: 0.5 }, SR, 0);
    // Slope over 0.3..0.9 s, in windows of 0.1 s.
    const slope = (energyDb(left, 0.8, 0.9) - energyDb(left, 0.3, 0.4)) / 0.5;
    expect(slope * 1.2).toBeGreaterThan(-60 * 1.25);
    expect(slope * 1.2).toBeLessThan(-60 * 0.75);
    expect(energyDb(right, 0.3, 0.4)).toBeGreaterThan(energyDb(right, 0.8, 0.9) + 15);
    let same = 0;
    for (let i = 0; i < n; i++) if (left[i] === right[i]) same++;
    expect(same / n).toBeLessThan(0.05);
    expect(left.every(Number.isFinite)).toBe(true);
  });

  it('is linear across chunks: two halves reverberated apart sum to the whole', () => {
    const n = 2 * SR;
    const input = heap.alloc(n);
    for (let i = 0; i < n; i += 5000) input[i] = 0.5;
    const wholeL = heap.alloc(n);
    const wholeR = heap.alloc(n);
    const settings = { rt60: 0.8, dampingHz: 6000, preDelay: 0.015, wet: 0.4 };
    applyReverb(heap, input, wholeL, wholeR, n, settings, SR, 0);
    const cut = 30001; // odd: the second chunk starts in the middle of a half-rate pair
    const firstIn = heap.alloc(n);
    firstIn.set(input.subarray(0, cut));
    const secondIn = heap.alloc(n - cut);
    secondIn.set(input.subarray(cut));
    const sumL = heap.alloc(n);
    const sumR = heap.alloc(n);
    applyReverb(heap, firstIn, sumL, sumR, n, settings, SR, 0);
    applyReverb(heap, secondIn, sumL.subarray(cut), sumR.subarray(cut), n - cut, settings, SR, cut);
    let maxDiff = 0;
    for (let i = 0; i < n; i++) maxDiff = Math.max(maxDiff, Math.abs(sumL[i] - wholeL[i]), Math.abs(sumR[i] - wholeR[i]));
    expect(maxDiff).toBeLessThan(1e-5);
  });
});

describe('ping-pong delay', () => {
  it('echoes at the delay time, alternating sides, each quieter than the last', () => {
    const n = SR;
    const input = heap.alloc(n);
    input[0] = 1;
    const left = heap.alloc(n);
    const right = heap.alloc(n);
    applyPingPongDelay(heap, input, left, right, n, { time: 0.1, feedback: 0.5, wet: 0.5, toneHz: 20000 }, SR);
    const at = (x: Float32Array, seconds: number): number => Math.max(...x.subarray(Math.round(seconds * SR) - 2, Math.round(seconds * SR) + 3).map(Math.abs));
    expect(at(left, 0.1)).toBeGreaterThan(0.2);
    expect(at(right, 0.1)).toBeLessThan(1e-6);
    expect(at(right, 0.2)).toBeGreaterThan(0.05);
    expect(at(right, 0.2)).toBeLessThan(at(left, 0.1));
    expect(at(left, 0.3)).toBeLessThan(at(right, 0.2));
  });
});

describe('chorus bus', () => {
  it('returns the bus about 12 ms late on each side', () => {
    const n = SR / 4;
    const bus = heap.alloc(n);
    bus[1000] = 1;
    const left = heap.alloc(n);
    const right = heap.alloc(n);
    addChorusBus(heap, bus, bus, 0, left, right, 0, n, 0, SR);
    const peak = (x: Float32Array): number => x.indexOf(Math.max(...x));
    expect(Math.abs(peak(left) - 1000 - 0.012 * SR)).toBeLessThan(0.003 * SR);
    expect(Math.abs(peak(right) - 1000 - 0.012 * SR)).toBeLessThan(0.003 * SR);
  });
});

describe('tape wow and tone', () => {
  it('low-passes more with more lo-fi, and leaves a low tone at its level', () => {
    const n = SR;
    const tone = (hz: number, amount: number): number => {
      const left = heap.alloc(n);
      const right = heap.alloc(n);
      for (let i = 0; i < n; i++) left[i] = right[i] = Math.sin((2 * Math.PI * hz * i) / SR);
      applyTapeWowAndTone(heap, left, right, n, amount, 0, SR);
      return energyDb(right, 0.5, 0.9) - 10 * Math.log10(0.5 * 0.4 * SR);
    };
    expect(Math.abs(tone(200, 0.8))).toBeLessThan(0.5);
    // A worn tape's top: 0.8 cuts at 13.6 kHz, so a tone above it falls and falls further than at 0.2.
    expect(tone(16000, 0.8)).toBeLessThan(-10);
    expect(tone(16000, 0.8)).toBeLessThan(tone(16000, 0.2) - 6);
  });
});

describe('tone shelves', () => {
  const tone = (hz: number, seconds: number, phase = 0): Float32Array => {
    const x = heap.alloc(Math.round(seconds * SR));
    for (let i = 0; i < x.length; i++) x[i] = 0.5 * Math.sin((2 * Math.PI * hz * i) / SR + phase);
    return x;
  };
  const settings = { lowHz: 150, lowDb: -4, highHz: 4000, highDb: 6 };

  it('cut the bottom and lift the top by their settings, each channel on its own', () => {
    const shelves = new ToneShelves(heap, settings, SR);
    const low = tone(50, 1);
    const high = tone(12000, 1);
    const levelBefore = [energyDb(low, 0.5, 1), energyDb(high, 0.5, 1)];
    shelves.process(low, high);
    expect(energyDb(low, 0.5, 1) - levelBefore[0]).toBeCloseTo(-4, 0);
    expect(energyDb(high, 0.5, 1) - levelBefore[1]).toBeCloseTo(6, 0);
  });

  it('keep their state between calls: a stretch filtered in two pieces equals one pass', () => {
    const whole = [tone(440, 0.5), tone(7000, 0.5, 1)];
    const pieces = whole.map((x) => heap.copy(x));
    new ToneShelves(heap, settings, SR).process(whole[0], whole[1]);
    const split = new ToneShelves(heap, settings, SR);
    const cut = 10_001;
    split.process(pieces[0].subarray(0, cut), pieces[1].subarray(0, cut));
    split.process(pieces[0].subarray(cut), pieces[1].subarray(cut));
    expect(pieces[0]).toEqual(whole[0]);
    expect(pieces[1]).toEqual(whole[1]);
  });

});


describe('block by block', () => {
  // A slice renders its buses in blocks, the effects carrying their state over: every sample must
  // come out bit for bit as from one pass over the whole signal (the songs' bytes depend on it).
  const n = 70001;
  // Odd blocks and an odd offset: blocks start inside the reverb's half-rate pairs and the LFO grids.
  const blocks = [0, 9999, 33333, 40000, n];
  const absoluteOffset = 12345;
  const noise = (seed: number): Float32Array => {
    const x = heap.alloc(n);
    let s = seed;
    for (let i = 0; i < n; i++) {
      s = (s * 1103515245 + 12345) % 2147483648;
      x[i] = (s / 2147483648 - 0.5) * (i % 20000 < 12000 ? 1 : 0);
    }
    return x;
  };
  const expectBlocksEqual = (whole: Float32Array[], run: (from: number, to: number, outL: Float32Array, outR: Float32Array) => void): void => {
    const [wholeL, wholeR] = whole;
    const outL = heap.alloc(n);
    const outR = heap.alloc(n);
    for (let b = 0; b + 1 < blocks.length; b++) run(blocks[b], blocks[b + 1], outL.subarray(blocks[b], blocks[b + 1]), outR.subarray(blocks[b], blocks[b + 1]));
    expect(Buffer.from(outL.buffer, outL.byteOffset, outL.byteLength).equals(Buffer.from(wholeL.buffer, wholeL.byteOffset, wholeL.byteLength))).toBe(true);
    expect(Buffer.from(outR.buffer, outR.byteOffset, outR.byteLength).equals(Buffer.from(wholeR.buffer, wholeR.byteOffset, wholeR.byteLength))).toBe(true);
  };

  it('reverb', () => {
    const input = noise(1);
    const settings = { rt60: 2.5, dampingHz: 7000, preDelay: 0.03, wet: 0.6 };
    const wholeL = heap.alloc(n);
    const wholeR = heap.alloc(n);
    applyReverb(heap, input, wholeL, wholeR, n, settings, SR, absoluteOffset);
    const stream = new ReverbStream(heap, settings, SR, n, absoluteOffset, 40000);
    expectBlocksEqual([wholeL, wholeR], (from, to, outL, outR) => {
      const start = Math.max(0, from - stream.history);
      stream.process(input.subarray(start, to), start, outL, outR, from, to);
    });
  });

  it('ping-pong delay', () => {
    const input = noise(2);
    const settings = { time: 0.3, feedback: 0.38, wet: 0.45, toneHz: 4000 };
    const wholeL = heap.alloc(n);
    const wholeR = heap.alloc(n);
    applyPingPongDelay(heap, input, wholeL, wholeR, n, settings, SR);
    const stream = new DelayStream(heap, settings, SR);
    expectBlocksEqual([wholeL, wholeR], (from, to, outL, outR) => stream.process(input.subarray(from, to), outL, outR));
  });

  it('chorus', () => {
    const busL = noise(3);
    const busR = noise(4);
    const wholeL = heap.alloc(n);
    const wholeR = heap.alloc(n);
    addChorusBus(heap, busL, busR, 0, wholeL, wholeR, 0, n, absoluteOffset, SR);
    expectBlocksEqual([wholeL, wholeR], (from, to, outL, outR) => {
      const start = Math.max(0, from - chorusHistory(SR));
      addChorusBus(heap, busL.subarray(start, to), busR.subarray(start, to), start, outL, outR, from, to, absoluteOffset, SR);
    });
  });

  it('tape wow and tone', () => {
    const wholeL = noise(5);
    const wholeR = noise(6);
    const left = heap.copy(wholeL);
    const right = heap.copy(wholeR);
    applyTapeWowAndTone(heap, wholeL, wholeR, n, 0.7, absoluteOffset, SR);
    const stream = new TapeStream(heap, 0.7, absoluteOffset, SR);
    expectBlocksEqual([wholeL, wholeR], (from, to, outL, outR) => {
      outL.set(left.subarray(from, to));
      outR.set(right.subarray(from, to));
      stream.process(outL, outR, from, to);
    });
  });
});
