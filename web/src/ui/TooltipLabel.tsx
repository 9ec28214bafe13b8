import { useEffect, useRef } from 'react';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { TooltipEngagement, TooltipProps } from './Tooltip';
import './tooltip.css';

/** Hover time before a label shows. Each tooltip has its own provider: an app-wide one would put Radix in the first load. */
const DELAY_MS = 300;

/** The Radix tooltip around its trigger (loaded after the first screen; see Tooltip). */
export function TooltipLabel({ label, children, side = 'right', engaged }: TooltipProps & { engaged: TooltipEngagement }) {
  const trigger = useRef<HTMLButtonElement>(null);
  // The trigger replaced the stand-in the keyboard was on: keep the focus there.
  const focusOnMount = useRef(engaged === 'focus');
  useEffect(() => {
    if (focusOnMount.current) trigger.current?.focus();
  }, []);
  return (
    <RadixTooltip.Provider delayDuration={DELAY_MS}>
      <RadixTooltip.Root defaultOpen={engaged !== null}>
        <RadixTooltip.Trigger asChild ref={trigger}>
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className="tooltip" side={side} sideOffset={8}>
            {label}
            <RadixTooltip.Arrow className="tooltip__arrow" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
