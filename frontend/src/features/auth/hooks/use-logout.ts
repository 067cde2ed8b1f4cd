import { useCallback } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { baseApi } from '../../../shared/api/base-api';
import { loggedOut } from '../auth.slice';

/** Where each area sends the user after logout (spec: customer to '/', provider and admin to /login). */
export const LOGOUT_TARGET = {
  customer: '/',
  provider: '/login',
  admin: '/login',
} as const;

export function useLogout(area: keyof typeof LOGOUT_TARGET): () => void {
  const dispatch = useAppDispatch();
  return useCallback(() => {
    dispatch(loggedOut({ redirectTo: LOGOUT_TARGET[area] }));
    dispatch(baseApi.util.resetApiState());
  }, [dispatch, area]);
}
