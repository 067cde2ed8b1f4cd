import type { SettingsData, SettingsView } from '@tiredash/contracts';
import { adminSettingsMessages } from '../../shared/i18n/locales/en/admin';

/** The feature toggles, in order (labels and hints: admin/settingsToggles, `<key>` and `<key>Hint`). */
export const SETTING_TOGGLES = [
  { key: 'messaging' },
  { key: 'voip' },
  { key: 'pushNotifications' },
  { key: 'tipping' },
  { key: 'advertising' },
] as const;
export type ToggleKey = (typeof SETTING_TOGGLES)[number]['key'];

export interface SettingsForm {
  toggles: Record<ToggleKey, boolean>;
  serviceFee: string;
  walletFee: string;
  mapboxKey: string;
}
export type SettingsField = 'serviceFee' | 'walletFee' | 'mapboxKey';

/** Where the payment keys live (the settings screen says so instead of offering an input that would do nothing). */
export const PAYMENT_KEYS_NOTICE =
  'Payment keys are managed in the deployment environment: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET of the payments service. They are never entered or stored here.';

export function settingsFormOf(view: SettingsView): SettingsForm {
  return {
    toggles: {
      messaging: view.messaging,
      voip: view.voip,
      pushNotifications: view.pushNotifications,
      tipping: view.tipping,
      advertising: view.advertising,
    },
    serviceFee: String(view.serviceFee),
    walletFee: String(view.walletFee),
    mapboxKey: view.mapboxKey ?? '',
  };
}

/** A whole percentage from 0 to 100 ('Service fee entered as integer'). */
export function checkPercent(raw: string, label: string): string | null {
  const t = adminSettingsMessages.get();
  const value = raw.trim();
  if (value === '') return t.required({ label });
  if (!/^\d+$/.test(value)) return t.whole({ label });
  if (Number(value) > 100) return t.max({ label });
  return null;
}

export type SettingsCheck = { ok: true; data: SettingsData } | { ok: false; errors: Partial<Record<SettingsField, string>> };

/**
 * Checks the form and builds the PUT /settings body: toggles and fees always, the map key when changed. Payment
 * keys are never sent (they are managed in the deployment environment).
 */
export function buildSettingsUpdate(form: SettingsForm, original: SettingsView): SettingsCheck {
  const errors: Partial<Record<SettingsField, string>> = {};
  const t = adminSettingsMessages.get();
  const serviceFeeError = checkPercent(form.serviceFee, t.serviceFeeName);
  const walletFeeError = checkPercent(form.walletFee, t.walletFeeName);
  if (serviceFeeError) errors.serviceFee = serviceFeeError;
  if (walletFeeError) errors.walletFee = walletFeeError;
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const data: SettingsData = {
    ...form.toggles,
    serviceFee: Number(form.serviceFee.trim()),
    walletFee: Number(form.walletFee.trim()),
  };
  const mapboxKey = form.mapboxKey.trim();
  if (mapboxKey !== (original.mapboxKey ?? '')) data.mapboxKey = mapboxKey === '' ? null : mapboxKey;
  return { ok: true, data };
}
