import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { tokenReceived } from '../../auth/auth.slice';
import { IDS } from '../../tracking/tracking.test-kit';
import { AdminRequestTimelineView } from './admin-request-timeline';
import { aReport, aTimeline, REPORT_ID } from './admin-timeline.test-kit';

function renderIt() {
  const store = makeStore();
  store.dispatch(tokenReceived('admin-token'));
  render(
    <Provider store={store}>
      <ToastProvider>
        <AdminRequestTimelineView requestId={IDS.request} />
      </ToastProvider>
    </Provider>,
  );
  return userEvent.setup();
}

const TIMELINE = `GET /api/admin/service-requests/${IDS.request}/timeline`;
const REFUND = `POST /api/admin/service-requests/${IDS.request}/refunds`;

describe("admin: a request's timeline, refund and reports", () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it('shows the status changes, bids, location, payments and reports of a request', async () => {
    api = stubFetch({ [TIMELINE]: { json: { data: aTimeline({ card: true, reports: [aReport()] }) } } });
    renderIt();
    const statuses = await screen.findByRole('list', { name: 'Timeline' });
    expect(within(statuses).getAllByRole('listitem')).toHaveLength(4);
    expect(statuses).toHaveTextContent('35 m from the job address');
    expect(screen.getByRole('list', { name: 'Bids' })).toHaveTextContent('Rapid Roadside Tires: $90.00, ETA 15 min (accepted)');
    expect(screen.getByText('12 points, 0.8 mi')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: "Provider's wallet entries" })).toHaveTextContent('Job credit: $72.00');
    const reports = screen.getByRole('list', { name: 'Reported problems' });
    expect(reports).toHaveTextContent('Quality of the work');
    expect(reports).toHaveTextContent('by the customer Casey Customer');
  });

  it('refunds part of the payment in cents, checks the amount first, and keeps the refund id when a click is retried', async () => {
    let calls = 0;
    api = stubFetch({
      [TIMELINE]: { json: { data: aTimeline({ card: true, refundable: 100 }) } },
      [REFUND]: () => {
        calls += 1;
        if (calls === 1) return { status: 503, json: { error: { status: 503, code: 'UNAVAILABLE', message: 'Payments is busy' } } };
        return { json: { data: { id: 'x', requestId: IDS.request, amount: 25.5, status: 'succeeded', stripeRefundId: 're_1', providerReversal: 18.36, captured: 100, refundedTotal: 25.5, remaining: 74.5, createdAt: '2030-01-01T12:00:00.000Z' } } };
      },
    });
    const u = renderIt();
    const form = await screen.findByRole('form', { name: 'Refund the card payment' });
    const amount = within(form).getByRole('textbox', { name: 'Refund amount ($)' });
    await u.type(amount, '100.01');
    await u.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText('At most $100.00 is left to refund')).toBeInTheDocument();
    await u.clear(amount);
    await u.type(amount, 'abc');
    await u.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(within(form).getByText('Enter an amount in dollars and cents, at least $0.01')).toBeInTheDocument();
    expect(api.callsTo(REFUND)).toHaveLength(0);

    await u.clear(amount);
    await u.type(amount, '25.50');
    await u.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await within(form).findByText('Payments is busy')).toBeInTheDocument();
    await u.click(within(form).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded $25.50')).toBeInTheDocument();
    const bodies = api.callsTo(REFUND).map((c) => c.body as { data: { amount: number; refundId: string } });
    expect(bodies.map((b) => b.data.amount)).toEqual([2550, 2550]);
    expect(bodies[0]?.data.refundId).toBe(bodies[1]?.data.refundId);
  });

  it('resolves an open report with a note (required)', async () => {
    api = stubFetch({
      [TIMELINE]: { json: { data: aTimeline({ reports: [aReport()] }) } },
      [`PUT /api/reports/${REPORT_ID}`]: { json: { data: aReport({ status: 'resolved', resolutionNote: 'Refunded half', resolvedAt: '2030-01-01T12:00:00.000Z' }) } },
    });
    const u = renderIt();
    const form = await screen.findByRole('form', { name: 'Resolve the report of Casey Customer' });
    await u.click(within(form).getByRole('button', { name: 'Resolve' }));
    expect(within(form).getByText('Write a resolution note')).toBeInTheDocument();
    await u.type(within(form).getByRole('textbox', { name: 'Resolution note' }), 'Refunded half');
    await u.click(within(form).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('The report is resolved.')).toBeInTheDocument();
    expect(api.callsTo(`PUT /api/reports/${REPORT_ID}`)[0]?.body).toEqual({ data: { status: 'resolved', resolutionNote: 'Refunded half' } });
  });
});
