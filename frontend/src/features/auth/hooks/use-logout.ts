import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { baseApi } from '../../../shared/api/base-api';
import { env } from '../../../shared/env';
import { loggedOut } from '../auth.slice';

/** Where each area sends the user after logout (spec: customer to '/', provider and admin to /login). */
export const LOGOUT_TARGET = {
  customer: '/',
  provider: '/login',
  admin: '/login',
} as const;

/**
 * Logout: the server revokes the token (POST /api/auth/logout: no replica or socket accepts it again), and the
 * session is cleared here at once, whatever the network does (a token the server did not hear about still expires).
 */
export function useLogout(area: keyof typeof LOGOUT_TARGET): () => void {
  const dispatch = useAppDispatch();
  const token = useAppSelector((s) => s.auth.token);
  return useCallback(() => {
    if (token && typeof fetch === 'function') {
      void fetch(`${env.apiBaseUrl}/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, credentials: 'include', keepalive: true }).catch(() => undefined);
    }
    dispatch(loggedOut({ redirectTo: LOGOUT_TARGET[area] }));
    dispatch(baseApi.util.resetApiState());
  }, [dispatch, area, token]);
}
