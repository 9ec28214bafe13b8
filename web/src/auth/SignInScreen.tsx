import { usePageTitle } from '../app/pageTitle';
import { AuthPage } from './AuthPage';

/** The auth page at any path when nobody is signed in, with its tab title. */
export function SignInScreen() {
  usePageTitle('Sign in');
  return <AuthPage />;
}
