import { useCallback } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { toast } from '../ui/toastStore';
import { logoutRequest } from './authApi';
import { describeAuthFailure } from './authErrors';
import { clearSession } from './session';

/** Sign Out: ends the server session, clears every cached result and goes to /auth (SPEC 2, 4). */
export function useLogout(): () => Promise<void> {
  const client = useApolloClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logoutRequest();
    } catch (error) {
      toast({ title: 'Logout failed', description: describeAuthFailure(error), variant: 'destructive' });
      return;
    }
    // Clear before navigating: while a user is cached, /auth redirects to home.
    await clearSession(client);
    navigate('/auth', { replace: true });
    toast({ title: 'Logout successful', description: 'See you next time!' });
  }, [client, navigate]);
}
