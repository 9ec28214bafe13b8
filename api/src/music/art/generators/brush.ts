/** Organic painted blobs and bristle strokes: expressive covers for jazz, blues, rock, classical. */
import { mixHex } from '../color.js';
import { attrs, polylinePath, smoothClosedPath, type Point } from '../svg.js';
import { paintBackground, type PaintContext } from './context.js';

export function brush(ctx: PaintContext): void {
  const { canvas, rng, palette, noise, size } = ctx;
  paintBackground(ctx);
  const blobs = rng.int(5, 8 + Math.round(ctx.density * 6));
  for (let b = 0; b < blobs; b++) {
    const cx = rng.float(0.1, 0.9) * size;
    const cy = rng.float(0.1, 0.9) * size;
    const radius = rng.float(0.08, 0.26) * size;
    const wobble = rng.float(0.2, 0.45);
    const offset = rng.float(0, 50);
    const points: Point[] = [];
    const segments = 14;
    for (let i = 0; i < segments; i++) {
      const angle = (i / segments) * Math.PI * 2;
      const r = radius * (1 + noise(Math.cos(angle) + offset, Math.sin(angle) + offset) * wobble);
      points.push([cx + Math.cos(angle) * r, cy + Math.sin(angle) * r]);
    }
    canvas.add(`<path${attrs({ d: smoothClosedPath(points), fill: palette.colors[b % palette.colors.length], opacity: rng.float(0.65, 0.95) })}/>`);
  }
  // Brush strokes: bundles of nearly parallel lines along a noisy arc, each bristle slightly offset.
  const strokes = rng.int(2, 5);
  for (let s = 0; s < strokes; s++) {
    const colour = s === 0 ? palette.ink : mixHex(palette.colors[s % palette.colors.length], palette.ink, 0.3);
    const startX = rng.float(0, 0.4) * size;
    const startY = rng.float(0.1, 0.9) * size;
    const length = rng.float(0.5, 0.95) * size;
    const bend = rng.float(-0.3, 0.3);
    const width = rng.float(18, 46);
    const bristles = 14;
    let d = '';
    for (let k = 0; k < bristles; k++) {
      const across = (k / (bristles - 1) - 0.5) * width;
      const points: Point[] = [];
      const end = rng.float(0.7, 1);
      for (let i = 0; i <= 40 * end; i++) {
        const t = i / 40;
        const x = startX + t * length;
        const y = startY + Math.sin(t * Math.PI) * bend * size + across * (1 - t * 0.5) + noise(t * 4, k * 0.7 + s * 9) * 6;
        points.push([x, y]);
      }
      d += polylinePath(points);
    }
    canvas.add(`<path${attrs({ d, fill: 'none', stroke: colour, 'stroke-width': rng.float(2, 4), 'stroke-linecap': 'round', opacity: 0.85 })}/>`);
  }
}
