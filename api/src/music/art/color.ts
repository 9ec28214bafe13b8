/**
 * Colour maths for the cover painter: HSL <-> hex and mood palettes. Colours are emitted as hex
 * so the SVG does not depend on a renderer's CSS colour parsing.
 */
import type { Random } from '../random.js';

export interface Hsl {
  /** Degrees 0..360. */
  h: number;
  /** 0..1 */
  s: number;
  /** 0..1 */
  l: number;
}

export interface Palette {
  /** Background gradient, top to bottom. */
  background: [string, string];
  /** Foreground colours, most prominent first. */
  colors: string[];
  /** High-contrast colour for fine lines and highlights. */
  ink: string;
  /** Whether the background is dark (generators pick glow vs. shadow accordingly). */
  dark: boolean;
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

export function hslToHex({ h, s, l }: Hsl): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = clamp01(s);
  const light = clamp01(l);
  const chroma = (1 - Math.abs(2 * light - 1)) * sat;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = light - chroma / 2;
  const [r, g, b] =
    hue < 60 ? [chroma, x, 0] : hue < 120 ? [x, chroma, 0] : hue < 180 ? [0, chroma, x] : hue < 240 ? [0, x, chroma] : hue < 300 ? [x, 0, chroma] : [chroma, 0, x];
  const channel = (value: number) =>
    Math.round((value + m) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(r)}${channel(g)}${channel(b)}`;
}

/** How a mood colours the cover. Hues are anchor hues; the seed rotates them slightly. */
interface MoodColour {
  hues: number[];
  saturation: number;
  /** Background lightness 0..1 (low = dark cover). */
  backgroundLightness: number;
  /** Spread between background and foreground lightness. */
  contrast: number;
}

const MOOD_COLOURS: Record<string, MoodColour> = {
  happy: { hues: [45, 18, 335, 190], saturation: 0.85, backgroundLightness: 0.82, contrast: 0.45 },
  sad: { hues: [215, 230, 195, 250], saturation: 0.35, backgroundLightness: 0.22, contrast: 0.4 },
  energetic: { hues: [350, 20, 290, 50], saturation: 0.95, backgroundLightness: 0.12, contrast: 0.55 },
  chill: { hues: [175, 250, 205, 30], saturation: 0.45, backgroundLightness: 0.7, contrast: 0.35 },
  dark: { hues: [270, 300, 230, 0], saturation: 0.5, backgroundLightness: 0.05, contrast: 0.4 },
  romantic: { hues: [340, 10, 300, 40], saturation: 0.6, backgroundLightness: 0.3, contrast: 0.45 },
  epic: { hues: [42, 220, 10, 200], saturation: 0.75, backgroundLightness: 0.1, contrast: 0.6 },
  dreamy: { hues: [290, 320, 190, 260], saturation: 0.5, backgroundLightness: 0.85, contrast: 0.3 },
  aggressive: { hues: [0, 15, 345, 30], saturation: 0.9, backgroundLightness: 0.06, contrast: 0.5 },
  peaceful: { hues: [110, 150, 80, 190], saturation: 0.35, backgroundLightness: 0.88, contrast: 0.35 },
  nostalgic: { hues: [28, 45, 10, 190], saturation: 0.5, backgroundLightness: 0.8, contrast: 0.45 },
  mysterious: { hues: [190, 250, 170, 280], saturation: 0.55, backgroundLightness: 0.08, contrast: 0.5 },
};

const NEUTRAL: MoodColour = { hues: [200, 30, 320, 150], saturation: 0.6, backgroundLightness: 0.5, contrast: 0.45 };

/** Genres that pull the palette warmer (+) or cooler (-), in degrees of hue rotation. */
const GENRE_TEMPERATURE: Record<string, number> = {
  synthwave: 15,
  techno: -15,
  ambient: -10,
  country: 12,
  reggae: 10,
  blues: -12,
  metal: -5,
  'lo-fi': 8,
  funk: 14,
  jazz: -8,
};

/** A palette for the mood, nudged by genre temperature and rotated a little by the seed. */
export function paletteFor(mood: string, genre: string, rng: Random): Palette {
  const colour = MOOD_COLOURS[mood] ?? NEUTRAL;
  const rotation = (GENRE_TEMPERATURE[genre] ?? 0) + rng.float(-14, 14);
  const hues = rng.chance(0.5) ? colour.hues : [colour.hues[1], colour.hues[0], ...colour.hues.slice(2)];
  const dark = colour.backgroundLightness < 0.5;
  const bgL = colour.backgroundLightness;
  const baseHue = hues[0] + rotation;
  const background: [string, string] = [
    hslToHex({ h: baseHue + 8, s: colour.saturation * 0.55, l: bgL + (dark ? 0.06 : 0.04) }),
    hslToHex({ h: baseHue - 12, s: colour.saturation * 0.7, l: bgL - (dark ? 0.03 : 0.1) }),
  ];
  // Foreground lightness moves away from the background by the mood's contrast.
  // On light backgrounds keep foregrounds mid-light so saturated moods stay vivid, not muddy.
  const fgL = dark ? bgL + colour.contrast + 0.1 : Math.max(0.42, bgL - colour.contrast * 0.8);
  const colors = hues.map((hue, index) =>
    hslToHex({
      h: hue + rotation + rng.float(-6, 6),
      s: colour.saturation * (index === 0 ? 1 : 0.9),
      l: fgL + (index % 2 === 0 ? 0 : dark ? -0.12 : 0.12) + rng.float(-0.04, 0.04),
    }),
  );
  const ink = dark
    ? hslToHex({ h: baseHue + 20, s: colour.saturation * 0.3, l: 0.93 })
    : hslToHex({ h: baseHue - 20, s: colour.saturation * 0.5, l: 0.12 });
  return { background, colors, ink, dark };
}

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Linear blend of two hex colours; t = 0 gives a, 1 gives b. */
export function mixHex(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  const k = clamp01(t);
  return `#${ca
    .map((channel, i) =>
      Math.round(channel + (cb[i] - channel) * k)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}
