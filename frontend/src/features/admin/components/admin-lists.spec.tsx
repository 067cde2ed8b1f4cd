import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { ProviderView, UserView } from '@tiredash/contracts';
import { makeStore } from '../../../app/store';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { stubFetch, type FetchStub, type StubCall } from '../../../test/fetch-stub';
import { tokenReceived } from '../../auth/auth.slice';
import { ProviderApprovals } from './provider-approvals';
import { UserManagement } from './user-management';

function user(i: number): UserView {
  return {
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    username: `user${i}`,
    email: `user${i}@example.test`,
    role: { name: 'customer', type: 'customer' },
    customer: { documentId: `c${i}`, fullName: i === 31 ? 'Quinn Searchable' : `Customer ${i}`, phone: '555' },
    business: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  } as unknown as UserView;
}

/** The server: 40 users, 25 a page, `search` on the name. */
function usersApi(call: StubCall) {
  const page = Number(call.url.searchParams.get('pagination[page]') ?? 1);
  const search = (call.url.searchParams.get('search') ?? '').toLowerCase();
  const all = Array.from({ length: 40 }, (_, i) => user(i + 1)).filter((u) => !search || (u.customer?.fullName ?? '').toLowerCase().includes(search));
  const items = all.slice((page - 1) * 25, page * 25);
  return { json: { data: items, meta: { pagination: { page, pageSize: 25, pageCount: Math.ceil(all.length / 25), total: all.length } } } };
}

function renderWith(ui: React.ReactNode) {
  const store = makeStore();
  store.dispatch(tokenReceived('admin-token'));
  render(
    <Provider store={store}>
      <ToastProvider>{ui}</ToastProvider>
    </Provider>,
  );
  return userEvent.setup();
}

describe('admin lists', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it('pages the users 25 at a time with Previous / Next', async () => {
    api = stubFetch({ 'GET /api/users': usersApi });
    const u = renderWith(<UserManagement />);
    expect(await screen.findByText('Page 1 of 2 · 40 in all')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await u.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2 · 40 in all')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(16));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('searches the users (back to page 1) and says when nothing matches', async () => {
    api = stubFetch({ 'GET /api/users': usersApi });
    const u = renderWith(<UserManagement />);
    await screen.findByText('Page 1 of 2 · 40 in all');
    await u.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2 · 40 in all');
    await u.type(screen.getByLabelText('Search users'), 'quinn');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Users pages' })).not.toBeInTheDocument());
    expect(screen.getByText('Quinn Searchable')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    const last = api.callsTo('GET /api/users').at(-1);
    expect([last?.url.searchParams.get('search'), last?.url.searchParams.get('pagination[page]')]).toEqual(['quinn', '1']);
    await u.clear(screen.getByLabelText('Search users'));
    await u.type(screen.getByLabelText('Search users'), 'nobody');
    expect(await screen.findByText('No users match “nobody”.')).toBeInTheDocument();
  });

  it('searches the pending applications', async () => {
    const provider = (name: string) => ({ documentId: name, businessName: name, phone: '555', createdAt: '2026-01-01T00:00:00.000Z', user: null }) as unknown as ProviderView;
    api = stubFetch({
      'GET /api/providers': (call) => {
        const search = call.url.searchParams.get('search');
        const items = search ? [provider('Zebra Tires')].filter((p) => p.businessName.toLowerCase().includes(search.toLowerCase())) : [provider('Alpha Tires'), provider('Zebra Tires')];
        return { json: { data: items, meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: items.length } } } };
      },
    });
    const u = renderWith(<ProviderApprovals />);
    expect(await screen.findByText('Alpha Tires')).toBeInTheDocument();
    expect(api.callsTo('GET /api/providers')[0]?.url.searchParams.get('filters[isApproved][$null]')).toBe('true');
    await u.type(screen.getByLabelText('Search applications'), 'zeb');
    await waitFor(() => expect(screen.queryByText('Alpha Tires')).not.toBeInTheDocument());
    expect(screen.getByText('Zebra Tires')).toBeInTheDocument();
    await u.type(screen.getByLabelText('Search applications'), 'xx');
    expect(await screen.findByText('No applications match “zebxx”.')).toBeInTheDocument();
  });
});
