/**
 * Procedural cover art: genre picks a style family, mood picks the palette, the seed picks the
 * generator and its composition. The SVG is rasterised with resvg to a 1024 px PNG and a 256 px
 * thumbnail. No text is drawn: resvg needs font files and none are guaranteed to be installed,
 * and system fonts would make the bytes differ between machines.
 */
import { Resvg } from '@resvg/resvg-js';
import { Random } from '../random.js';
import type { CoverArt, SongPlan } from '../types.js';
import { paletteFor, type Palette } from './color.js';
import { createNoise2D } from './noise.js';
import { GENERATORS, styleFamily, type GeneratorId } from './styles.js';
import { SvgCanvas, num } from './svg.js';

export const COVER_SIZE = 1024;
export const THUMBNAIL_SIZE = 256;

/** Moods whose covers get film grain (soft, analogue, wistful). */
const GRAINY_MOODS = new Set(['nostalgic', 'sad', 'chill', 'peaceful', 'dreamy', 'romantic']);
const GRAINY_GENRES = new Set(['lo-fi', 'blues', 'jazz', 'country']);

export interface CoverDesign {
  generator: GeneratorId;
  palette: Palette;
  svg: string;
}

/**
 * Film-grain-like speckle: sparse tiny dots, light and dark. (An feTurbulence filter looks
 * similar but costs ~0.5 s to rasterise and triples the PNG size.)
 */
function addGrain(canvas: SvgCanvas, rng: Random): void {
  let light = '';
  let dark = '';
  for (let i = 0; i < 2200; i++) {
    const dot = `<circle cx="${num(rng.float(0, canvas.size))}" cy="${num(rng.float(0, canvas.size))}" r="${num(rng.float(0.6, 1.6))}"/>`;
    if (rng.chance(0.5)) light += dot;
    else dark += dot;
  }
  canvas.add(`<g fill="#ffffff" opacity="0.16">${light}</g><g fill="#000000" opacity="0.14">${dark}</g>`);
}

function addVignette(canvas: SvgCanvas, strength: number): void {
  const half = canvas.size / 2;
  const id = canvas.radialGradient(half, half, canvas.size * 0.75, [
    [0.55, '#000000', 0],
    [1, '#000000', strength],
  ]);
  canvas.fill(`url(#${id})`);
}

/** The cover as SVG plus the choices behind it (pure and deterministic in the plan). */
export function designCover(plan: SongPlan): CoverDesign {
  const rng = new Random(plan.seed).fork('cover');
  const palette = paletteFor(plan.mood, plan.genre, rng.fork('palette'));
  const generator = rng.weighted(styleFamily(plan.genre));
  const canvas = new SvgCanvas(COVER_SIZE);
  GENERATORS[generator]({
    canvas,
    rng: rng.fork('composition'),
    palette,
    noise: createNoise2D(rng.fork('noise')),
    size: COVER_SIZE,
    density: plan.density,
    brightness: plan.brightness,
  });
  if (GRAINY_MOODS.has(plan.mood) || GRAINY_GENRES.has(plan.genre)) addGrain(canvas, rng.fork('grain'));
  if (palette.dark) addVignette(canvas, 0.45);
  return { generator, palette, svg: canvas.toString() };
}

function rasterise(svg: string, width: number): Uint8Array {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    // Nothing is typeset; skipping the system font scan saves time and keeps output machine-independent.
    font: { loadSystemFonts: false },
    shapeRendering: 2,
  });
  return new Uint8Array(resvg.render().asPng());
}

export async function paintCover(plan: SongPlan): Promise<CoverArt> {
  const { svg } = designCover(plan);
  return { full: rasterise(svg, COVER_SIZE), thumbnail: rasterise(svg, THUMBNAIL_SIZE), svg };
}
