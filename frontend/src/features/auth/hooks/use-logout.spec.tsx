import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { tokenReceived } from '../auth.slice';
import { useLogout } from './use-logout';

function LogoutButton() {
  const logout = useLogout('customer');
  return (
    <button type="button" onClick={logout}>
      Logout
    </button>
  );
}

describe('logout', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it('asks the server to revoke the token, and clears the session at once', async () => {
    api = stubFetch({ 'POST /api/auth/logout': { status: 204 } });
    const store = makeStore();
    store.dispatch(tokenReceived('customer-token'));
    render(
      <Provider store={store}>
        <LogoutButton />
      </Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(store.getState().auth.token).toBeNull();
    await waitFor(() => expect(api.callsTo('POST /api/auth/logout')).toHaveLength(1));
    expect(api.callsTo('POST /api/auth/logout')[0]?.request.headers.get('authorization')).toBe('Bearer customer-token');
  });
});
