import type { ComponentPropsWithRef } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { deferredMenu } from '../ui/deferred';

/** The player bar's mixer button: the popover's trigger, and its stand-in until the popover's code is loaded. */
export function MixerButton(props: ComponentPropsWithRef<'button'>) {
  return (
    <button type="button" className="player-icon-button" aria-label="Mixer settings" {...props}>
      <SlidersHorizontal aria-hidden size={20} />
    </button>
  );
}

/** The mixer settings popover, out of the first load. */
export const DeferredMixerPanel = deferredMenu(() => import('./MixerPanel').then((module) => module.MixerPanel), MixerButton);
