/** Two misregistered halftone screens over a tone field: print, poster, hip-hop and rock. */
import { fractalNoise } from '../noise.js';
import { attrs, num } from '../svg.js';
import { paintBackground, type PaintContext } from './context.js';

export function halftone(ctx: PaintContext): void {
  const { canvas, rng, palette, noise, size } = ctx;
  paintBackground(ctx);
  const cells = Math.round(34 + ctx.density * 22);
  const pitch = size / cells;
  const focusX = rng.float(0.2, 0.8);
  const focusY = rng.float(0.2, 0.8);
  const frequency = rng.float(1.5, 3);
  const screens = [
    { colour: palette.colors[0], angle: rng.float(10, 25), dx: 0, dy: 0, phase: 0 },
    { colour: palette.colors[1], angle: rng.float(55, 75), dx: pitch * 0.35, dy: pitch * 0.2, phase: 17 },
  ];
  for (const screen of screens) {
    let dots = '';
    const rad = (screen.angle * Math.PI) / 180;
    const cos = Math.cos(rad);
    const sin = Math.sin(rad);
    // Iterate over a rotated lattice large enough to cover the square.
    for (let j = -cells; j <= cells * 1.5; j++) {
      for (let i = -cells; i <= cells * 1.5; i++) {
        const x = (i * cos - j * sin) * pitch + screen.dx;
        const y = (i * sin + j * cos) * pitch + screen.dy;
        if (x < -pitch || y < -pitch || x > size + pitch || y > size + pitch) continue;
        const u = x / size;
        const v = y / size;
        const radial = 1 - Math.min(1, Math.hypot(u - focusX, v - focusY) * 1.4);
        const tone = Math.min(1, Math.max(0, radial * 0.8 + fractalNoise(noise, u * frequency + screen.phase, v * frequency, 2) * 0.5));
        const r = tone * pitch * 0.62;
        if (r < 0.6) continue;
        dots += `<circle cx="${num(x)}" cy="${num(y)}" r="${num(r)}"/>`;
      }
    }
    canvas.add(`<g${attrs({ fill: screen.colour, style: `mix-blend-mode:${palette.dark ? 'screen' : 'multiply'}` })}>${dots}</g>`);
  }
  // A solid shape cut through the screens anchors the composition.
  const bar = rng.float(0.08, 0.16) * size;
  const barY = rng.float(0.15, 0.85) * size;
  canvas.add(`<rect${attrs({ x: 0, y: barY, width: size, height: bar, fill: palette.ink, opacity: 0.9 })}/>`);
  canvas.add(`<rect${attrs({ x: 0, y: barY + bar + 10, width: size, height: 4, fill: palette.ink, opacity: 0.9 })}/>`);
}
