import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { FakeRealtimeSocket } from '../../../shared/realtime/fake-realtime-socket';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { tokenReceived } from '../../auth/auth.slice';
import { aReport } from '../../admin/components/admin-timeline.test-kit';
import { IDS } from '../tracking.test-kit';
import { ReportProblemCard } from './report-problem';

const REPORTS = `/api/service-requests/${IDS.request}/reports`;

function renderIt(socket: FakeRealtimeSocket | null = null) {
  const store = makeStore();
  store.dispatch(tokenReceived('customer-token'));
  render(
    <Provider store={store}>
      <ToastProvider>
        <ReportProblemCard requestId={IDS.request} socket={socket} />
      </ToastProvider>
    </Provider>,
  );
  return userEvent.setup();
}

describe('report a problem with a job', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it('checks the form, sends the category and description, then lists the open report', async () => {
    let stored: unknown[] = [];
    api = stubFetch({
      [`GET ${REPORTS}`]: () => ({ json: { data: stored } }),
      [`POST ${REPORTS}`]: () => {
        stored = [aReport({ category: 'damage', description: 'Scratched my rim badly' })];
        return { status: 201, json: { data: stored[0] } };
      },
    });
    const u = renderIt();
    expect(await screen.findByText('Something went wrong with this job? Tell us and an admin will look into it.')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Report a problem' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
    await u.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Choose what the problem is about')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Describe the problem').length).toBeGreaterThan(0);
    await u.selectOptions(within(dialog).getByRole('combobox', { name: /What is the problem about/ }), 'damage');
    await u.type(within(dialog).getByRole('textbox', { name: /Describe the problem/ }), 'short');
    await u.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Describe the problem in at least 10 characters')).toBeInTheDocument();
    await u.type(within(dialog).getByRole('textbox', { name: /Describe the problem/ }), ' scratched my rim badly');
    await u.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. An admin will look into it.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${REPORTS}`)[0]?.body).toEqual({ data: { category: 'damage', description: 'short scratched my rim badly' } });
    const list = await screen.findByRole('list', { name: 'Your reports' });
    expect(list).toHaveTextContent('Damage to my vehicle or equipment');
    expect(list).toHaveTextContent('Open: an admin will look into it.');
    // One open report per party: no second button while it is open.
    expect(screen.queryByRole('button', { name: 'Report a problem' })).not.toBeInTheDocument();
  });

  it("shows a resolved report's note and a refund as it happens", async () => {
    api = stubFetch({ [`GET ${REPORTS}`]: { json: { data: [aReport({ status: 'resolved', resolutionNote: 'Refunded $25.50', resolvedAt: '2030-01-01T12:00:00.000Z' })] } } });
    const socket = new FakeRealtimeSocket();
    renderIt(socket);
    expect(await screen.findByText('Resolved: Refunded $25.50')).toBeInTheDocument();
    act(() => socket.deliver('job_refunded', { requestId: IDS.request, refundId: IDS.bid, amount: 25.5, refundedTotal: 25.5, providerReversal: 18.36, refundedAt: '2030-01-01T12:00:00.000Z' }));
    expect(await screen.findByText('Refunded $25.50')).toBeInTheDocument();
  });
});
