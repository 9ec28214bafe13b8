/**
 * A value made on first use and shared after. Start-up imports every feature's module; a heavy
 * library that only some requests need (image resizing, zip writing, NLP, the Stripe SDK) is
 * imported through this instead, so it costs nothing until that first request (issue 20: start-up).
 */
export function lazy<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => {
    made ??= make().catch((error: unknown) => {
      made = null; // a failed import is retried by the next caller
      throw error;
    });
    return made;
  };
}

/** sharp (libvips): avatars, uploaded covers and Subsonic cover sizes. */
export const loadSharp = lazy(() => import('sharp').then((module) => module.default));

/** archiver's zip writer: stem downloads and account exports. */
export const loadZipArchive = lazy(() => import('archiver').then((module) => module.ZipArchive));
