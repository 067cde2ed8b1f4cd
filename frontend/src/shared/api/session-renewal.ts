import { createAction } from '@reduxjs/toolkit';
import type { AuthResponse } from '@tiredash/contracts';
import { createContext } from 'react';
import { env } from '../env';

/**
 * Access tokens live 15 minutes; the refresh token sits in an httpOnly cookie (Path=/api/auth) that no script reads.
 * POST /api/auth/refresh exchanges it for a new access token (and rotates it). These are the session's two outcomes,
 * handled by the auth slice (shared code does not import features).
 */
export const sessionRenewed = createAction<AuthResponse>('session/renewed');
/** The refresh was refused (expired, revoked, reused, or no cookie): the user signs in again. */
export const sessionExpired = createAction('session/expired');

interface SessionState {
  auth: { token: string | null };
}

export type RenewOutcome = 'renewed' | 'ended' | 'unreachable';

type Dispatch = (action: ReturnType<typeof sessionRenewed> | ReturnType<typeof sessionExpired>) => unknown;

/** The refresh in flight: one at a time for the whole page (the refresh token is rotated, a second call would replay it). */
let inFlight: Promise<RenewOutcome> | null = null;

/**
 * Renews the session once, however many callers ask at the same time (a dashboard's parallel queries all getting a
 * 401, a socket refused at the handshake): every caller waits for the same POST /api/auth/refresh.
 */
export function renewSession(dispatch: Dispatch): Promise<RenewOutcome> {
  inFlight ??= (async (): Promise<RenewOutcome> => {
    try {
      const res = await fetch(`${env.apiBaseUrl}/auth/refresh`, { method: 'POST', credentials: 'include' });
      if (!res.ok) {
        dispatch(sessionExpired());
        return 'ended';
      }
      dispatch(sessionRenewed((await res.json()) as AuthResponse));
      return 'renewed';
    } catch {
      // Offline or the server unreachable: the session is not known to be over, so it is kept.
      return 'unreachable';
    }
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** The current access token, for callers outside React (the base query, the socket's handshake). */
export const tokenOf = (state: unknown): string | null => (state as SessionState).auth.token;

/**
 * How the realtime hooks renew the session when the server ends a socket (its token expired or was revoked);
 * null outside the app (component tests without a store).
 */
export const SessionRenewalContext = createContext<(() => Promise<RenewOutcome>) | null>(null);
