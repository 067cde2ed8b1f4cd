import type { SettingsView } from '@tiredash/contracts';
import { buildSettingsUpdate, checkPercent, PAYMENT_KEYS_NOTICE, settingsFormOf } from './settings-form';

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
  it('has no payment key field: it says where payment keys are managed', () => {
    expect(Object.keys(settingsFormOf(VIEW)).sort()).toEqual(['mapboxKey', 'serviceFee', 'toggles', 'walletFee']);
    expect(PAYMENT_KEYS_NOTICE).toMatch(/STRIPE_SECRET_KEY, .* of the payments service/);
  });

  it('takes fees as whole percentages only', () => {
    expect(checkPercent('10', 'Service fee')).toBeNull();
    expect(checkPercent('0', 'Service fee')).toBeNull();
    expect(checkPercent('10.5', 'Service fee')).toBe('Service fee must be a whole number');
    expect(checkPercent('-1', 'Service fee')).toBe('Service fee must be a whole number');
    expect(checkPercent('', 'Service fee')).toBe('Service fee is required');
    expect(checkPercent('101', 'Service fee')).toBe('Service fee must be 100 or less');
  });

  it('sends toggles and integer fees, never a payment key', () => {
    const form = { ...settingsFormOf(VIEW), serviceFee: '12' };
    form.toggles.tipping = true;
    const result = buildSettingsUpdate(form, VIEW);
    expect(result).toEqual({
      ok: true,
      data: { messaging: true, voip: false, pushNotifications: true, tipping: true, advertising: false, serviceFee: 12, walletFee: 20 },
    });
    expect(result.ok && 'stripeSecretKey' in result.data).toBe(false);
    expect(result.ok && 'mapboxKey' in result.data).toBe(false);
  });

  it('refuses a decimal fee', () => {
    const result = buildSettingsUpdate({ ...settingsFormOf(VIEW), walletFee: '20.5' }, VIEW);
    expect(result).toEqual({ ok: false, errors: { walletFee: 'Wallet fee must be a whole number' } });
  });

  it('sends a changed map key, and null when it is cleared', () => {
    const cleared = buildSettingsUpdate({ ...settingsFormOf(VIEW), mapboxKey: '' }, VIEW);
    expect(cleared.ok && cleared.data.mapboxKey).toBeNull();
  });
});
