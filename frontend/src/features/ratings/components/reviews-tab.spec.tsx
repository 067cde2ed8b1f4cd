import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { stubFetch, type FetchStub, type StubCall } from '../../../test/fetch-stub';
import { tokenReceived } from '../../auth/auth.slice';
import { ReviewsTab } from './reviews-tab';

const PROVIDER = '00000000-0000-4000-8000-0000000000b5';

function review(i: number) {
  return {
    id: `r${i}`,
    documentId: `r${i}`,
    rating: i % 2 === 0 ? 4 : 5,
    comment: i === 1 ? 'Quick and friendly' : null,
    providerId: PROVIDER,
    provider_id: PROVIDER,
    customerId: 'c',
    customer_id: 'c',
    requestId: `q${i}`,
    request_id: `q${i}`,
    customerName: 'Casey Customer',
    createdAt: '2026-11-20T10:00:00.000Z',
  };
}

function renderTab() {
  const store = makeStore();
  store.dispatch(tokenReceived('provider-token'));
  render(
    <Provider store={store}>
      <ReviewsTab providerId={PROVIDER} />
    </Provider>,
  );
  return userEvent.setup();
}

describe('the provider Reviews tab', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it("shows the provider's average and its reviews, 10 a page", async () => {
    api = stubFetch({
      'GET /api/ratings': (call: StubCall) => {
        const page = Number(call.url.searchParams.get('pagination[page]'));
        const all = Array.from({ length: 12 }, (_, i) => review(i + 1));
        return { json: { data: all.slice((page - 1) * 10, page * 10), meta: { pagination: { page, pageSize: 10, pageCount: 2, total: 12 }, averageRating: 4.5, ratingCount: 12 } } };
      },
    });
    const user = renderTab();
    expect(await screen.findByText('4.5')).toBeInTheDocument();
    expect(screen.getByText(/from 12 ratings/)).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: '5 out of 5 stars' }).length).toBeGreaterThan(0);
    expect(screen.getByText('Quick and friendly')).toBeInTheDocument();
    // Only the reviewer's first name.
    expect(screen.getAllByText('Casey').length).toBeGreaterThan(0);
    expect(screen.queryByText('Casey Customer')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/ratings')[0]?.url.searchParams.get('filters[providerId][$eq]')).toBe(PROVIDER);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2 · 12 in all')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Reviews' }).children).toHaveLength(2);
  });

  it('says when there are no reviews yet', async () => {
    api = stubFetch({ 'GET /api/ratings': { json: { data: [], meta: { pagination: { page: 1, pageSize: 10, pageCount: 0, total: 0 }, averageRating: null, ratingCount: 0 } } } });
    renderTab();
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.getByText(/No ratings yet/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('offers a retry when the reviews cannot be loaded', async () => {
    let fail = true;
    api = stubFetch({
      'GET /api/ratings': () =>
        fail
          ? { status: 503, json: { error: { status: 503, message: 'Reviews are unavailable right now' } } }
          : { json: { data: [review(1)], meta: { pagination: { page: 1, pageSize: 10, pageCount: 1, total: 1 }, averageRating: 5, ratingCount: 1 } } },
    });
    const user = renderTab();
    expect(await screen.findByText('Reviews are unavailable right now')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Quick and friendly')).toBeInTheDocument();
  });
});
