/**
 * Seeded 2D gradient (Perlin) noise for organic shapes: flow fields, terrain, blobs.
 * The permutation table comes from the caller's Random, so the field is deterministic per seed.
 */
import type { Random } from '../random.js';

export type Noise2D = (x: number, y: number) => number;

const GRADIENTS: ReadonlyArray<readonly [number, number]> = Array.from({ length: 16 }, (_, i) => {
  const angle = (i / 16) * Math.PI * 2;
  return [Math.cos(angle), Math.sin(angle)] as const;
});

function fade(t: number): number {
  return t * t * t * (t * (t * 6 - 15) + 10);
}

/** Returns noise in roughly -1..1 with features about 1 unit apart. */
export function createNoise2D(rng: Random): Noise2D {
  const order = rng.shuffle(Array.from({ length: 256 }, (_, i) => i));
  const perm = new Uint8Array(512);
  for (let i = 0; i < 512; i++) perm[i] = order[i & 255];
  const dot = (ix: number, iy: number, dx: number, dy: number) => {
    const [gx, gy] = GRADIENTS[perm[perm[ix & 255] + (iy & 255)] & 15];
    return gx * dx + gy * dy;
  };
  return (x, y) => {
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const fx = x - x0;
    const fy = y - y0;
    const u = fade(fx);
    const v = fade(fy);
    const top = dot(x0, y0, fx, fy) + u * (dot(x0 + 1, y0, fx - 1, fy) - dot(x0, y0, fx, fy));
    const bottom = dot(x0, y0 + 1, fx, fy - 1) + u * (dot(x0 + 1, y0 + 1, fx - 1, fy - 1) - dot(x0, y0 + 1, fx, fy - 1));
    return (top + v * (bottom - top)) * 1.4;
  };
}

/** Fractal sum of octaves, still roughly -1..1. */
export function fractalNoise(noise: Noise2D, x: number, y: number, octaves: number): number {
  let sum = 0;
  let amplitude = 1;
  let frequency = 1;
  let norm = 0;
  for (let i = 0; i < octaves; i++) {
    sum += amplitude * noise(x * frequency, y * frequency);
    norm += amplitude;
    amplitude *= 0.5;
    frequency *= 2;
  }
  return sum / norm;
}
