import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { isUnauthenticatedError } from '../apollo/sessionExpiryLink';
import { SignedInUserContext, useCurrentUser } from '../auth/useCurrentUser';
import { ConnectionProblem } from '../shell/ConnectionProblem';
import { NotFound } from '../shell/NotFound';
import { PlaybackLayout } from '../playbackShell/PlaybackLayout';
import { FullPageSpinner, Spinner } from '../shell/Spinner';
import { AvailableRoutesContext } from './availableRoutes';
import { ArtistPage, AVAILABLE_ROUTES, MOUNTED_PAGES, PlaylistPage } from './pages';
import { usePageTitle } from './pageTitle';

/** Shown only when the session ends while the app is open (a signed-out visit loads SignedOutApp instead). */
const SignInScreen = lazy(() => import('../auth/SignInScreen').then((module) => ({ default: module.SignInScreen })));

/** A page with its tab title. */
function Titled({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return children;
}

/** Spinner while the user loads, the auth page at any path when signed out, else the shell with the player. */
export function AppRoutes() {
  const { user, loading, error, refetch } = useCurrentUser();

  if (loading) return <FullPageSpinner />;
  if (!user && error && !isUnauthenticatedError(error)) return <ConnectionProblem onRetry={() => void refetch()} />;
  if (!user) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <SignInScreen />
      </Suspense>
    );
  }

  return (
    <SignedInUserContext value={user}>
      <AvailableRoutesContext value={AVAILABLE_ROUTES}>
        <Routes>
          <Route path="/auth" element={<Navigate to="/" replace />} />
          <Route element={<PlaybackLayout />}>
            {MOUNTED_PAGES.map(({ path, Page, title }) => (
              <Route
                key={path}
                path={path}
                element={
                  <Titled title={title}>
                    <Suspense fallback={<Spinner />}>
                      <Page />
                    </Suspense>
                  </Titled>
                }
              />
            ))}
            {/* The routes with a parameter (SPEC 2 lists none): a playlist's page (its share link) and an AI Artist's page; each titles the tab with its name. */}
            <Route
              path="/playlists/:id"
              element={
                <Suspense fallback={<Spinner />}>
                  <PlaylistPage />
                </Suspense>
              }
            />
            <Route
              path="/artists/:id"
              element={
                <Suspense fallback={<Spinner />}>
                  <ArtistPage />
                </Suspense>
              }
            />
            <Route
              path="*"
              element={
                <Titled title="Page Not Found">
                  <NotFound />
                </Titled>
              }
            />
          </Route>
        </Routes>
      </AvailableRoutesContext>
    </SignedInUserContext>
  );
}
