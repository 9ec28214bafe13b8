/**
 * Style families: which cover generators suit which genre, with weights. A cover picks one
 * generator per seed from its genre's family, so a genre has a recognisable look without every
 * cover being the same picture recoloured.
 */
import { bauhaus } from './generators/bauhaus.js';
import { brush } from './generators/brush.js';
import type { CoverGenerator } from './generators/context.js';
import { contours } from './generators/contours.js';
import { flowField } from './generators/flow-field.js';
import { gradientMesh } from './generators/gradient-mesh.js';
import { halftone } from './generators/halftone.js';
import { starfield } from './generators/starfield.js';
import { sunsetGrid } from './generators/sunset-grid.js';
import { terrain } from './generators/terrain.js';
import { vinyl } from './generators/vinyl.js';

export const GENERATORS = {
  'flow-field': flowField,
  contours,
  bauhaus,
  'gradient-mesh': gradientMesh,
  'sunset-grid': sunsetGrid,
  vinyl,
  halftone,
  terrain,
  starfield,
  brush,
} satisfies Record<string, CoverGenerator>;

export type GeneratorId = keyof typeof GENERATORS;

type Family = ReadonlyArray<readonly [GeneratorId, number]>;

export const STYLE_FAMILIES: Readonly<Record<string, Family>> = {
  pop: [['bauhaus', 3], ['gradient-mesh', 3], ['halftone', 2], ['brush', 1]],
  rock: [['brush', 3], ['halftone', 3], ['bauhaus', 1], ['flow-field', 1]],
  'hip-hop': [['halftone', 3], ['vinyl', 3], ['bauhaus', 2]],
  trap: [['starfield', 3], ['gradient-mesh', 2], ['vinyl', 2], ['halftone', 1]],
  electronic: [['flow-field', 3], ['contours', 2], ['bauhaus', 1], ['gradient-mesh', 1]],
  house: [['vinyl', 3], ['bauhaus', 2], ['gradient-mesh', 2], ['halftone', 1]],
  techno: [['contours', 3], ['flow-field', 3], ['bauhaus', 1]],
  'drum-and-bass': [['flow-field', 3], ['terrain', 1], ['starfield', 2], ['contours', 1]],
  'lo-fi': [['gradient-mesh', 2], ['terrain', 2], ['vinyl', 3], ['brush', 1]],
  jazz: [['bauhaus', 3], ['brush', 3], ['vinyl', 1]],
  blues: [['brush', 3], ['terrain', 2], ['halftone', 1]],
  funk: [['bauhaus', 3], ['halftone', 2], ['vinyl', 2]],
  'r-and-b': [['gradient-mesh', 4], ['brush', 2], ['vinyl', 1]],
  reggae: [['terrain', 3], ['bauhaus', 2], ['halftone', 1]],
  country: [['terrain', 4], ['brush', 1], ['contours', 1]],
  metal: [['flow-field', 2], ['starfield', 2], ['brush', 2], ['contours', 1]],
  classical: [['contours', 3], ['brush', 2], ['terrain', 2]],
  ambient: [['gradient-mesh', 3], ['terrain', 2], ['starfield', 2], ['contours', 1]],
  synthwave: [['sunset-grid', 5], ['starfield', 1]],
};

/** Every generator, equally weighted: for genres without a family of their own. */
const ANY: Family = (Object.keys(GENERATORS) as GeneratorId[]).map((id) => [id, 1] as const);

export function styleFamily(genre: string): Family {
  return STYLE_FAMILIES[genre] ?? ANY;
}
