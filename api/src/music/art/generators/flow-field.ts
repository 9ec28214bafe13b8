/** Streamlines traced through a noise vector field: silky, directional, electronic. */
import { attrs, polylinePath, type Point } from '../svg.js';
import { paintBackground, type PaintContext } from './context.js';

export function flowField(ctx: PaintContext): void {
  const { canvas, rng, palette, noise, size } = ctx;
  paintBackground(ctx, rng.float(-30, 30));
  const scale = rng.float(1.2, 3.2) / size;
  const curl = rng.float(1.5, 3.5);
  const lines = Math.round(260 + ctx.density * 360);
  const step = size / 170;
  const maxWidth = rng.float(2, 5);
  const byColour = new Map<string, string[]>();
  for (let i = 0; i < lines; i++) {
    let x = rng.float(-0.05, 1.05) * size;
    let y = rng.float(-0.05, 1.05) * size;
    const points: Point[] = [[x, y]];
    const steps = rng.int(25, 90);
    for (let s = 0; s < steps; s++) {
      const angle = noise(x * scale, y * scale) * Math.PI * curl;
      x += Math.cos(angle) * step;
      y += Math.sin(angle) * step;
      if (x < -20 || y < -20 || x > size + 20 || y > size + 20) break;
      points.push([x, y]);
    }
    if (points.length < 4) continue;
    // Colour follows the field, so neighbouring strands share a hue and bands emerge.
    const band = Math.floor(((noise(points[0][0] * scale * 0.5 + 40, points[0][1] * scale * 0.5) + 1) / 2) * palette.colors.length);
    const colour = palette.colors[Math.min(palette.colors.length - 1, Math.max(0, band))];
    const width = rng.float(0.6, maxWidth);
    const opacity = rng.float(0.45, 0.95);
    const list = byColour.get(colour) ?? [];
    list.push(`<path${attrs({ d: polylinePath(points), 'stroke-width': width, 'stroke-opacity': opacity })}/>`);
    byColour.set(colour, list);
  }
  for (const [colour, paths] of byColour) {
    canvas.add(`<g fill="none" stroke="${colour}" stroke-linecap="round">${paths.join('')}</g>`);
  }
  // A few bright strands in ink give the eye something to follow.
  canvas.add(`<g fill="none" stroke="${palette.ink}" stroke-linecap="round" stroke-opacity="0.8">`);
  for (let i = 0; i < 6 + Math.round(ctx.density * 10); i++) {
    let x = rng.float(0.1, 0.9) * size;
    let y = rng.float(0.1, 0.9) * size;
    const points: Point[] = [[x, y]];
    for (let s = 0; s < 140; s++) {
      const angle = noise(x * scale, y * scale) * Math.PI * curl;
      x += Math.cos(angle) * step;
      y += Math.sin(angle) * step;
      points.push([x, y]);
    }
    canvas.add(`<path${attrs({ d: polylinePath(points), 'stroke-width': rng.float(1, 2.5) })}/>`);
  }
  canvas.add('</g>');
}
