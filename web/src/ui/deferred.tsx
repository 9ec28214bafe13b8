import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A menu or popover kept out of the first load: its Radix code is a chunk of its own, fetched as soon
 * as the screen around it has rendered. Until it arrives `Placeholder` (the same trigger button)
 * stands in, and a click on it opens the real one once it is there.
 */
export function deferredMenu<Props extends object>(
  load: () => Promise<ComponentType<Props & { defaultOpen?: boolean }>>,
  Placeholder: ComponentType<Props & { onClick: () => void }>,
): ComponentType<Props> {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function DeferredMenu(props: Props) {
    const [openRequested, setOpenRequested] = useState(false);
    return (
      <Suspense fallback={<Placeholder {...props} onClick={() => setOpenRequested(true)} />}>
        <Loaded {...props} defaultOpen={openRequested} />
      </Suspense>
    );
  };
}

const LoadedToaster = lazy(() => import('./Toaster').then((module) => ({ default: module.Toaster })));

/**
 * The toasts' viewport, its Radix code out of the first load: a toast raised before it arrives
 * waits in the toast store and shows (for its full 5 s) once it is there.
 */
export function DeferredToaster() {
  return (
    <Suspense fallback={null}>
      <LoadedToaster />
    </Suspense>
  );
}
