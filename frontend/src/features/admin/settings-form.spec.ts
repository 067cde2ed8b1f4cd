import type { SettingsView } from '@tiredash/contracts';
import { buildSettingsUpdate, checkPercent, maskedSecretLabel, settingsFormOf } from './settings-form';

const VIEW: SettingsView = {
  messaging: true,
  voip: false,
  pushNotifications: true,
  tipping: false,
  advertising: false,
  serviceFee: 10,
  walletFee: 20,
  mapboxKey: 'pk.map-key',
  stripeSecretKey: 'sk_test_…4242',
  stripeSecretKeySet: true,
  updatedAt: null,
};

describe('system settings form', () => {
  it('shows the server mask of the payment secret key, never an input value', () => {
    expect(maskedSecretLabel(VIEW)).toBe('sk_test_…4242');
    expect(maskedSecretLabel({ stripeSecretKey: null, stripeSecretKeySet: false })).toBe('Not set');
    expect(settingsFormOf(VIEW).newStripeSecretKey).toBe('');
  });

  it('takes fees as whole percentages only', () => {
    expect(checkPercent('10', 'Service fee')).toBeNull();
    expect(checkPercent('0', 'Service fee')).toBeNull();
    expect(checkPercent('10.5', 'Service fee')).toBe('Service fee must be a whole number');
    expect(checkPercent('-1', 'Service fee')).toBe('Service fee must be a whole number');
    expect(checkPercent('', 'Service fee')).toBe('Service fee is required');
    expect(checkPercent('101', 'Service fee')).toBe('Service fee must be 100 or less');
  });

  it('sends toggles and integer fees, and leaves the secret key out unless a new one is typed', () => {
    const form = { ...settingsFormOf(VIEW), serviceFee: '12' };
    form.toggles.tipping = true;
    const result = buildSettingsUpdate(form, VIEW);
    expect(result).toEqual({
      ok: true,
      data: { messaging: true, voip: false, pushNotifications: true, tipping: true, advertising: false, serviceFee: 12, walletFee: 20 },
    });

    const replaced = buildSettingsUpdate({ ...form, newStripeSecretKey: ' sk_test_new ' }, VIEW);
    expect(replaced.ok && replaced.data.stripeSecretKey).toBe('sk_test_new');
    expect(replaced.ok && 'mapboxKey' in replaced.data).toBe(false);
  });

  it('refuses a decimal fee and the mask typed back as a key', () => {
    const result = buildSettingsUpdate({ ...settingsFormOf(VIEW), walletFee: '20.5', newStripeSecretKey: 'sk_test_…4242' }, VIEW);
    expect(result).toEqual({ ok: false, errors: { walletFee: 'Wallet fee must be a whole number', newStripeSecretKey: 'Enter the full new key' } });
  });

  it('sends a changed map key, and null when it is cleared', () => {
    const cleared = buildSettingsUpdate({ ...settingsFormOf(VIEW), mapboxKey: '' }, VIEW);
    expect(cleared.ok && cleared.data.mapboxKey).toBeNull();
  });
});
