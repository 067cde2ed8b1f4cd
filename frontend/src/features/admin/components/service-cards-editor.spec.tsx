import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { deferred, stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { tokenReceived } from '../../auth/auth.slice';
import { ServiceCardsEditor } from './service-cards-editor';

const CARDS = [
  { title: 'Tire Repair', body: 'Fix it', icon: 'repair', price: '100' },
  { title: 'Wheel Balancing', body: 'Balance it', icon: 'balancing', price: '60' },
];

function renderEditor() {
  const store = makeStore();
  store.dispatch(tokenReceived('admin-token'));
  render(
    <Provider store={store}>
      <ToastProvider>
        <ServiceCardsEditor cards={CARDS} />
      </ToastProvider>
    </Provider>,
  );
  return userEvent.setup();
}

const cardItems = () => within(screen.getByRole('list', { name: 'Service cards' })).getAllByRole('listitem');

describe('ServiceCardsEditor', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it('adds a card at the top with the defaults and removes a card', async () => {
    api = stubFetch({});
    const user = renderEditor();
    expect(cardItems()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Add Service Card' }));
    const items = cardItems();
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByLabelText(/Title/)).toHaveValue('New Service');
    expect(within(items[0]).getByLabelText(/Body/)).toHaveValue('Service description');
    expect(within(items[0]).getByLabelText(/Price/)).toHaveValue(0);
    expect(within(items[1]).getByLabelText(/Title/)).toHaveValue('Tire Repair');

    await user.click(within(items[1]).getByRole('button', { name: /Remove Card/ }));
    expect(cardItems().map((li) => within(li).getByLabelText<HTMLInputElement>(/Title/).value)).toEqual(['New Service', 'Wheel Balancing']);
  });

  it('refuses a negative price and sends nothing', async () => {
    api = stubFetch({});
    const user = renderEditor();
    const price = within(cardItems()[0]).getByLabelText(/Price/);
    await user.clear(price);
    await user.type(price, '-5');
    expect(await screen.findByText('Price must be 0 or more')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Service Cards' }));
    expect(api.callsTo('PUT /api/home')).toHaveLength(0);
  });

  it("saves the cards without ids, shows 'Updating...' with the fields disabled, then the success toast", async () => {
    const reply = deferred<{ json: unknown }>();
    api = stubFetch({ 'PUT /api/home': () => reply.promise });
    const user = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Add Service Card' }));
    await user.click(screen.getByRole('button', { name: 'Update Service Cards' }));

    const busy = await screen.findByRole('button', { name: 'Updating...' });
    expect(busy).toBeDisabled();
    expect(within(cardItems()[0]).getByLabelText(/Title/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add Service Card' })).toBeDisabled();

    const [call] = api.callsTo('PUT /api/home');
    expect(call.request.headers.get('authorization')).toBe('Bearer admin-token');
    expect(call.body).toEqual({
      data: {
        Cards: [{ title: 'New Service', body: 'Service description', icon: '', price: '0' }, ...CARDS],
      },
    });

    reply.resolve({ json: { data: { heroHeading1: '', heroHeading2: '', heroParagraph: '', Cards: CARDS, logo: null, updatedAt: null } } });
    expect(await screen.findByText('Service cards updated.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Update Service Cards' })).toBeEnabled();
  });

  it('shows the failure toast when the server refuses', async () => {
    api = stubFetch({ 'PUT /api/home': { status: 403, json: { error: { status: 403, code: 'FORBIDDEN', message: 'Admins only' } } } });
    const user = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Update Service Cards' }));
    expect(await screen.findByText(/Failed to update the service cards\. Please try again\./)).toBeInTheDocument();
  });
});
