/** Soft overlapping colour fields, like a mesh gradient, with one crisp geometric accent. */
import { mixHex } from '../color.js';
import { attrs, num } from '../svg.js';
import { paintBackground, type PaintContext } from './context.js';

export function gradientMesh(ctx: PaintContext): void {
  const { canvas, rng, palette, size } = ctx;
  paintBackground(ctx, rng.float(-60, 60));
  const blobs = rng.int(4, 6);
  for (let i = 0; i < blobs; i++) {
    const cx = rng.float(0, 1) * size;
    const cy = rng.float(0, 1) * size;
    const r = rng.float(0.3, 0.6) * size;
    const colour = palette.colors[i % palette.colors.length];
    const id = canvas.radialGradient(cx, cy, r, [
      [0, colour, 1],
      [0.4, colour, 0.7],
      [1, colour, 0],
    ]);
    canvas.add(`<circle${attrs({ cx, cy, r, fill: `url(#${id})` })}/>`);
  }
  // One crisp element keeps the softness from reading as a blur mistake.
  const accent = rng.int(0, 2);
  const cx = rng.float(0.3, 0.7) * size;
  const cy = rng.float(0.3, 0.7) * size;
  if (accent === 0) {
    // Concentric rings thinning outwards.
    const rings = rng.int(4, 9);
    const inner = rng.float(0.06, 0.14) * size;
    const gap = rng.float(14, 30);
    let out = '';
    for (let k = 0; k < rings; k++) {
      out += `<circle${attrs({ cx, cy, r: inner + k * gap, 'stroke-width': Math.max(1, 5 - k * 0.6) })}/>`;
    }
    canvas.add(`<g fill="none" stroke="${palette.ink}" opacity="0.75">${out}</g>`);
  } else if (accent === 1) {
    // A glossy sphere with its own shadow.
    const r = rng.float(0.12, 0.22) * size;
    const shade = canvas.radialGradient(cx + r * 0.3, cy + r * 1.1, r * 1.3, [
      [0, '#000000', 0.35],
      [1, '#000000', 0],
    ]);
    canvas.add(`<ellipse${attrs({ cx: cx + r * 0.3, cy: cy + r * 1.05, rx: r * 1.2, ry: r * 0.3, fill: `url(#${shade})` })}/>`);
    const id = canvas.radialGradient(cx - r * 0.35, cy - r * 0.35, r * 1.5, [
      [0, mixHex(palette.ink, '#ffffff', 0.5)],
      [0.45, palette.colors[0]],
      [1, mixHex(palette.colors[0], '#000000', 0.45)],
    ]);
    canvas.add(`<circle${attrs({ cx, cy, r, fill: `url(#${id})` })}/>`);
  } else {
    // A framed window: a thin square outline slightly off-centre, with a line through it.
    const w = rng.float(0.35, 0.6) * size;
    canvas.add(`<rect${attrs({ x: cx - w / 2, y: cy - w / 2, width: w, height: w, fill: 'none', stroke: palette.ink, 'stroke-width': 3, opacity: 0.85 })}/>`);
    canvas.add(`<path${attrs({ d: `M${num(cx - w * 0.7)} ${num(cy + w * 0.2)}L${num(cx + w * 0.7)} ${num(cy + w * 0.2)}`, stroke: palette.ink, 'stroke-width': 1.5, opacity: 0.85 })}/>`);
  }
}
