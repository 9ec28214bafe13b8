/**
 * Whole answers (JSON text) by key, each with the state it was built from: one answers only while the
 * caller's state is that very object, or one that shows the same. Oldest first, within a budget of
 * characters (UTF-16 code units, about bytes), so a process keeps at most that much whatever the
 * number of users.
 */
export class KeptJson<S> {
  private readonly answers = new Map<string, { state: S; json: string }>();
  private chars = 0;

  /**
   * `sameState`, when given, tells states that differ as objects but show the same (a read again that
   * found nothing changed): an answer built from one answers for the other.
   */
  constructor(
    private readonly charsMax: number,
    private readonly sameState?: (kept: S, current: S) => boolean,
  ) {}

  /** The answer kept under `key` when it was built from `state` (or one `sameState` finds equal: it moves to `state`), else null. */
  get(key: string, state: S): string | null {
    const kept = this.answers.get(key);
    if (!kept) return null;
    if (kept.state !== state) {
      if (!this.sameState?.(kept.state, state)) return null;
      kept.state = state;
    }
    return kept.json;
  }

  /** Keeps `json`, built from `state`, under `key`; the oldest answers go past the budget. */
  set(key: string, state: S, json: string): void {
    this.delete(key);
    this.answers.set(key, { state, json });
    this.chars += json.length;
    for (const oldest of this.answers.keys()) {
      if (this.chars <= this.charsMax) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.answers.clear();
    this.chars = 0;
  }

  private delete(key: string): void {
    const kept = this.answers.get(key);
    if (!kept) return;
    this.answers.delete(key);
    this.chars -= kept.json.length;
  }
}
