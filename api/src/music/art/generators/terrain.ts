/** Layered ridges or waves receding into haze, with a sun or moon: landscapes for country, ambient, reggae. */
import { mixHex } from '../color.js';
import { fractalNoise } from '../noise.js';
import { attrs, polylinePath, type Point } from '../svg.js';
import { paintBackground, type PaintContext } from './context.js';

export function terrain(ctx: PaintContext): void {
  const { canvas, rng, palette, noise, size } = ctx;
  paintBackground(ctx);
  const discX = rng.float(0.2, 0.8) * size;
  const discY = rng.float(0.15, 0.4) * size;
  const discR = rng.float(0.07, 0.16) * size;
  const glow = canvas.radialGradient(discX, discY, discR * 3.5, [
    [0, palette.colors[0], 0.5],
    [1, palette.colors[0], 0],
  ]);
  canvas.add(`<circle${attrs({ cx: discX, cy: discY, r: discR * 3.5, fill: `url(#${glow})` })}/>`);
  canvas.add(`<circle${attrs({ cx: discX, cy: discY, r: discR, fill: mixHex(palette.colors[0], palette.ink, palette.dark ? 0.4 : 0.1) })}/>`);
  // Waves (smooth, low octave) or mountains (rough): chosen per cover.
  const waves = rng.chance(0.4);
  const layers = rng.int(5, 8);
  const far = mixHex(palette.background[0], palette.colors[1], 0.35);
  const near = palette.dark ? mixHex(palette.colors[1], '#000000', 0.55) : mixHex(palette.colors[0], '#000000', 0.35);
  for (let layer = 0; layer < layers; layer++) {
    const depth = layer / (layers - 1);
    const baseY = size * (0.42 + depth * 0.48);
    const amplitude = size * (waves ? 0.05 : 0.14) * (1 - depth * 0.4);
    const roughness = waves ? 1.5 : 2.5 + depth * 2;
    const points: Point[] = [[0, size]];
    for (let i = 0; i <= 96; i++) {
      const u = i / 96;
      const h = waves
        ? Math.sin(u * Math.PI * rng.float(1.5, 1.6) * 2 + layer) * 0.5 + fractalNoise(noise, u * roughness, layer * 3.1, 2) * 0.6
        : fractalNoise(noise, u * roughness + layer * 10, layer * 3.1, 4);
      points.push([u * size, baseY - h * amplitude]);
    }
    points.push([size, size]);
    const colour = mixHex(far, near, depth);
    canvas.add(`<path${attrs({ d: polylinePath(points, true), fill: colour })}/>`);
    if (waves) {
      // A thin crest line on each wave, like foam.
      canvas.add(`<path${attrs({ d: polylinePath(points.slice(1, -1)), fill: 'none', stroke: palette.ink, 'stroke-width': 1.5, opacity: 0.35 })}/>`);
    }
  }
  // Haze band between the first layers for depth.
  const haze = canvas.linearGradient([
    [0, palette.background[0], 0],
    [1, palette.background[0], 0.35],
  ]);
  canvas.add(`<rect${attrs({ y: size * 0.35, width: size, height: size * 0.25, fill: `url(#${haze})` })}/>`);
}
