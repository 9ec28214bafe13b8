import { useEffect, type RefObject } from 'react';

/** CSS variable on <html>: the height the shell's bottom rows (banner, player bar) take from the viewport. */
export const BOTTOM_INSET_VARIABLE = '--shell-bottom-inset';

/**
 * Keeps BOTTOM_INSET_VARIABLE equal to the distance from the top of the first of `rows` to the
 * bottom of the viewport, so overlays outside the shell (the toast viewport) sit above the player
 * bar and the install band instead of over their controls.
 */
export function useBottomInset(rows: ReadonlyArray<RefObject<HTMLElement | null>>): void {
  useEffect(() => {
    const root = document.documentElement;
    const measure = () => {
      // A hidden row (the empty banner) measures 0 high and takes no room.
      const boxes = rows.flatMap((row) => (row.current ? [row.current.getBoundingClientRect()] : [])).filter((box) => box.height > 0);
      const tops = boxes.map((box) => box.top);
      const inset = tops.length ? Math.max(0, window.innerHeight - Math.min(...tops)) : 0;
      root.style.setProperty(BOTTOM_INSET_VARIABLE, `${Math.round(inset)}px`);
    };
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    for (const row of rows) if (row.current) observer?.observe(row.current);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(BOTTOM_INSET_VARIABLE);
    };
    // Refs are stable objects; their elements are read at each measure.
  }, [rows]);
}
