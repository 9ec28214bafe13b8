/** Retro sunset: striped sun, mountain silhouette, perspective neon grid, stars. Synthwave. */
import { mixHex } from '../color.js';
import { fractalNoise } from '../noise.js';
import { attrs, num, polylinePath, type Point } from '../svg.js';
import type { PaintContext } from './context.js';

export function sunsetGrid(ctx: PaintContext): void {
  const { canvas, rng, palette, noise, size } = ctx;
  const horizon = size * rng.float(0.56, 0.66);
  const skyTop = mixHex(palette.background[1], '#05010f', 0.6);
  const sky = canvas.linearGradient([
    [0, skyTop],
    [0.65, mixHex(palette.colors[2] ?? palette.colors[0], skyTop, 0.35)],
    [1, palette.colors[1]],
  ]);
  canvas.add(`<rect${attrs({ width: size, height: horizon + 1, fill: `url(#${sky})` })}/>`);
  // Stars above the sun's glow.
  let stars = '';
  for (let i = 0; i < 90 + Math.round(ctx.density * 120); i++) {
    const y = rng.float(0, horizon * 0.7);
    stars += `<circle${attrs({ cx: rng.float(0, size), cy: y, r: rng.float(0.5, 2), 'fill-opacity': rng.float(0.3, 1) * (1 - y / horizon) })}/>`;
  }
  canvas.add(`<g fill="#ffffff">${stars}</g>`);
  // Sun: vertical gradient, sliced by widening horizontal gaps towards the horizon.
  const sunR = size * rng.float(0.2, 0.3);
  const sunX = size * rng.float(0.4, 0.6);
  const sunY = horizon - sunR * rng.float(0.35, 0.75);
  // The sun stays in sunset colours whatever the mood; the mood tints it.
  const sunBase = mixHex(palette.colors[0], '#ff5e7a', 0.5);
  const sunFill = canvas.linearGradient([
    [0, mixHex(sunBase, '#ffe27a', 0.7)],
    [1, sunBase],
  ]);
  const clip = canvas.uid('clip');
  let slices = `<rect${attrs({ x: sunX - sunR, y: sunY - sunR, width: sunR * 2, height: sunR * 1.05 })}/>`;
  const gaps = rng.int(5, 8);
  for (let k = 0; k < gaps; k++) {
    const top = sunY + sunR * 0.05 + (k / gaps) * sunR;
    const gap = 2 + k * rng.float(1.5, 3);
    slices += `<rect${attrs({ x: sunX - sunR, y: top + gap, width: sunR * 2, height: sunR / gaps - gap })}/>`;
  }
  canvas.def(`<clipPath id="${clip}">${slices}</clipPath>`);
  const glow = canvas.radialGradient(sunX, sunY, sunR * 2.2, [
    [0, sunBase, 0.55],
    [1, sunBase, 0],
  ]);
  canvas.add(`<circle${attrs({ cx: sunX, cy: sunY, r: sunR * 2.2, fill: `url(#${glow})` })}/>`);
  canvas.add(`<circle${attrs({ cx: sunX, cy: sunY, r: sunR, fill: `url(#${sunFill})`, 'clip-path': `url(#${clip})` })}/>`);
  // Mountains on the horizon.
  const ridge: Point[] = [[0, horizon]];
  const roughness = rng.float(2, 5);
  for (let i = 0; i <= 64; i++) {
    const x = (i / 64) * size;
    const centre = Math.abs(x - sunX) / size;
    const height = (fractalNoise(noise, (i / 64) * roughness, 7.3, 3) + 0.6) * size * 0.12 * Math.min(1, centre * 2.5 + 0.15);
    ridge.push([x, horizon - Math.max(0, height)]);
  }
  ridge.push([size, horizon]);
  canvas.add(`<path${attrs({ d: polylinePath(ridge, true), fill: mixHex(skyTop, palette.colors[1], 0.25) })}/>`);
  // Floor and grid.
  const floor = canvas.linearGradient([
    [0, mixHex(palette.background[1], '#000000', 0.5)],
    [1, '#020008'],
  ]);
  canvas.add(`<rect${attrs({ y: horizon, width: size, height: size - horizon, fill: `url(#${floor})` })}/>`);
  const gridColour = palette.colors[2] ?? palette.colors[0];
  let grid = '';
  const rows = 14;
  for (let k = 1; k <= rows; k++) {
    const y = horizon + (size - horizon) * Math.pow(k / rows, 2.2);
    grid += `M0 ${num(y)}L${size} ${num(y)}`;
  }
  const columns = rng.int(9, 15);
  for (let k = -columns; k <= columns; k++) {
    const bottomX = sunX + (k / columns) * size * 1.6;
    grid += `M${num(sunX + (k / columns) * size * 0.06)} ${num(horizon)}L${num(bottomX)} ${size}`;
  }
  canvas.add(`<path${attrs({ d: grid, stroke: gridColour, 'stroke-width': 6, opacity: 0.25, fill: 'none' })}/>`);
  canvas.add(`<path${attrs({ d: grid, stroke: mixHex(gridColour, '#ffffff', 0.4), 'stroke-width': 1.8, fill: 'none' })}/>`);
  canvas.add(`<rect${attrs({ y: horizon - 1, width: size, height: 3, fill: mixHex(palette.colors[0], '#ffffff', 0.5) })}/>`);
}
