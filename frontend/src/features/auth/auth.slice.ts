import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserView } from '@tiredash/contracts';
import { sessionExpired, sessionRenewed } from '../../shared/api/session-renewal';
import { readStored, STORAGE_KEYS, writeStored } from '../../shared/storage/local-state';

/** Client auth state (spec section 3): user, token and isLoading, which starts true. */
export interface AuthState {
  user: UserView | null;
  token: string | null;
  isLoading: boolean;
  /** Where to go after a logout (customer area: '/', provider and admin areas: /login); not persisted. */
  signedOutTo: string | null;
}

/** The part of the auth state kept in localStorage. */
export interface PersistedAuth {
  user: UserView | null;
  token: string | null;
}

function isPersistedAuth(value: unknown): value is PersistedAuth {
  if (typeof value !== 'object' || value === null) return false;
  const { user, token } = value as Record<string, unknown>;
  const tokenOk = token === null || typeof token === 'string';
  const userOk = user === null || (typeof user === 'object' && user !== null && typeof (user as { id?: unknown }).id === 'string');
  return tokenOk && userOk;
}

export function loadAuthState(): AuthState {
  const stored = readStored(STORAGE_KEYS.auth, isPersistedAuth);
  return { user: stored?.user ?? null, token: stored?.token ?? null, isLoading: true, signedOutTo: null };
}

export function persistAuthState(state: AuthState): void {
  if (!state.token && !state.user) writeStored(STORAGE_KEYS.auth, null);
  else writeStored(STORAGE_KEYS.auth, { user: state.user, token: state.token } satisfies PersistedAuth);
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: loadAuthState,
  reducers: {
    /** Login or registration answered with a token; the user is loaded next. */
    tokenReceived(state, action: PayloadAction<string>) {
      state.token = action.payload;
      state.signedOutTo = null;
    },
    /** GET /users/me answered. */
    userLoaded(state, action: PayloadAction<UserView>) {
      state.user = action.payload;
      state.isLoading = false;
    },
    /** The stored session was checked (or there was none). */
    sessionResolved(state) {
      state.isLoading = false;
    },
    /** Logout, a failed login or a failed user load: clears user and token. */
    loggedOut(state, action: PayloadAction<{ redirectTo: string | null }>) {
      state.user = null;
      state.token = null;
      state.isLoading = false;
      state.signedOutTo = action.payload.redirectTo;
    },
    signedOutHandled(state) {
      state.signedOutTo = null;
    },
  },
  extraReducers: (builder) => {
    builder
      // The refresh cookie got a new access token (and the user as it is now: a role or approval may have changed).
      .addCase(sessionRenewed, (state, action) => {
        state.token = action.payload.jwt;
        state.user = action.payload.user;
        state.signedOutTo = null;
      })
      // The refresh was refused: signed out, to the login page.
      .addCase(sessionExpired, (state) => {
        state.user = null;
        state.token = null;
        state.isLoading = false;
        state.signedOutTo = '/login';
      });
  },
});

export const { tokenReceived, userLoaded, sessionResolved, loggedOut, signedOutHandled } = authSlice.actions;

interface WithAuth {
  auth: AuthState;
}

export const selectAuth = (state: WithAuth): AuthState => state.auth;
export const selectIsLoggedIn = (state: WithAuth): boolean => Boolean(state.auth.token && state.auth.user);
export const selectRole = (state: WithAuth): string | null => state.auth.user?.role?.name ?? null;
export const selectCurrentUser = (state: WithAuth): UserView | null => state.auth.user;
