/** Night sky: nebula clouds, star particles, a constellation and maybe a ringed planet. Trap, ambient, metal. */
import { mixHex } from '../color.js';
import { attrs, num, type Point } from '../svg.js';
import type { PaintContext } from './context.js';

export function starfield(ctx: PaintContext): void {
  const { canvas, rng, palette, size } = ctx;
  const deep = mixHex(palette.background[1], '#000000', palette.dark ? 0.5 : 0.8);
  const bg = canvas.linearGradient([
    [0, deep],
    [1, mixHex(palette.background[0], '#000000', 0.6)],
  ], rng.float(-45, 45));
  canvas.fill(`url(#${bg})`);
  for (let i = 0; i < rng.int(3, 6); i++) {
    const cx = rng.float(0, 1) * size;
    const cy = rng.float(0, 1) * size;
    const r = rng.float(0.25, 0.55) * size;
    const id = canvas.radialGradient(cx, cy, r, [
      [0, palette.colors[i % palette.colors.length], 0.45],
      [1, palette.colors[i % palette.colors.length], 0],
    ]);
    canvas.add(`<circle${attrs({ cx, cy, r, fill: `url(#${id})` })}/>`);
  }
  let dust = '';
  const count = Math.round(350 + ctx.density * 600);
  for (let i = 0; i < count; i++) {
    // Squared radius skews towards tiny stars, as in a real sky.
    const r = 0.4 + rng.next() ** 3 * 2.2;
    dust += `<circle cx="${num(rng.float(0, size))}" cy="${num(rng.float(0, size))}" r="${num(r)}" fill-opacity="${num(rng.float(0.25, 1))}"/>`;
  }
  canvas.add(`<g fill="#ffffff">${dust}</g>`);
  // Constellation: a short chain of bright stars.
  const stars: Point[] = [];
  let x = rng.float(0.2, 0.8) * size;
  let y = rng.float(0.2, 0.8) * size;
  for (let i = 0; i < rng.int(5, 8); i++) {
    stars.push([x, y]);
    x = Math.min(size * 0.92, Math.max(size * 0.08, x + rng.float(-0.18, 0.18) * size));
    y = Math.min(size * 0.92, Math.max(size * 0.08, y + rng.float(-0.18, 0.18) * size));
  }
  const line = stars.map(([px, py], i) => `${i === 0 ? 'M' : 'L'}${num(px)} ${num(py)}`).join('');
  canvas.add(`<path${attrs({ d: line, fill: 'none', stroke: palette.ink, 'stroke-width': 1.2, opacity: 0.5 })}/>`);
  for (const [px, py] of stars) {
    const glow = canvas.radialGradient(px, py, 26, [
      [0, '#ffffff', 0.9],
      [0.2, palette.colors[0], 0.5],
      [1, palette.colors[0], 0],
    ]);
    canvas.add(`<circle${attrs({ cx: px, cy: py, r: 26, fill: `url(#${glow})` })}/>`);
  }
  if (rng.chance(0.55)) {
    const px = rng.float(0.15, 0.85) * size;
    const py = rng.float(0.15, 0.85) * size;
    const pr = rng.float(0.08, 0.18) * size;
    const tilt = rng.float(-30, 30);
    const body = canvas.radialGradient(px - pr * 0.4, py - pr * 0.4, pr * 1.6, [
      [0, mixHex(palette.colors[1], '#ffffff', 0.35)],
      [0.7, palette.colors[1]],
      [1, mixHex(palette.colors[1], '#000000', 0.7)],
    ]);
    const ring = `<ellipse${attrs({ cx: px, cy: py, rx: pr * 1.9, ry: pr * 0.45, fill: 'none', stroke: palette.colors[0], 'stroke-width': pr * 0.12, opacity: 0.8, transform: `rotate(${num(tilt)} ${num(px)} ${num(py)})` })}/>`;
    canvas.add(`<circle${attrs({ cx: px, cy: py, r: pr, fill: `url(#${body})` })}/>`);
    canvas.add(ring);
  }
}
