import type { SettingsView } from '@tiredash/contracts';
import { buildSettingsUpdate, checkPercent, checkWhole, PAYMENT_KEYS_NOTICE, settingsFormOf } from './settings-form';

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
  mapboxKey: 'pk.map-key',
  stripeSecretKey: 'sk_test_…4242',
  stripeSecretKeySet: true,
  updatedAt: null,
};

describe('system settings form', () => {
  it('has no payment key field: it says where payment keys are managed', () => {
    expect(Object.keys(settingsFormOf(VIEW)).sort()).toEqual(['cancellationFee', 'mapboxKey', 'minWithdrawal', 'noShowFee', 'serviceFee', 'toggles', 'walletFee']);
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

  it('checks whole numbers against each range', () => {
    expect(checkWhole('1', 'Minimum withdrawal', 1, 1000)).toBeNull();
    expect(checkWhole('0', 'Minimum withdrawal', 1, 1000)).toBe('Minimum withdrawal must be 1 or more');
    expect(checkWhole('1001', 'Minimum withdrawal', 1, 1000)).toBe('Minimum withdrawal must be 1000 or less');
  });

  it('refuses each money setting outside its range (the ranges the server enforces), and sends none of them', () => {
    const cases: Array<[string, string, string]> = [
      ['walletFee', '51', 'Wallet fee must be 50 or less'],
      ['serviceFee', '101', 'Service fee must be 100 or less'],
      ['cancellationFee', '150', 'Cancellation fee must be 100 or less'],
      ['noShowFee', '2.5', 'No-show fee must be a whole number'],
      ['minWithdrawal', '0', 'Minimum withdrawal must be 1 or more'],
    ];
    for (const [field, value, message] of cases) {
      expect(buildSettingsUpdate({ ...settingsFormOf(VIEW), [field]: value }, VIEW)).toEqual({ ok: false, errors: { [field]: message } });
    }
  });

  it('sends toggles and integer fees, never a payment key', () => {
    const form = { ...settingsFormOf(VIEW), serviceFee: '12' };
    form.toggles.tipping = true;
    const result = buildSettingsUpdate(form, VIEW);
    expect(result).toEqual({
      ok: true,
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
