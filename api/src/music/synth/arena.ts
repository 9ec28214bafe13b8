/**
 * A bump allocator over one growable buffer, reset before each note: the voices' output and
 * temporaries come from it, so synthesising a song's notes makes no garbage (typed-array memory is
 * collected late, and synthesis would otherwise leave a few times the note table's size behind).
 */
export class SampleArena {
  private buffer = new Float32Array(0);
  private used = 0;

  /** Makes the whole buffer available again: every view handed out before is invalid. */
  reset(): void {
    this.used = 0;
  }

  /** Drops the buffer (it grows again from the next allocation). */
  release(): void {
    this.buffer = new Float32Array(0);
    this.used = 0;
  }

  /** A zeroed stretch of `length` samples, valid until the next reset. */
  readonly allocate = (length: number): Float32Array => {
    if (this.used + length > this.buffer.length) {
      // Views handed out earlier keep the old buffer alive until the note is done.
      this.buffer = new Float32Array(Math.ceil((this.used + length) * 1.5));
      this.used = 0;
    }
    const view = this.buffer.subarray(this.used, this.used + length);
    this.used += length;
    return view.fill(0);
  };
}
