import type { ReactElement } from 'react';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import './tooltip.css';

export const TooltipProvider = RadixTooltip.Provider;

interface TooltipProps {
  label: string;
  /** The trigger; must accept a ref and forward DOM props (a link or button). */
  children: ReactElement;
  side?: RadixTooltip.TooltipContentProps['side'];
}

export function Tooltip({ label, children, side = 'right' }: TooltipProps) {
  return (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content className="tooltip" side={side} sideOffset={8}>
          {label}
          <RadixTooltip.Arrow className="tooltip__arrow" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
