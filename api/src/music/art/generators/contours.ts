/** Topographic contour lines (marching squares over fractal noise): calm, cartographic. */
import { fractalNoise } from '../noise.js';
import { attrs, polylinePath, type Point } from '../svg.js';
import { paintBackground, type PaintContext } from './context.js';

const GRID = 84;

// Marching-squares edge pairs per cell case; edges: 0 top, 1 right, 2 bottom, 3 left.
const CASES: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  [], [[3, 2]], [[2, 1]], [[3, 1]], [[0, 1]], [[3, 0], [2, 1]], [[0, 2]], [[3, 0]],
  [[3, 0]], [[0, 2]], [[3, 2], [0, 1]], [[0, 1]], [[3, 1]], [[2, 1]], [[3, 2]], [],
];

/**
 * The iso-line at threshold as one path. Segment end points sit on grid edges, each shared by
 * two cells, so segments are stitched into continuous polylines by their edge keys: smooth
 * lines instead of thousands of separate dashes.
 */
function traceLevel(field: Float64Array, threshold: number, cell: number): string {
  const stride = GRID + 1;
  const position = new Map<number, Point>();
  const links = new Map<number, number[]>();
  const link = (a: number, b: number) => {
    for (const [from, to] of [[a, b], [b, a]]) {
      const list = links.get(from);
      if (list) list.push(to);
      else links.set(from, [to]);
    }
  };
  for (let j = 0; j < GRID; j++) {
    for (let i = 0; i < GRID; i++) {
      const a = field[j * stride + i];
      const b = field[j * stride + i + 1];
      const c = field[(j + 1) * stride + i + 1];
      const e = field[(j + 1) * stride + i];
      const index = (a > threshold ? 8 : 0) | (b > threshold ? 4 : 0) | (c > threshold ? 2 : 0) | (e > threshold ? 1 : 0);
      for (const [from, to] of CASES[index]) {
        const keys = [from, to].map((edge) => {
          const t = (x: number, y: number) => (threshold - x) / (y - x);
          // Horizontal edges get even keys, vertical edges odd keys.
          let key: number;
          let point: Point;
          if (edge === 0) [key, point] = [(j * stride + i) * 2, [(i + t(a, b)) * cell, j * cell]];
          else if (edge === 2) [key, point] = [((j + 1) * stride + i) * 2, [(i + t(e, c)) * cell, (j + 1) * cell]];
          else if (edge === 1) [key, point] = [(j * stride + i + 1) * 2 + 1, [(i + 1) * cell, (j + t(b, c)) * cell]];
          else [key, point] = [(j * stride + i) * 2 + 1, [i * cell, (j + t(a, e)) * cell]];
          position.set(key, point);
          return key;
        });
        link(keys[0], keys[1]);
      }
    }
  }
  const visited = new Set<number>();
  let d = '';
  // Start open chains at their ends first, then close the remaining loops.
  const starts = [...links.keys()].sort((x, y) => (links.get(x)!.length === 1 ? 0 : 1) - (links.get(y)!.length === 1 ? 0 : 1) || x - y);
  for (const start of starts) {
    if (visited.has(start)) continue;
    const chain: Point[] = [];
    let current: number | undefined = start;
    let last = start;
    while (current !== undefined && !visited.has(current)) {
      visited.add(current);
      chain.push(position.get(current)!);
      last = current;
      current = links.get(current)!.find((next) => !visited.has(next));
    }
    const closed = chain.length > 2 && links.get(last)!.includes(start);
    if (chain.length > 1) d += polylinePath(chain, closed);
  }
  return d;
}

export function contours(ctx: PaintContext): void {
  const { canvas, rng, palette, noise, size } = ctx;
  paintBackground(ctx);
  const frequency = rng.float(2, 4.5);
  const offsetX = rng.float(0, 100);
  const offsetY = rng.float(0, 100);
  // A gentle peak pulls the lines into a focal point instead of an even texture.
  const peakX = rng.float(0.3, 0.7);
  const peakY = rng.float(0.3, 0.7);
  const peakWeight = rng.float(0.3, 0.9);
  const field = new Float64Array((GRID + 1) * (GRID + 1));
  for (let j = 0; j <= GRID; j++) {
    for (let i = 0; i <= GRID; i++) {
      const u = i / GRID;
      const v = j / GRID;
      const peak = Math.exp(-((u - peakX) ** 2 + (v - peakY) ** 2) * 6) * peakWeight;
      field[j * (GRID + 1) + i] = fractalNoise(noise, u * frequency + offsetX, v * frequency + offsetY, 3) + peak;
    }
  }
  const levels = Math.round(14 + ctx.density * 14);
  const cell = size / GRID;
  for (let level = 0; level < levels; level++) {
    const threshold = -0.8 + (level / levels) * (1.6 + peakWeight);
    const d = traceLevel(field, threshold, cell);
    if (d === '') continue;
    const major = level % 4 === 0;
    const colour = major ? palette.ink : palette.colors[level % palette.colors.length];
    canvas.add(
      `<path${attrs({ d, fill: 'none', stroke: colour, 'stroke-width': major ? 2.6 : 1.3, 'stroke-opacity': major ? 0.9 : palette.dark ? 0.85 : 0.7, 'stroke-linecap': 'round' })}/>`,
    );
  }
}
