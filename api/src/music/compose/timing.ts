/**
 * Musical time (beats from the start of the song) to seconds, with swing applied.
 */

export class TimeGrid {
  readonly beatSeconds: number;
  readonly barSeconds: number;
  /** Length in beats of the swung subdivision (0.5 for 8ths, 0.25 for 16ths). */
  private readonly unit: number;

  constructor(
    readonly bpm: number,
    readonly beatsPerBar: number,
    /** 0 straight .. 1/3 triplet shuffle: how far the off-beat moves towards the next on-beat. */
    readonly swing: number,
    swingUnit: 8 | 16,
  ) {
    this.beatSeconds = 60 / bpm;
    this.barSeconds = this.beatSeconds * beatsPerBar;
    this.unit = swingUnit === 8 ? 0.5 : 0.25;
  }

  /**
   * Seconds at a position in beats. Within each pair of subdivisions the first is stretched and
   * the second compressed (piecewise linear), so off-beats land late and on-beats stay exact.
   */
  seconds(beats: number): number {
    const pair = this.unit * 2;
    const pairStart = Math.floor(beats / pair + 1e-9) * pair;
    const within = beats - pairStart;
    const offbeat = this.unit * (1 + this.swing);
    const swung = within <= this.unit ? (within / this.unit) * offbeat : offbeat + ((within - this.unit) / this.unit) * (pair - offbeat);
    return (pairStart + swung) * this.beatSeconds;
  }

  /** Seconds between two beat positions, swing included. */
  span(startBeat: number, endBeat: number): number {
    return this.seconds(endBeat) - this.seconds(startBeat);
  }
}
