import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import type { SettingsView } from '@tiredash/contracts';
import { makeStore } from '../../../app/store';
import { ToastProvider } from '../../../shared/toast/toast-provider';
import { stubFetch, type FetchStub } from '../../../test/fetch-stub';
import { tokenReceived } from '../../auth/auth.slice';
import { SystemSettings } from './system-settings';

const VIEW: SettingsView = {
  messaging: true,
  voip: false,
  pushNotifications: true,
  tipping: false,
  advertising: false,
  serviceFee: 10,
  walletFee: 20,
  cancellationFee: 0,
  noShowFee: 0,
  minWithdrawal: 5,
  mapboxKey: null,
  stripeSecretKey: 'sk_live_…abcd',
  stripeSecretKeySet: true,
  updatedAt: null,
};

function renderSettings() {
  const store = makeStore();
  store.dispatch(tokenReceived('admin-token'));
  render(
    <Provider store={store}>
      <ToastProvider>
        <SystemSettings />
      </ToastProvider>
    </Provider>,
  );
  return userEvent.setup();
}

describe('SystemSettings', () => {
  let api: FetchStub;
  afterEach(() => api.restore());

  it('says where payment keys are managed (no input), refuses a decimal fee, then saves integers without any key', async () => {
    api = stubFetch({
      'GET /api/settings': { json: { data: VIEW } },
      'GET /api/home': { json: { data: { heroHeading1: '', heroHeading2: '', heroParagraph: '', Cards: [], logo: null, updatedAt: null } } },
      'PUT /api/settings': ({ body }) => ({ json: { data: { ...VIEW, ...(body as { data: object }).data } } }),
    });
    const user = renderSettings();
    expect(await screen.findByTestId('payment-keys-notice')).toHaveTextContent(
      'Payment keys are managed in the deployment environment: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET of the payments service.',
    );
    expect(screen.queryByLabelText(/Payment Secret Key/)).not.toBeInTheDocument();
    expect(document.querySelector('input[type="password"]')).toBeNull();

    const fee = screen.getByLabelText(/Service Fee/);
    await user.clear(fee);
    await user.type(fee, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Service fee must be a whole number')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/settings')).toHaveLength(0);

    await user.clear(fee);
    await user.type(fee, '12');
    await user.click(screen.getByRole('switch', { name: 'Tipping' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('System settings updated.')).toBeInTheDocument();
    const [call] = api.callsTo('PUT /api/settings');
    expect(call.body).toEqual({
      data: {
        messaging: true,
        voip: false,
        pushNotifications: true,
        tipping: true,
        advertising: false,
        serviceFee: 12,
        walletFee: 20,
        cancellationFee: 0,
        noShowFee: 0,
        minWithdrawal: 5,
      },
    });
  });

  it('names every money setting with its effect, and refuses a commission above 50% before sending', async () => {
    api = stubFetch({
      'GET /api/settings': { json: { data: VIEW } },
      'GET /api/home': { json: { data: { heroHeading1: '', heroHeading2: '', heroParagraph: '', Cards: [], logo: null, updatedAt: null } } },
      'PUT /api/settings': ({ body }) => ({ json: { data: { ...VIEW, ...(body as { data: object }).data } } }),
    });
    const user = renderSettings();
    expect(await screen.findByLabelText(/Service Fee \(\$\)/)).toHaveValue(10);
    expect(screen.getByLabelText(/Wallet Fee \(%\)/)).toHaveValue(20);
    expect(screen.getByLabelText(/Cancellation Fee \(\$\)/)).toHaveValue(0);
    expect(screen.getByLabelText(/No-show Fee \(\$\)/)).toHaveValue(0);
    expect(screen.getByLabelText(/Minimum Withdrawal \(\$\)/)).toHaveValue(5);
    expect(screen.getByText(/marked the customer absent \('Customer not here'\); the provider gets it minus the commission/)).toBeInTheDocument();

    const commission = screen.getByLabelText(/Wallet Fee/);
    await user.clear(commission);
    await user.type(commission, '60');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Wallet fee must be 50 or less')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/settings')).toHaveLength(0);

    await user.clear(commission);
    await user.type(commission, '15');
    const minimum = screen.getByLabelText(/Minimum Withdrawal/);
    await user.clear(minimum);
    await user.type(minimum, '20');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('System settings updated.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/settings')[0].body).toMatchObject({ data: { walletFee: 15, minWithdrawal: 20, serviceFee: 10 } });
  });
});
