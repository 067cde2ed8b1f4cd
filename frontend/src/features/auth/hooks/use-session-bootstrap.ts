import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { errorStatus } from '../../../shared/api/api-error';
import { useLazyMeQuery } from '../api';
import { loggedOut, selectAuth, sessionResolved, userLoaded } from '../auth.slice';

/**
 * On start, checks the stored session: with a token the current user is reloaded (role and
 * profile may have changed); a token the server refuses ends the session. isLoading ends here.
 */
export function useSessionBootstrap(): void {
  const dispatch = useAppDispatch();
  const { token, isLoading } = useAppSelector(selectAuth);
  const [fetchMe] = useLazyMeQuery();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !isLoading) return;
    started.current = true;
    if (!token) {
      dispatch(sessionResolved());
      return;
    }
    fetchMe(undefined, false)
      .unwrap()
      .then((me) => dispatch(userLoaded(me)))
      .catch((error: unknown) => {
        const status = errorStatus(error);
        if (status === 401 || status === 403 || status === 404) dispatch(loggedOut({ redirectTo: null }));
        else {
          console.warn('Could not refresh the current user; keeping the stored session', error);
          dispatch(sessionResolved());
        }
      });
  }, [dispatch, fetchMe, isLoading, token]);
}
