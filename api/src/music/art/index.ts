export { paintCover, designCover, COVER_SIZE, THUMBNAIL_SIZE, type CoverDesign } from './cover.js';
export { GENERATORS, styleFamily, type GeneratorId } from './styles.js';
