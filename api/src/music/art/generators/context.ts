/** What every cover generator receives: where to draw, its random stream, colours and knobs. */
import type { Random } from '../../random.js';
import type { Palette } from '../color.js';
import type { Noise2D } from '../noise.js';
import type { SvgCanvas } from '../svg.js';

export interface PaintContext {
  canvas: SvgCanvas;
  rng: Random;
  palette: Palette;
  noise: Noise2D;
  /** Canvas edge length in user units. */
  size: number;
  /** 0..1 arrangement density from the plan: busier music, busier picture. */
  density: number;
  /** 0..1 tonal brightness from the plan. */
  brightness: number;
}

export type CoverGenerator = (ctx: PaintContext) => void;

/** The palette's background as a vertical gradient over the whole canvas. */
export function paintBackground(ctx: PaintContext, angle = 0): void {
  const [top, bottom] = ctx.palette.background;
  const id = ctx.canvas.linearGradient(
    [
      [0, top],
      [1, bottom],
    ],
    angle,
  );
  ctx.canvas.fill(`url(#${id})`);
}
