/** A record seen from above, partly off the frame: grooves, label, sheen. House, hip-hop, lo-fi. */
import { mixHex } from '../color.js';
import { attrs, num } from '../svg.js';
import { paintBackground, type PaintContext } from './context.js';

export function vinyl(ctx: PaintContext): void {
  const { canvas, rng, palette, size } = ctx;
  paintBackground(ctx, rng.float(-40, 40));
  // Bold backdrop stripes or a disc, so the record sits on a designed surface.
  if (rng.chance(0.5)) {
    const stripes = rng.int(3, 6);
    for (let k = 0; k < stripes; k++) {
      canvas.add(`<rect${attrs({ x: (k / stripes) * size, width: size / stripes / 2, height: size, fill: palette.colors[k % palette.colors.length], opacity: 0.35 })}/>`);
    }
  } else {
    canvas.add(`<circle${attrs({ cx: rng.float(0.2, 0.8) * size, cy: rng.float(0.2, 0.8) * size, r: size * rng.float(0.25, 0.4), fill: palette.colors[1], opacity: 0.6 })}/>`);
  }
  const r = size * rng.float(0.38, 0.5);
  const cx = rng.pick([r * 0.75, size / 2, size - r * 0.75]);
  const cy = rng.pick([r * 0.75, size / 2, size - r * 0.75]);
  const record = mixHex('#0b0b0f', palette.background[1], 0.12);
  canvas.add(`<circle${attrs({ cx: cx + 12, cy: cy + 16, r, fill: '#000000', opacity: 0.35 })}/>`);
  canvas.add(`<circle${attrs({ cx, cy, r, fill: record })}/>`);
  // Rim light: keeps the record's edge visible on dark backgrounds.
  canvas.add(`<circle${attrs({ cx, cy, r: r - 1.5, fill: 'none', stroke: palette.ink, 'stroke-width': 3, opacity: palette.dark ? 0.45 : 0.2 })}/>`);
  let grooves = '';
  for (let rr = r * 0.38; rr < r * 0.97; rr += rng.float(3, 7)) {
    grooves += `<circle${attrs({ cx, cy, r: rr, 'stroke-opacity': rng.float(0.08, 0.3) })}/>`;
  }
  canvas.add(`<g fill="none" stroke="#ffffff" stroke-width="1">${grooves}</g>`);
  // Two opposite light wedges fake the reflection of a lamp on the vinyl.
  const sheenAngle = rng.float(0, Math.PI);
  for (const flip of [0, Math.PI]) {
    const a0 = sheenAngle + flip;
    const a1 = a0 + 0.35;
    const p0 = [cx + Math.cos(a0) * r, cy + Math.sin(a0) * r];
    const p1 = [cx + Math.cos(a1) * r, cy + Math.sin(a1) * r];
    canvas.add(
      `<path${attrs({ d: `M${num(cx)} ${num(cy)}L${num(p0[0])} ${num(p0[1])}A${num(r)} ${num(r)} 0 0 1 ${num(p1[0])} ${num(p1[1])}Z`, fill: '#ffffff', opacity: 0.07 })}/>`,
    );
  }
  const labelR = r * 0.33;
  canvas.add(`<circle${attrs({ cx, cy, r: labelR, fill: palette.colors[0] })}/>`);
  canvas.add(`<circle${attrs({ cx, cy, r: labelR * 0.72, fill: 'none', stroke: palette.ink, 'stroke-width': 2, opacity: 0.6 })}/>`);
  canvas.add(`<path${attrs({ d: `M${num(cx - labelR)} ${num(cy)}A${num(labelR)} ${num(labelR)} 0 0 0 ${num(cx + labelR)} ${num(cy)}Z`, fill: palette.colors[2] ?? palette.ink, opacity: 0.85 })}/>`);
  canvas.add(`<circle${attrs({ cx, cy, r: labelR * 0.07, fill: palette.background[0] })}/>`);
}
