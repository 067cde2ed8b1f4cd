import type { JobMessageView } from '@tiredash/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { tokenReceived } from '../../auth/auth.slice';
import { aRequest, IDS } from '../../tracking/tracking.test-kit';
import { AdminRequests } from './admin-requests';
import { aTimeline } from './admin-timeline.test-kit';

const OPEN_ID = '00000000-0000-4000-8000-00000000a002';

function aMessage(i: number, over: Partial<JobMessageView> = {}): JobMessageView {
  const id = `00000000-0000-4000-8000-0000000e${String(i).padStart(4, '0')}`;
  return {
    id,
    documentId: id,
    requestId: IDS.request,
    senderRole: i % 2 === 0 ? 'customer' : 'provider',
    senderUserId: i % 2 === 0 ? IDS.customerUser : IDS.providerUser,
    senderName: i % 2 === 0 ? 'Casey Customer' : 'Rapid Roadside Tires',
    text: `message ${i}`,
    clientMessageId: id,
    createdAt: new Date(Date.UTC(2030, 0, 1, 10, i)).toISOString(),
    ...over,
  };
}

function renderIt() {
  const store = makeStore();
  store.dispatch(tokenReceived('admin-token'));
  render(
    <Provider store={store}>
      <ToastProvider>
        <AdminRequests />
      </ToastProvider>
    </Provider>,
  );
  return userEvent.setup();
}

describe("admin: the requests list and a request's page with its job chat", () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it("lists the requests and opens one: its details and its chat, read-only, older pages on demand", async () => {
    const accepted = aRequest({ createdAt: '2030-01-01T09:00:00.000Z' });
    const open = aRequest({ id: OPEN_ID, documentId: OPEN_ID, tireStatus: 'Bids Open', status: 'Bids Open', provider: null, accepted_bid: null, amount: null });
    const all = Array.from({ length: 52 }, (_, i) => aMessage(i + 1)).reverse(); // newest first, as the server answers
    api = stubFetch({
      'GET /api/service-requests': { json: { data: [accepted, open], meta: { pagination: { page: 1, pageSize: 20, pageCount: 1, total: 2 } } } },
      [`GET /api/service-requests/${IDS.request}/messages`]: (call) => {
        const page = Number(call.url.searchParams.get('pagination[page]'));
        return { json: { data: all.slice((page - 1) * 50, page * 50), meta: { canSend: false, pagination: { page, pageSize: 50, pageCount: 2, total: 52 } } } };
      },
      [`GET /api/admin/service-requests/${IDS.request}/timeline`]: { json: { data: aTimeline() } },
    });
    const u = renderIt();
    const table = await screen.findByRole('table', { name: 'Service requests, newest first' });
    const [, acceptedRow, openRow] = within(table).getAllByRole('row');
    if (!acceptedRow || !openRow) throw new Error('two rows expected');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(acceptedRow).toHaveTextContent('Rapid Roadside Tires');
    expect(openRow).toHaveTextContent('None yet');

    await u.click(within(acceptedRow).getByRole('button', { name: /View the request of Casey Customer/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Service Request' });
    // The request's page renders its sections as their data arrives: wait for the chat's note (a loaded CI machine).
    expect(await within(dialog).findByText('Read-only: only the customer and the provider write here.')).toBeInTheDocument();
    const log = await within(dialog).findByRole('list', { name: 'Conversation' });
    expect(within(log).getAllByRole('listitem')).toHaveLength(50);
    // Oldest first: message 3 (the oldest of the newest 50) on top, message 52 last.
    expect(within(log).getAllByRole('listitem')[0]).toHaveTextContent('message 3');
    expect(within(log).getAllByRole('listitem')[49]).toHaveTextContent('message 52');
    expect(within(log).getAllByText(/Casey Customer \(Customer\)/).length).toBeGreaterThan(0);
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/^You,/)).not.toBeInTheDocument();

    await u.click(within(dialog).getByRole('button', { name: 'Show earlier messages' }));
    expect(await within(log).findByText('message 1')).toBeInTheDocument();
    expect(within(log).getAllByRole('listitem')).toHaveLength(52);
    expect(within(dialog).queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
    expect(api.callsTo(`GET /api/service-requests/${IDS.request}/messages`).map((c) => c.url.searchParams.get('pagination[page]'))).toEqual(['1', '2']);

    await u.keyboard('{Escape}');
    await u.click(within(openRow).getByRole('button', { name: /View the request/ }));
    const second = await screen.findByRole('dialog', { name: 'Service Request' });
    expect(within(second).getByText('No chat: no bid was accepted.')).toBeInTheDocument();
    expect(api.callsTo(`GET /api/service-requests/${OPEN_ID}/messages`)).toHaveLength(0);
  });

  it('says when a chat cannot be loaded, with Try again', async () => {
    api = stubFetch({
      'GET /api/service-requests': { json: { data: [aRequest()], meta: { pagination: { page: 1, pageSize: 20, pageCount: 1, total: 1 } } } },
      [`GET /api/service-requests/${IDS.request}/messages`]: { status: 500, json: { error: { status: 500, code: 'INTERNAL', message: 'Could not load the messages.' } } },
      [`GET /api/admin/service-requests/${IDS.request}/timeline`]: { json: { data: aTimeline() } },
    });
    const u = renderIt();
    await u.click(await screen.findByRole('button', { name: /View the request/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Service Request' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not load the messages.');
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
