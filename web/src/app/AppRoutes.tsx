import { Navigate, Route, Routes } from 'react-router';
import { isUnauthenticatedError } from '../apollo/sessionExpiryLink';
import { AuthPage } from '../auth/AuthPage';
import { SignedInUserContext, useCurrentUser } from '../auth/useCurrentUser';
import { ConnectionProblem } from '../shell/ConnectionProblem';
import { NotFound } from '../shell/NotFound';
import { PlaybackLayout } from '../playbackShell/PlaybackLayout';
import { FullPageSpinner } from '../shell/Spinner';
import { PlaylistPage } from '../playlists/PlaylistPage';
import { AvailableRoutesContext } from './availableRoutes';
import { AVAILABLE_ROUTES, MOUNTED_PAGES } from './pages';

/** Spinner while the user loads, the auth page at any path when signed out, else the shell with the player. */
export function AppRoutes() {
  const { user, loading, error, refetch } = useCurrentUser();

  if (loading) return <FullPageSpinner />;
  if (!user && error && !isUnauthenticatedError(error)) return <ConnectionProblem onRetry={() => void refetch()} />;
  if (!user) return <AuthPage />;

  return (
    <SignedInUserContext value={user}>
      <AvailableRoutesContext value={AVAILABLE_ROUTES}>
        <Routes>
          <Route path="/auth" element={<Navigate to="/" replace />} />
          <Route element={<PlaybackLayout />}>
            {MOUNTED_PAGES.map(({ path, Page }) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            {/* The one route with a parameter (SPEC 2 lists none): a playlist's page is its share link. */}
            <Route path="/playlists/:id" element={<PlaylistPage />} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </AvailableRoutesContext>
    </SignedInUserContext>
  );
}
