import type { UserView } from '@tiredash/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { makeStore } from '../../../app/store';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { stubFetch } from '../../../test/fetch-stub';
import { tokenReceived, userLoaded } from '../../auth/auth.slice';
import type { CardPaymentDialogProps } from '../card-payment';
import { NewRequestPanel } from './new-request-panel';

/** Stands in for the payments dialog: shows the amount it would authorise. */
function AmountDialog({ amount }: CardPaymentDialogProps) {
  return <p data-testid="card-dialog-amount">{amount}</p>;
}

function renderPanel(withDialog = false) {
  const store = makeStore();
  store.dispatch(tokenReceived('customer-token'));
  store.dispatch(
    userLoaded({
      id: 'u1',
      role: { name: 'customer', type: 'customer' },
      customer: { documentId: '00000000-0000-4000-8000-0000000000c1', fullName: 'Casey' },
    } as UserView),
  );
  const router = createMemoryRouter([{ path: '/dashboard', element: <NewRequestPanel CardPaymentDialog={withDialog ? AmountDialog : undefined} /> }], {
    initialEntries: ['/dashboard'],
  });
  render(
    <Provider store={store}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </Provider>,
  );
  return { router, user: userEvent.setup() };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, payment: RegExp) {
  await user.selectOptions(screen.getByLabelText(/Service Type/), 'Flat Tire Repair');
  await user.type(screen.getByLabelText(/Tire Size/), '225/65/R17');
  await user.type(screen.getByLabelText(/Budget/), '90');
  await user.click(screen.getByRole('radio', { name: payment }));
}

describe('NewRequestPanel submit flow', () => {
  const original = navigator.geolocation;
  afterEach(() => Object.defineProperty(navigator, 'geolocation', { value: original, configurable: true }));

  it('shows the note about bids arriving within minutes', () => {
    renderPanel();
    expect(screen.getByText("You'll receive bids from nearby providers within minutes")).toBeInTheDocument();
  });

  it('refuses to submit without coordinates when the address cannot be geocoded', async () => {
    const { user, router } = renderPanel();
    await fillRequired(user, /Pay the provider directly in cash/);
    await user.type(screen.getByLabelText('Service Address'), 'Nowhere Lane 1');
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Location needed', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('uses the device location with high accuracy and, for card without the payment dialog, creates nothing', async () => {
    const getCurrentPosition = jest.fn((ok: PositionCallback, _err?: PositionErrorCallback | null, _opts?: PositionOptions) =>
      ok({ coords: { latitude: 37.78, longitude: -122.41 } } as GeolocationPosition),
    );
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const { user, router } = renderPanel();
    await fillRequired(user, /processing fee/);
    await user.click(screen.getByRole('button', { name: 'Use my current location' }));
    expect(getCurrentPosition.mock.calls[0][2]).toMatchObject({ enableHighAccuracy: true });
    expect(await screen.findByText(/Using your current location \(37\.78000, -122\.41000\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Card payment not available yet')).toBeInTheDocument();
    expect(screen.queryByText('Request Created')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it("states and authorises the card fee of the admin's settings ($5 here), not a fixed $10", async () => {
    const api = stubFetch({
      'GET /api/settings': { json: { data: { serviceFee: 5, walletFee: 20, cancellationFee: 0, noShowFee: 0, minWithdrawal: 5 } } },
      'PUT /api/customers/00000000-0000-4000-8000-0000000000c1': { json: { data: { documentId: '00000000-0000-4000-8000-0000000000c1', paymentMethod: 'card' } } },
    });
    try {
      const getCurrentPosition = jest.fn((ok: PositionCallback) => ok({ coords: { latitude: 37.78, longitude: -122.41 } } as GeolocationPosition));
      Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
      const { user } = renderPanel(true);
      expect(await screen.findByRole('radio', { name: /a \$5 processing fee is added/ })).toBeInTheDocument();
      await fillRequired(user, /processing fee/);
      await user.click(screen.getByRole('button', { name: 'Use my current location' }));
      await user.click(screen.getByRole('button', { name: 'Submit Request' }));
      expect(await screen.findByTestId('card-dialog-amount')).toHaveTextContent('95');
    } finally {
      api.restore();
    }
  });

  it("shows the spec's error toast when saving the payment method fails", async () => {
    const getCurrentPosition = jest.fn((ok: PositionCallback) => ok({ coords: { latitude: 37.78, longitude: -122.41 } } as GeolocationPosition));
    Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    const { user } = renderPanel();
    await fillRequired(user, /Pay the provider directly in cash/);
    await user.click(screen.getByRole('button', { name: 'Use my current location' }));
    await user.click(screen.getByRole('button', { name: 'Submit Request' }));
    // nothing listens on the test API address: PUT /customers/{id} fails
    expect(await screen.findByText('Failed to create request. Please try again.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
