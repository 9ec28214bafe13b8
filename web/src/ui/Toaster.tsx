import { useEffect } from 'react';
import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { dismissToast, useToasts } from './toastStore';
import { showToastsQueuedBeforeReload } from './toastAfterReload';
import './toast.css';

/** SPEC 9: toasts last 5000 ms, are swiped away to the right past 50 px, F8 focuses the viewport. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_VIEWPORT_HOTKEY = ['F8'];

export function Toaster() {
  const toasts = useToasts();

  useEffect(() => {
    showToastsQueuedBeforeReload();
  }, []);

  return (
    <RadixToast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {toasts.map((entry) => (
        <RadixToast.Root
          key={entry.id}
          className="toast"
          data-variant={entry.variant}
          open={entry.open}
          type={entry.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(entry.id);
          }}
        >
          <div className="toast__text">
            <RadixToast.Title className="toast__title">{entry.title}</RadixToast.Title>
            {entry.description && (
              <RadixToast.Description className="toast__description">{entry.description}</RadixToast.Description>
            )}
          </div>
          <RadixToast.Close className="toast__close" aria-label="Dismiss notification">
            <X size={16} aria-hidden />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="toast-viewport" hotkey={TOAST_VIEWPORT_HOTKEY} />
    </RadixToast.Provider>
  );
}
