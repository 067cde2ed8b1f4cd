import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LoginBody } from '@tiredash/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { homeFor } from '../../../app/route-guard';
import { errorMessage, errorStatus } from '../../../shared/api/api-error';
import { useToast } from '../../../shared/toast/use-toast';
import { useLoginMutation } from '../api';
import { loggedOut } from '../auth.slice';
import { AUTH_MESSAGES } from '../auth.validation';
import { useLoadCurrentUser } from './use-load-current-user';

/** POST /auth/local, then the current user, then the role's home; a failure clears the auth state. */
export function useSignIn(): { signIn: (body: LoginBody) => Promise<boolean>; isSigningIn: boolean } {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [login, { isLoading }] = useLoginMutation();
  const loadCurrentUser = useLoadCurrentUser();

  const signIn = useCallback(
    async (body: LoginBody) => {
      try {
        const { jwt } = await login(body).unwrap();
        const me = await loadCurrentUser(jwt);
        toast(AUTH_MESSAGES.loginSuccess);
        void navigate(homeFor(me.role?.name), { replace: true });
        return true;
      } catch (error) {
        dispatch(loggedOut({ redirectTo: null }));
        const description =
          errorStatus(error) === 429 ? errorMessage(error, AUTH_MESSAGES.loginFailed.description) : AUTH_MESSAGES.loginFailed.description;
        toast({ ...AUTH_MESSAGES.loginFailed, description, variant: 'destructive' });
        return false;
      }
    },
    [dispatch, login, loadCurrentUser, navigate, toast],
  );

  return { signIn, isSigningIn: isLoading };
}
