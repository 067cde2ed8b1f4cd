import type { JobMessageView } from '@tiredash/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '../../../shared/i18n/i18n';
import type { FetchStub, StubCall } from '../../../test/fetch-stub';
import { TrackingPage } from '../../customer/pages/tracking-page';
import { ProviderJobView } from '../components/provider-job-view';
import { aRequest, aRoute, FakeGeolocation, IDS, jobOf, renderTracking } from '../tracking.test-kit';

const REQ = `/api/service-requests/${IDS.request}`;
const MESSAGES = `${REQ}/messages`;
let stub: FetchStub | null = null;

function aMessage(over: Partial<JobMessageView> = {}): JobMessageView {
  const id = over.id ?? '00000000-0000-4000-8000-0000000e0001';
  return {
    id,
    documentId: id,
    requestId: IDS.request,
    senderRole: 'provider',
    senderUserId: IDS.providerUser,
    senderName: 'Rapid Roadside Tires',
    text: 'On my way',
    clientMessageId: '00000000-0000-4000-8000-0000000f0001',
    createdAt: '2030-01-01T10:05:00.000Z',
    ...over,
  };
}

const page = (data: JobMessageView[], canSend = true, total = data.length) => ({
  json: { data, meta: { canSend, pagination: { page: 1, pageSize: 50, pageCount: Math.ceil(total / 50), total } } },
});

type Api = Parameters<typeof renderTracking>[0]['api'];

function asCustomer(api: Api, messaging = true) {
  const request = aRequest();
  stub?.restore();
  const harness = renderTracking({
    role: 'customer',
    path: `/tracking/${IDS.request}`,
    routePath: '/tracking/:id',
    element: <TrackingPage />,
    api: {
      [`GET ${REQ}`]: { json: { data: request } },
      [`GET /api/dispatch/jobs/${IDS.request}`]: { json: { data: jobOf(request) } },
      'GET /api/settings': { json: { data: { mapboxKey: null, messaging } } },
      'GET /api/geo/route': { json: { data: aRoute(9) } },
      ...api,
    },
  });
  stub = harness.fetchStub;
  return harness;
}

function asProvider(api: Api) {
  const request = aRequest();
  stub?.restore();
  const harness = renderTracking({
    role: 'provider',
    path: `/provider/tracking/${IDS.request}`,
    routePath: '/provider/tracking/:id',
    element: <ProviderJobView requestId={IDS.request} positionSource={new FakeGeolocation()} />,
    api: {
      [`GET ${REQ}`]: { json: { data: request } },
      [`GET /api/dispatch/jobs/${IDS.request}`]: { json: { data: jobOf(request) } },
      'GET /api/settings': { json: { data: { mapboxKey: null, messaging: true } } },
      'GET /api/geo/route': { json: { data: aRoute(7) } },
      ...api,
    },
  });
  stub = harness.fetchStub;
  return harness;
}

/** Answers a POST with the stored message, as the server does. */
function stored(call: StubCall, over: Partial<JobMessageView> = {}) {
  const data = (call.body as { data: { text: string; clientMessageId: string } }).data;
  return { status: 201, json: { data: aMessage({ id: '00000000-0000-4000-8000-0000000e0009', senderRole: 'customer', senderUserId: IDS.customerUser, senderName: 'Casey Customer', createdAt: '2030-01-01T10:06:00.000Z', ...data, ...over }) } };
}

