import { lazy, Suspense, type ReactNode } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { isUnauthenticatedError } from '../apollo/sessionExpiryLink';
import { SignedInUserContext, useCurrentUser } from '../auth/useCurrentUser';
import { ConnectionProblem } from '../shell/ConnectionProblem';
import { NotFound } from '../shell/NotFound';
import { PlaybackLayout } from '../playbackShell/PlaybackLayout';
import { FullPageSpinner, Spinner } from '../shell/Spinner';
import { AvailableRoutesContext } from './availableRoutes';
import { ArtistPage, AVAILABLE_ROUTES, DevelopersPage, MOUNTED_PAGES, PlaylistPage } from './pages';
import { usePageTitle } from './pageTitle';

/** Shown only when the session ends while the app is open (a signed-out visit loads SignedOutApp instead). */
const SignInScreen = lazy(() => import('../auth/SignInScreen').then((module) => ({ default: module.SignInScreen })));

/** A page with its tab title. */
function Titled({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return children;
}

/** /developers for a signed-out visitor: the page alone, with the way in. */
function PublicDevelopersPage() {
  usePageTitle('Developers');
  return (
    <>
      <p className="developers__signin">
        <Link to="/">Sign in to Songforge</Link>
      </p>
      <Suspense fallback={<Spinner />}>
        <DevelopersPage />
      </Suspense>
    </>
  );
}

/** Spinner while the user loads, the auth page at any path (but the public /developers) when signed out, else the shell with the player. */
export function AppRoutes() {
  const { user, loading, error, refetch } = useCurrentUser();
  const { pathname } = useLocation();

  if (loading) return <FullPageSpinner />;
  if (!user && error && !isUnauthenticatedError(error)) return <ConnectionProblem onRetry={() => void refetch()} />;
  if (!user) {
    if (pathname === '/developers') return <PublicDevelopersPage />;
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
            {/* Public (issue 19): also open signed out, above. */}
            <Route
              path="/developers"
              element={
                <Titled title="Developers">
                  <Suspense fallback={<Spinner />}>
                    <DevelopersPage />
                  </Suspense>
                </Titled>
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
