/**
 * Where one generation job's wall time went, in milliseconds per part (a pipeline step, the
 * database writes around the steps, checkpoint writes, the save), plus marks: moments counted from
 * the job's start (the first encoded chunk). Parts of concurrent work overlap, so they need not add
 * up to the total. The completed log line and `npm run bench:generation` show them.
 */
export class JobTimings {
  private readonly started = performance.now();
  private readonly parts = new Map<string, number>();

  add(part: string, ms: number): void {
    this.parts.set(part, (this.parts.get(part) ?? 0) + ms);
  }

  async time<T>(part: string, work: () => Promise<T>): Promise<T> {
    const from = performance.now();
    try {
      return await work();
    } finally {
      this.add(part, performance.now() - from);
    }
  }

  /** Records when `part` happened (ms since the job started), the first time only. */
  mark(part: string): void {
    if (!this.parts.has(part)) this.parts.set(part, performance.now() - this.started);
  }

  elapsedMs(): number {
    return performance.now() - this.started;
  }

  toJSON(): Record<string, number> {
    return Object.fromEntries([...this.parts].map(([part, ms]) => [part, Math.round(ms)]));
  }

  /** One line: "plan 3 ms · render 1250 ms · ...". */
  toString(): string {
    return [...this.parts].map(([part, ms]) => `${part} ${Math.round(ms)} ms`).join(' · ');
  }
}
