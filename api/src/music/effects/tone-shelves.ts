/**
 * The mix bus's tonal balance: a low shelf that trims the bottom and a high shelf that opens the
 * top ("air"), RBJ cookbook biquads (Direct Form I, f64 state). A commercial mix's octave-band
 * spectrum falls about 1.5-3 dB per octave; our synthesised voices fall faster, so the shelves
 * tilt the whole mix towards that balance by an amount each song's brightness decides.
 */

export interface ShelfSettings {
  lowHz: number;
  lowDb: number;
  highHz: number;
  highDb: number;
}

interface Coefficients {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

/** RBJ shelf with slope S = 1. */
function shelf(kind: 'low' | 'high', hz: number, db: number, sampleRate: number): Coefficients {
  const a = 10 ** (db / 40);
  const w = (2 * Math.PI * hz) / sampleRate;
  const cos = Math.cos(w);
  const alpha = (Math.sin(w) / 2) * Math.SQRT2;
  const root = 2 * Math.sqrt(a) * alpha;
  const sign = kind === 'low' ? 1 : -1;
  const a0 = a + 1 + sign * (a - 1) * cos + root;
  return {
    b0: (a * (a + 1 - sign * (a - 1) * cos + root)) / a0,
    b1: (sign * 2 * a * (a - 1 - sign * (a + 1) * cos)) / a0,
    b2: (a * (a + 1 - sign * (a - 1) * cos - root)) / a0,
    a1: (-sign * 2 * (a - 1 + sign * (a + 1) * cos)) / a0,
    a2: (a + 1 + sign * (a - 1) * cos - root) / a0,
  };
}

/** RBJ second-order high-pass (Q 0.707), for measuring the top of a mix. */
export function highPass(hz: number, sampleRate: number): Biquad {
  const w = (2 * Math.PI * hz) / sampleRate;
  const cos = Math.cos(w);
  const alpha = Math.sin(w) / Math.SQRT2;
  const a0 = 1 + alpha;
  return new Biquad({ b0: (1 + cos) / 2 / a0, b1: -(1 + cos) / a0, b2: (1 + cos) / 2 / a0, a1: (-2 * cos) / a0, a2: (1 - alpha) / a0 });
}

export class Biquad {
  private x1 = 0;
  private x2 = 0;
  private y1 = 0;
  private y2 = 0;
  constructor(private readonly c: Coefficients) {}

  /** Filters `x` in place. */
  run(x: Float32Array): void {
    const { b0, b1, b2, a1, a2 } = this.c;
    let { x1, x2, y1, y2 } = this;
    for (let i = 0; i < x.length; i++) {
      const input = x[i];
      let y = b0 * input + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
      if (Math.abs(y) < 1e-30) y = 0; // no subnormal tails in silence
      x2 = x1;
      x1 = input;
      y2 = y1;
      y1 = y;
      x[i] = y;
    }
    Object.assign(this, { x1, x2, y1, y2 });
  }
}

/** Both shelves on both channels, keeping their state between calls. */
export class ToneShelves {
  private readonly filters: [Biquad, Biquad][];

  constructor(settings: ShelfSettings, sampleRate: number) {
    const pair = (): [Biquad, Biquad] => [new Biquad(shelf('low', settings.lowHz, settings.lowDb, sampleRate)), new Biquad(shelf('high', settings.highHz, settings.highDb, sampleRate))];
    this.filters = [pair(), pair()];
  }

  /** Filters a stereo stretch in place (run the audio before a segment through it first to settle it). */
  process(left: Float32Array, right: Float32Array): void {
    [left, right].forEach((channel, c) => {
      for (const filter of this.filters[c]) filter.run(channel);
    });
  }
}
