import type { UserView } from '@tiredash/contracts';
import { makeStore } from '../../app/store';
import { STORAGE_KEYS } from '../../shared/storage/local-state';
import { loggedOut, selectIsLoggedIn, selectRole, sessionResolved, tokenReceived, userLoaded } from './auth.slice';

const user: UserView = {
  id: '0b5c5d5e-8f6a-4b8e-9a3e-1c2d3e4f5a6b',
  documentId: '0b5c5d5e-8f6a-4b8e-9a3e-1c2d3e4f5a6b',
  username: 'casey@example.com',
  email: 'casey@example.com',
  accountType: 'customer',
  role: { name: 'customer', type: 'customer' },
  customer: null,
  business: null,
  location: null,
  serviceArea: null,
  createdAt: '2024-05-01T10:00:00.000Z',
  updatedAt: '2024-05-01T10:00:00.000Z',
};

function stored(): unknown {
  const raw = window.localStorage.getItem(STORAGE_KEYS.auth);
  return raw === null ? null : JSON.parse(raw);
}

describe('auth slice', () => {
  it('starts with isLoading true and nobody logged in', () => {
    const store = makeStore();
    expect(store.getState().auth).toEqual({ user: null, token: null, isLoading: true, signedOutTo: null });
    store.dispatch(sessionResolved());
    expect(store.getState().auth.isLoading).toBe(false);
    expect(selectIsLoggedIn(store.getState())).toBe(false);
  });

  it('persists token and user in localStorage and restores them with isLoading true', () => {
    const store = makeStore();
    store.dispatch(tokenReceived('jwt-1'));
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    store.dispatch(userLoaded(user));
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    expect(selectRole(store.getState())).toBe('customer');
    expect(stored()).toEqual({ token: 'jwt-1', user });

    const reopened = makeStore();
    expect(reopened.getState().auth).toEqual({ user, token: 'jwt-1', isLoading: true, signedOutTo: null });
  });

  it('logout clears user and token, in memory and in storage', () => {
    const store = makeStore();
    store.dispatch(tokenReceived('jwt-1'));
    store.dispatch(userLoaded(user));
    store.dispatch(loggedOut({ redirectTo: '/' }));
    expect(store.getState().auth).toEqual({ user: null, token: null, isLoading: false, signedOutTo: '/' });
    expect(window.localStorage.getItem(STORAGE_KEYS.auth)).toBeNull();
    expect(makeStore().getState().auth.token).toBeNull();
  });

  it('ignores a corrupt stored value', () => {
    window.localStorage.setItem(STORAGE_KEYS.auth, '{"token": 42');
    expect(makeStore().getState().auth.token).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.auth, JSON.stringify({ token: 7, user: 'x' }));
    expect(makeStore().getState().auth.user).toBeNull();
  });
});
