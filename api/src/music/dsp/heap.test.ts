import { describe, expect, it } from 'vitest';
import { KernelHeap } from './heap.js';

/** Deterministic test signal in -1..1. */
function signal(length: number, seed: number): Float32Array {
  const out = new Float32Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out[i] = x / 1073741824 - 1;
  }
  return out;
}

describe('KernelHeap', () => {
  it('hands out zeroed, aligned views and takes them back at a mark', () => {
    const heap = new KernelHeap();
    const a = heap.alloc(5);
    a.fill(3);
    const mark = heap.mark();
    const b = heap.alloc(7);
    expect(b.byteOffset % 16).toBe(0);
    expect(b.byteOffset).toBeGreaterThanOrEqual(a.byteOffset + 20);
    b.fill(9);
    heap.release(mark);
    const c = heap.alloc(7);
    expect(c.byteOffset).toBe(b.byteOffset);
    expect([...c]).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect([...a]).toEqual([3, 3, 3, 3, 3]);
    expect(() => heap.release(mark + 1e9)).toThrow(/mark/);
  });

  it('grows without invalidating earlier views', () => {
    const heap = new KernelHeap();
    const first = heap.copy(signal(1000, 1));
    const before = heap.size;
    const big = heap.alloc(8_000_000);
    expect(heap.size).toBeGreaterThan(before);
    expect(first.length).toBe(1000);
    expect(first[999]).toBe(signal(1000, 1)[999]);
    // Kernels reach both the old and the new memory.
    heap.kernels.mixInto(heap.ptr(big) + 4 * 7_999_000, heap.ptr(first), 1000, 2);
    expect(big[7_999_999]).toBeCloseTo(2 * first[999], 6);
  });

  it('refuses arrays from outside the heap', () => {
    const heap = new KernelHeap();
    expect(() => heap.ptr(new Float32Array(4))).toThrow(/own heap/);
    expect(() => heap.ptr(new KernelHeap().alloc(4))).toThrow(/own heap/);
  });
});

describe('mixing kernels', () => {
  const heap = new KernelHeap();

  it('mixInto adds a scaled source at any offset and length (vector body and scalar tail)', () => {
    const src = heap.copy(signal(1003, 2));
    const dst = heap.copy(signal(1010, 3));
    const expected = Float32Array.from(dst);
    for (let i = 0; i < 1001; i++) expected[i + 5] += src[i + 1] * 0.3;
    heap.kernels.mixInto(heap.ptr(dst) + 5 * 4, heap.ptr(src) + 4, 1001, 0.3);
    for (let i = 0; i < dst.length; i++) expect(dst[i]).toBeCloseTo(expected[i], 6);
  });

  it('multiplyInto scales sample by sample', () => {
    const x = heap.copy(signal(67, 4));
    const by = heap.copy(signal(67, 5));
    const expected = x.map((v, i) => v * by[i]);
    heap.kernels.multiplyInto(heap.ptr(x), heap.ptr(by), 67);
    for (let i = 0; i < 67; i++) expect(x[i]).toBeCloseTo(expected[i], 6);
  });

  it('sendTrack feeds each bus with its own gain, with or without the optional buses', () => {
    const x = heap.copy(signal(101, 6));
    const buses = Array.from({ length: 6 }, () => heap.alloc(101));
    const [left, right, reverb, delay, chorusLeft, chorusRight] = buses;
    const gains = [0.5, 0.4, 0.3, 0.2, 0.1, 0.05];
    heap.kernels.sendTrack(heap.ptr(x), 101, heap.ptr(left), heap.ptr(right), heap.ptr(reverb), heap.ptr(delay), heap.ptr(chorusLeft), heap.ptr(chorusRight), ...(gains as [number, number, number, number, number, number]));
    buses.forEach((bus, b) => {
      for (let i = 0; i < 101; i++) expect(bus[i]).toBeCloseTo(x[i] * gains[b], 6);
    });
    const dry = Array.from({ length: 3 }, () => heap.alloc(101));
    heap.kernels.sendTrack(heap.ptr(x), 101, heap.ptr(dry[0]), heap.ptr(dry[1]), heap.ptr(dry[2]), 0, 0, 0, 1, 1, 1, 0, 0, 0);
    expect(dry[2][100]).toBeCloseTo(x[100], 6);
    expect(dry[0][100]).toBeCloseTo(x[100], 6);
  });
});
