import { DeferredToaster } from '../ui/deferred';
import { SignInScreen } from './SignInScreen';

/**
 * What a signed-out visitor's first load renders: the sign-in screen and its toasts, without
 * Apollo, the router, the shell or the player (signing in reloads into the full app).
 */
export function SignedOutApp() {
  return (
    <>
      <SignInScreen />
      <DeferredToaster />
    </>
  );
}
