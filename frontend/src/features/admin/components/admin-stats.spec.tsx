import { act, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { AdminStatsView } from '@tiredash/contracts';
import { makeStore } from '../../../app/store';
import { FakeRealtimeSocket } from '../../../shared/realtime/fake-realtime-socket';
import { RealtimeSocketFactoryContext } from '../../../shared/realtime/realtime-context';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { tokenReceived } from '../../auth/auth.slice';
import { AdminStats } from './admin-stats';

const stats = (reportedIssues: number): AdminStatsView =>
  ({ totalCustomers: 12, totalProviders: 4, totalRevenue: 540, jobsToday: 3, averageRating: 4.5, reportedIssues, pendingSources: [] }) as unknown as AdminStatsView;

describe('AdminStats', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it("reads the tiles again when a party reports a problem (problem_reported on the admin's socket) and names it in a toast", async () => {
    let open = 1;
    api = stubFetch({ 'GET /api/dashboard': () => ({ json: { data: stats(open) } }) });
    const socket = new FakeRealtimeSocket();
    const store = makeStore();
    store.dispatch(tokenReceived('admin-token'));
    render(
      <Provider store={store}>
        <ToastProvider>
          <RealtimeSocketFactoryContext.Provider value={() => socket}>
            <AdminStats />
          </RealtimeSocketFactoryContext.Provider>
        </ToastProvider>
      </Provider>,
    );
    const tile = (await screen.findByText('Reported Issues')).closest('.stat') as HTMLElement;
    expect(await within(tile).findByText('1')).toBeInTheDocument();
    expect(socket.listenerCount('problem_reported')).toBe(1);
    const before = api.callsTo('GET /api/dashboard').length;

    open = 2;
    act(() =>
      socket.deliver('problem_reported', {
        reportId: '6f1d2c1e-9a4b-4c2d-8e7f-0a1b2c3d4e5f',
        requestId: '7a1d2c1e-9a4b-4c2d-8e7f-0a1b2c3d4e5f',
        reporterRole: 'customer',
        category: 'damage',
        openedAt: '2030-01-01T12:00:00.000Z',
      }),
    );
    expect(await within(tile).findByText('2')).toBeInTheDocument();
    expect(api.callsTo('GET /api/dashboard').length).toBe(before + 1);
    expect(await screen.findByText('Damage to my vehicle or equipment, reported by the customer. See Requests for the job.')).toBeInTheDocument();
  });
});
