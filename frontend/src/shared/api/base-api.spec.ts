import type { UserView } from '@tiredash/contracts';
import { makeStore } from '../../app/store';
import { tokenReceived, userLoaded } from '../../features/auth/auth.slice';
import { authApi } from '../../features/auth/api';
import { deferred, stubFetch, type FetchStub } from '../../test/fetch-stub';

const user = (role: string | null = 'provider') => ({ id: 'u1', email: 'p@example.test', role: role ? { name: role, type: role } : null }) as unknown as UserView;

/** A signed-in store whose access token the server no longer takes. */
function signedIn(token = 'old-token') {
  const store = makeStore();
  store.dispatch(tokenReceived(token));
  store.dispatch(userLoaded(user()));
  return store;
}

const meWith = (valid: string) => (call: { request: Request }) =>
  call.request.headers.get('authorization') === `Bearer ${valid}`
    ? { json: { id: 'u1', email: 'p@example.test', role: { name: 'provider', type: 'provider' } } }
    : { status: 401, json: { error: { status: 401, code: 'UNAUTHENTICATED', message: 'Token expired' } } };

describe('the base query renews the session on a 401', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it('refreshes once with the cookie, keeps the new token and user, and retries the call', async () => {
    api = stubFetch({
      'GET /api/users/me': meWith('new-token'),
      'POST /api/auth/refresh': { json: { jwt: 'new-token', user: user('provider') } },
    });
    const store = signedIn();
    const me = await store.dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true }));
    expect(me.data).toMatchObject({ id: 'u1' });
    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(1);
    // The cookie travels with the refresh (credentials), the call is retried with the new token.
    expect(api.callsTo('POST /api/auth/refresh')[0].request.credentials).toBe('include');
    expect(api.callsTo('GET /api/users/me').map((c) => c.request.headers.get('authorization'))).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(store.getState().auth).toMatchObject({ token: 'new-token', user: { id: 'u1' }, signedOutTo: null });
  });

  it('has one refresh in flight for many calls refused at once; each is retried with the new token', async () => {
    const gate = deferred<{ json: unknown }>();
    api = stubFetch({
      'GET /api/users/me': meWith('new-token'),
      'GET /api/providers/p1': (call) =>
        call.request.headers.get('authorization') === 'Bearer new-token' ? { json: { data: { id: 'p1' } } } : { status: 401, json: {} },
      'POST /api/auth/refresh': () => gate.promise,
    });
    const store = signedIn();
    const calls = [
      store.dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true })),
      store.dispatch(
        authApi.injectEndpoints({ endpoints: (b) => ({ probe: b.query<unknown, void>({ query: () => '/providers/p1' }) }), overrideExisting: true }).endpoints.probe.initiate(),
      ),
    ];
    await new Promise((r) => setTimeout(r, 50));
    gate.resolve({ json: { jwt: 'new-token', user: user() } });
    const [me, probe] = await Promise.all(calls);
    expect(me.data).toMatchObject({ id: 'u1' });
    expect(probe.data).toEqual({ data: { id: 'p1' } });
    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(1);
  });

  it('ends the session (to /login) when the refresh is refused, and does not loop', async () => {
    api = stubFetch({
      'GET /api/users/me': meWith('never'),
      'POST /api/auth/refresh': { status: 401, json: { error: { status: 401, code: 'UNAUTHENTICATED', message: 'Session ended: sign in again' } } },
    });
    const store = signedIn();
    const me = store.dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true }));
    await expect(me.unwrap()).rejects.toMatchObject({ status: 401 });
    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(1);
    expect(api.callsTo('GET /api/users/me')).toHaveLength(1);
    // The previous user's cached answers are gone with the session.
    await new Promise((r) => setTimeout(r, 10));
    expect(store.getState().api.queries).toEqual({});
    expect(store.getState().auth).toMatchObject({ token: null, user: null, signedOutTo: '/login' });
  });

  it('never refreshes for a failed login or a call made without a session', async () => {
    api = stubFetch({
      'POST /api/auth/local': { status: 401, json: { error: { status: 401, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' } } },
      'GET /api/users/me': { status: 401, json: {} },
      'POST /api/auth/refresh': { json: { jwt: 'x', user: user() } },
    });
    const store = makeStore();
    await store.dispatch(authApi.endpoints.login.initiate({ identifier: 'a@example.test', password: 'wrong-password' }));
    await store.dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true }));
    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(0);
    const signed = signedIn();
    await signed.dispatch(authApi.endpoints.login.initiate({ identifier: 'a@example.test', password: 'wrong-password' }));
    expect(api.callsTo('POST /api/auth/refresh')).toHaveLength(0);
    expect(signed.getState().auth.token).toBe('old-token');
  });

  it('keeps the session when the server cannot be reached for the refresh', async () => {
    api = stubFetch({ 'GET /api/users/me': meWith('never') });
    const original = globalThis.fetch;
    const stubbed = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith('/auth/refresh')) throw new TypeError('Failed to fetch');
      return stubbed(input, init);
    }) as typeof fetch;
    try {
      const store = signedIn();
      const me = await store.dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true }));
      expect(me.error).toMatchObject({ status: 401 });
      expect(store.getState().auth).toMatchObject({ token: 'old-token', signedOutTo: null });
    } finally {
      globalThis.fetch = original;
    }
  });
});
