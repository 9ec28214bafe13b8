import { cloneElement, lazy, Suspense, useState, type FocusEvent, type PointerEvent, type ReactElement } from 'react';

/** How the pointer or keyboard is on a trigger whose tooltip code is still loading. */
export type TooltipEngagement = 'hover' | 'focus' | null;

export interface TooltipProps {
  label: string;
  /** The trigger; must accept a ref and forward DOM props (a link or button). */
  children: ReactElement<TriggerHandlers>;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

interface TriggerHandlers {
  onPointerEnter?: (event: PointerEvent) => void;
  onPointerLeave?: (event: PointerEvent) => void;
  onFocus?: (event: FocusEvent) => void;
  onBlur?: (event: FocusEvent) => void;
}

const TooltipLabel = lazy(() => import('./TooltipLabel').then((module) => ({ default: module.TooltipLabel })));

/**
 * A label on hover and focus. Its Radix code is not in the first load: the bare trigger shows until
 * it arrives, and a trigger hovered or focused meanwhile shows its label (and keeps focus) once it is there.
 */
export function Tooltip(props: TooltipProps) {
  const [engaged, setEngaged] = useState<TooltipEngagement>(null);
  const own = props.children.props;
  const standIn = cloneElement(props.children, {
    onPointerEnter: (event: PointerEvent) => (own.onPointerEnter?.(event), setEngaged('hover')),
    onPointerLeave: (event: PointerEvent) => (own.onPointerLeave?.(event), setEngaged(null)),
    onFocus: (event: FocusEvent) => (own.onFocus?.(event), setEngaged('focus')),
    onBlur: (event: FocusEvent) => (own.onBlur?.(event), setEngaged(null)),
  });
  return (
    <Suspense fallback={standIn}>
      <TooltipLabel {...props} engaged={engaged} />
    </Suspense>
  );
}
