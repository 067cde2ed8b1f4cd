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

  it('shows the secret key masked, refuses a decimal fee, then saves integers without the secret', async () => {
    api = stubFetch({
      'GET /api/settings': { json: { data: VIEW } },
      'GET /api/home': { json: { data: { heroHeading1: '', heroHeading2: '', heroParagraph: '', Cards: [], logo: null, updatedAt: null } } },
      'PUT /api/settings': ({ body }) => ({ json: { data: { ...VIEW, ...(body as { data: object }).data } } }),
    });
    const user = renderSettings();
    expect(await screen.findByTestId('secret-mask')).toHaveTextContent('sk_live_…abcd');
    const replace = screen.getByLabelText('Replace Payment Secret Key');
    expect(replace).toHaveValue('');
    expect(replace).toHaveAttribute('type', 'password');

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
      data: { messaging: true, voip: false, pushNotifications: true, tipping: true, advertising: false, serviceFee: 12, walletFee: 20 },
    });
  });
});
