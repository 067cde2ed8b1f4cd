import { useCallback } from 'react';
import type { UserView } from '@tiredash/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { useLazyMeQuery } from '../api';
import { loggedOut, tokenReceived, userLoaded } from '../auth.slice';

/**
 * Stores a fresh token, then loads the current user (GET /users/me?populate=*).
 * If loading the user fails, the session is cleared (spec section 4) and the error rethrown.
 */
export function useLoadCurrentUser(): (jwt: string) => Promise<UserView> {
  const dispatch = useAppDispatch();
  const [fetchMe] = useLazyMeQuery();
  return useCallback(
    async (jwt: string) => {
      dispatch(tokenReceived(jwt));
      try {
        const me = await fetchMe(undefined, false).unwrap();
        dispatch(userLoaded(me));
        return me;
      } catch (error) {
        dispatch(loggedOut({ redirectTo: null }));
        throw error;
      }
    },
    [dispatch, fetchMe],
  );
}
