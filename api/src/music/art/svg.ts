/**
 * A small SVG document builder: collects <defs> and drawing elements as strings, formats numbers
 * compactly, and turns point lists into paths. Output is a plain SVG string for resvg.
 */

export type Point = readonly [number, number];

/** Numbers with at most one decimal: keeps the SVG small while staying sub-pixel accurate. */
export function num(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

/** Escapes text for use inside an attribute value or text node. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Attributes object -> ' key="value"' string; undefined values are skipped. */
export function attrs(values: Record<string, string | number | undefined>): string {
  let out = '';
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    out += ` ${key}="${typeof value === 'number' ? num(value) : escapeXml(value)}"`;
  }
  return out;
}

export function polylinePath(points: readonly Point[], closed = false): string {
  if (points.length === 0) return '';
  let d = `M${num(points[0][0])} ${num(points[0][1])}`;
  for (let i = 1; i < points.length; i++) d += `L${num(points[i][0])} ${num(points[i][1])}`;
  return closed ? `${d}Z` : d;
}

/** A smooth closed curve through the points (Catmull-Rom converted to cubic Béziers). */
export function smoothClosedPath(points: readonly Point[]): string {
  const n = points.length;
  if (n < 3) return polylinePath(points, true);
  let d = `M${num(points[0][0])} ${num(points[0][1])}`;
  for (let i = 0; i < n; i++) {
    const p0 = points[(i - 1 + n) % n];
    const p1 = points[i];
    const p2 = points[(i + 1) % n];
    const p3 = points[(i + 2) % n];
    const c1x = p1[0] + (p2[0] - p0[0]) / 6;
    const c1y = p1[1] + (p2[1] - p0[1]) / 6;
    const c2x = p2[0] - (p3[0] - p1[0]) / 6;
    const c2y = p2[1] - (p3[1] - p1[1]) / 6;
    d += `C${num(c1x)} ${num(c1y)} ${num(c2x)} ${num(c2y)} ${num(p2[0])} ${num(p2[1])}`;
  }
  return `${d}Z`;
}

/** An SVG drawing in progress: defs (gradients, filters, clips) plus body elements in paint order. */
export class SvgCanvas {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private nextId = 0;

  constructor(readonly size: number) {}

  /** A document-unique id for a def. */
  uid(prefix: string): string {
    this.nextId += 1;
    return `${prefix}${this.nextId}`;
  }

  def(xml: string): void {
    this.defs.push(xml);
  }

  add(xml: string): void {
    this.body.push(xml);
  }

  /** Defines a linear gradient (top-to-bottom unless angle given, degrees clockwise from down). */
  linearGradient(stops: ReadonlyArray<readonly [number, string, number?]>, angle = 0): string {
    const id = this.uid('lg');
    const rad = (angle * Math.PI) / 180;
    const dx = Math.sin(rad) / 2;
    const dy = Math.cos(rad) / 2;
    const stopXml = stops
      .map(([offset, color, opacity]) => `<stop${attrs({ offset, 'stop-color': color, 'stop-opacity': opacity })}/>`)
      .join('');
    this.def(
      `<linearGradient id="${id}" x1="${(0.5 - dx).toFixed(3)}" y1="${(0.5 - dy).toFixed(3)}" x2="${(0.5 + dx).toFixed(3)}" y2="${(0.5 + dy).toFixed(3)}">${stopXml}</linearGradient>`,
    );
    return id;
  }

  /** Defines a radial gradient in user space (so it can be reused at any position). */
  radialGradient(cx: number, cy: number, r: number, stops: ReadonlyArray<readonly [number, string, number?]>): string {
    const id = this.uid('rg');
    const stopXml = stops
      .map(([offset, color, opacity]) => `<stop${attrs({ offset, 'stop-color': color, 'stop-opacity': opacity })}/>`)
      .join('');
    this.def(`<radialGradient id="${id}"${attrs({ cx, cy, r })} gradientUnits="userSpaceOnUse">${stopXml}</radialGradient>`);
    return id;
  }

  /** Full-canvas rectangle with a fill (colour or url(#id)). */
  fill(fill: string, opacity?: number): void {
    this.add(`<rect${attrs({ width: this.size, height: this.size, fill, opacity })}/>`);
  }

  toString(): string {
    const defs = this.defs.length > 0 ? `<defs>${this.defs.join('')}</defs>` : '';
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.size}" height="${this.size}" viewBox="0 0 ${this.size} ${this.size}">${defs}${this.body.join('')}</svg>`;
  }
}
