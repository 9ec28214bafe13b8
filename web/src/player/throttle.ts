/**
 * Leading + trailing throttle: the first call runs at once, later calls within `intervalMs` are
 * folded into one call at the end of the interval (so the last value always lands).
 */
export interface Throttled {
  (): void;
  cancel(): void;
}

export function throttle(run: () => void, intervalMs: number, now: () => number = () => Date.now()): Throttled {
  let lastRun = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    lastRun = now();
    run();
  };
  const throttled = (() => {
    const wait = lastRun + intervalMs - now();
    if (wait <= 0 && timer === null) fire();
    else if (timer === null) timer = setTimeout(fire, Math.max(0, wait));
  }) as Throttled;
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return throttled;
}
