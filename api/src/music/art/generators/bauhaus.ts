/** A grid of bold geometric tiles (quarter circles, half discs, triangles, stripes): Bauhaus posters. */
import { attrs, num } from '../svg.js';
import { paintBackground, type PaintContext } from './context.js';

type Tile = (x: number, y: number, s: number, fg: string) => string;

const TILES: Tile[] = [
  // Quarter circle anchored in the top-left corner (tile rotation moves it to the others).
  (x, y, s, fg) => `<path${attrs({ d: `M${num(x)} ${num(y)}L${num(x + s)} ${num(y)}A${num(s)} ${num(s)} 0 0 1 ${num(x)} ${num(y + s)}Z`, fill: fg })}/>`,
  (x, y, s, fg) => `<circle${attrs({ cx: x + s / 2, cy: y + s / 2, r: s * 0.38, fill: fg })}/>`,
  // Half disc on the tile's top edge.
  (x, y, s, fg) => `<path${attrs({ d: `M${num(x)} ${num(y)}A${num(s / 2)} ${num(s / 2)} 0 0 0 ${num(x + s)} ${num(y)}Z`, fill: fg })}/>`,
  (x, y, s, fg) => `<path${attrs({ d: `M${num(x)} ${num(y + s)}L${num(x + s / 2)} ${num(y)}L${num(x + s)} ${num(y + s)}Z`, fill: fg })}/>`,
  (x, y, s, fg) => `<path${attrs({ d: `M${num(x)} ${num(y)}L${num(x + s)} ${num(y)}L${num(x)} ${num(y + s)}Z`, fill: fg })}/>`,
  (x, y, s, fg) => {
    let out = '';
    for (let k = 0; k < 4; k++) out += `<rect${attrs({ x, y: y + (k * s) / 4 + s / 16, width: s, height: s / 8, fill: fg })}/>`;
    return out;
  },
  (x, y, s, fg) =>
    `<circle${attrs({ cx: x + s / 2, cy: y + s / 2, r: s * 0.4, fill: 'none', stroke: fg, 'stroke-width': s * 0.12 })}/>`,
  (x, y, s, fg) => `<rect${attrs({ x: x + s * 0.2, y: y + s * 0.2, width: s * 0.6, height: s * 0.6, fill: fg })}/>`,
];

export function bauhaus(ctx: PaintContext): void {
  const { canvas, rng, palette, size } = ctx;
  paintBackground(ctx);
  const cells = rng.int(3, 4 + Math.round(ctx.density * 3));
  const margin = rng.chance(0.5) ? size * 0.06 : 0;
  const tile = (size - margin * 2) / cells;
  const colours = [...palette.colors, palette.ink, palette.background[1]];
  const tileKinds = rng.shuffle(TILES).slice(0, rng.int(3, TILES.length));
  for (let row = 0; row < cells; row++) {
    for (let col = 0; col < cells; col++) {
      const x = margin + col * tile;
      const y = margin + row * tile;
      const bg = rng.pick(colours);
      const fg = rng.pick(colours.filter((c) => c !== bg));
      canvas.add(`<rect${attrs({ x, y, width: tile + 0.5, height: tile + 0.5, fill: bg })}/>`);
      // Rotating the tile by quarter turns multiplies the variety of a few shapes.
      const turn = rng.int(0, 3) * 90;
      const shape = rng.pick(tileKinds)(x, y, tile, fg);
      canvas.add(`<g transform="rotate(${turn} ${num(x + tile / 2)} ${num(y + tile / 2)})">${shape}</g>`);
      if (rng.chance(0.15)) canvas.add(`<circle${attrs({ cx: x + tile / 2, cy: y + tile / 2, r: tile * 0.08, fill: palette.ink })}/>`);
    }
  }
}