describe('job chat panel on the tracking screens', () => {
  afterEach(async () => {
    stub?.restore();
    stub = null;
    await act(() => setLanguage('en'));
  });

  it('is hidden, and asks for no messages, while the admin has messaging off', async () => {
    const { fetchStub } = asCustomer({ [`GET ${MESSAGES}`]: page([aMessage()]) }, false);
    await screen.findByRole('heading', { name: 'Live Tracking' });
    await waitFor(() => expect(fetchStub.callsTo('GET /api/settings')).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Messages' })).not.toBeInTheDocument();
    expect(fetchStub.callsTo(`GET ${MESSAGES}`)).toHaveLength(0);
  });

  it('shows the loading state, then the empty state', async () => {
    let release: () => void = () => undefined;
    asCustomer({ [`GET ${MESSAGES}`]: () => new Promise((r) => (release = () => r(page([])))) });
    expect(await screen.findByText('Loading messages...')).toBeInTheDocument();
    release();
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });

  it('shows an error with Try again when the messages cannot be loaded, and the conversation once they can', async () => {
    let fail = true;
    asCustomer({ [`GET ${MESSAGES}`]: () => (fail ? { status: 500, json: { error: { status: 500, message: 'boom' } } } : page([aMessage()])) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the messages.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const log = await screen.findByRole('list', { name: 'Conversation' });
    expect(within(log).getByText('On my way')).toBeInTheDocument();
  });

  it('the customer reads the conversation oldest first, sends with the keyboard (Enter) and the message shows once, even when the socket echoes it', async () => {
    const older = aMessage({ id: '00000000-0000-4000-8000-0000000e0000', text: 'Accepted, heading out', createdAt: '2030-01-01T10:01:00.000Z' });
    const { socket, fetchStub } = asCustomer({
      [`GET ${MESSAGES}`]: page([aMessage(), older]),
      [`POST ${MESSAGES}`]: (call) => stored(call),
    });
    const log = await screen.findByRole('list', { name: 'Conversation' });
    expect(within(log).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Accepted, heading out'),
      expect.stringContaining('On my way'),
    ]);
    expect(within(log).getAllByText(/Rapid Roadside Tires \(Provider\)/)).toHaveLength(2);

    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, '  Gate code 4321  {Enter}');
    await waitFor(() => expect(fetchStub.callsTo(`POST ${MESSAGES}`)).toHaveLength(1));
    const [post] = fetchStub.callsTo(`POST ${MESSAGES}`);
    if (!post) throw new Error('no POST');
    const sent = post.body as { data: { text: string; clientMessageId: string } };
    expect(sent.data.text).toBe('Gate code 4321');
    expect(sent.data.clientMessageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await within(log).findByText('Gate code 4321')).toBeInTheDocument();
    expect(box).toHaveValue('');
    // realtime sends the sender's own message to its sockets too: still one.
    act(() => socket.deliver('job_message', stored(post).json.data));
    expect(within(log).getAllByText('Gate code 4321')).toHaveLength(1);
    // Shift+Enter is a new line, not a send.
    await userEvent.type(box, 'line one{Shift>}{Enter}{/Shift}line two');
    expect(box).toHaveValue('line one\nline two');
    expect(fetchStub.callsTo(`POST ${MESSAGES}`)).toHaveLength(1);
  });

  it("announces the other party's new message in a polite live region, and ignores other jobs' messages", async () => {
    const { socket } = asCustomer({ [`GET ${MESSAGES}`]: page([]) });
    await screen.findByText('No messages yet.');
    await waitFor(() => expect(socket.listenerCount('job_message')).toBe(1));
    act(() => socket.deliver('job_message', aMessage({ requestId: '00000000-0000-4000-8000-00000000a999', text: 'wrong job' })));
    act(() => socket.deliver('job_message', aMessage({ text: 'Five minutes out' })));
    const log = await screen.findByRole('list', { name: 'Conversation' });
    expect(within(log).getByText('Five minutes out')).toBeInTheDocument();
    expect(screen.queryByText('wrong job')).not.toBeInTheDocument();
    const live = screen.getByText('New message from Rapid Roadside Tires: Five minutes out');
    expect(live).toHaveAttribute('aria-live', 'polite');
  });

  it('refuses an empty message with a clear message tied to the box, and retries a failed send with the same clientMessageId', async () => {
    let attempts = 0;
    const { fetchStub } = asCustomer({
      [`GET ${MESSAGES}`]: page([]),
      [`POST ${MESSAGES}`]: (call) => (++attempts === 1 ? { status: 503, json: { error: { status: 503, code: 'UNAVAILABLE', message: 'down' } } } : stored(call)),
    });
    await screen.findByText('No messages yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(box).toHaveAccessibleDescription(expect.stringContaining('Type a message before sending'));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveFocus();
    expect(fetchStub.callsTo(`POST ${MESSAGES}`)).toHaveLength(0);

    await userEvent.type(box, 'Are you close?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Your message was not sent. Try again.')).toBeInTheDocument();
    expect(box).toHaveValue('Are you close?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('list', { name: 'Conversation' })).toHaveTextContent('Are you close?');
    const [first, second] = fetchStub.callsTo(`POST ${MESSAGES}`).map((c) => (c.body as { data: { clientMessageId: string } }).data.clientMessageId);
    expect(second).toBe(first);
  });

  it('is read-only once the job ended, and says so when the admin turns messaging off mid-conversation', async () => {
    asCustomer({ [`GET ${MESSAGES}`]: page([aMessage()], false) });
    await screen.findByRole('list', { name: 'Conversation' });
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
    expect(screen.getByText('This job has ended: the chat is read-only.')).toBeInTheDocument();

    asCustomer({
      [`GET ${MESSAGES}`]: page([]),
      [`POST ${MESSAGES}`]: { status: 403, json: { error: { status: 403, code: 'FORBIDDEN', message: 'off', details: { reason: 'MESSAGING_DISABLED' } } } },
    });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'hello{Enter}');
    expect(await screen.findByText('Messaging is turned off.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  it("the provider's live job page has the panel: it writes to the customer", async () => {
    const { fetchStub } = asProvider({
      [`GET ${MESSAGES}`]: page([aMessage({ senderRole: 'customer', senderUserId: IDS.customerUser, senderName: 'Casey Customer', text: 'Blue sedan' })]),
      [`POST ${MESSAGES}`]: (call) => stored(call, { senderRole: 'provider', senderUserId: IDS.providerUser, senderName: 'Rapid Roadside Tires' }),
    });
    expect(await screen.findByText('Write to your customer about this job.')).toBeInTheDocument();
    const log = await screen.findByRole('list', { name: 'Conversation' });
    expect(within(log).getByText(/Casey Customer \(Customer\)/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'See you soon');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(log).findByText('See you soon')).toBeInTheDocument();
    expect(within(log).getByText(/^You,/)).toBeInTheDocument();
    expect(fetchStub.callsTo(`POST ${MESSAGES}`)).toHaveLength(1);
  });

  it("the provider's Send Message button (customer card) moves focus to the message box", async () => {
    asProvider({ [`GET ${MESSAGES}`]: page([]) });
    const box = await screen.findByRole('textbox', { name: 'Message' });
    expect(box).not.toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(box).toHaveFocus();
  });

  it('speaks Spanish', async () => {
    await act(() => setLanguage('es'));
    asCustomer({ [`GET ${MESSAGES}`]: page([]) });
    expect(await screen.findByText('Todavía no hay mensajes.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Mensaje' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeInTheDocument();
  });
});
