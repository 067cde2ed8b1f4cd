import { PLATFORM_FEE_RANGES, type PlatformFeeSetting, type SettingsData, type SettingsView } from '@tiredash/contracts';
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

/**
 * The money settings, in screen order (labels, hints and names: admin/settings `<key>`, `<key>Hint`, `<key>Name`);
 * ranges and defaults from the contracts (PLATFORM_FEE_RANGES), the same the server enforces.
 */
export const FEE_FIELDS = ['serviceFee', 'walletFee', 'cancellationFee', 'noShowFee', 'minWithdrawal'] as const satisfies readonly PlatformFeeSetting[];
export type FeeField = (typeof FEE_FIELDS)[number];

export interface SettingsForm extends Record<FeeField, string> {
  toggles: Record<ToggleKey, boolean>;
  mapboxKey: string;
}
export type SettingsField = FeeField | 'mapboxKey';

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
    cancellationFee: String(view.cancellationFee),
    noShowFee: String(view.noShowFee),
    minWithdrawal: String(view.minWithdrawal),
    mapboxKey: view.mapboxKey ?? '',
  };
}

/** A whole number from `min` to `max` ('Service fee entered as integer'); the error in the UI language, or null. */
export function checkWhole(raw: string, label: string, min: number, max: number): string | null {
  const t = adminSettingsMessages.get();
  const value = raw.trim();
  if (value === '') return t.required({ label });
  if (!/^\d+$/.test(value)) return t.whole({ label });
  if (Number(value) < min) return t.min({ label, min });
  if (Number(value) > max) return t.max({ label, max });
  return null;
}

/** A whole percentage from 0 to 100. */
export function checkPercent(raw: string, label: string): string | null {
  return checkWhole(raw, label, 0, 100);
}

export type SettingsCheck = { ok: true; data: SettingsData } | { ok: false; errors: Partial<Record<SettingsField, string>> };

/**
 * Checks the form and builds the PUT /settings body: toggles and the money settings always, the map key when
 * changed. Payment keys are never sent (they are managed in the deployment environment).
 */
export function buildSettingsUpdate(form: SettingsForm, original: SettingsView): SettingsCheck {
  const errors: Partial<Record<SettingsField, string>> = {};
  const t = adminSettingsMessages.get();
  for (const field of FEE_FIELDS) {
    const range = PLATFORM_FEE_RANGES[field];
    const error = checkWhole(form[field], t[`${field}Name`], range.min, range.max);
    if (error) errors[field] = error;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const data: SettingsData = { ...form.toggles };
  for (const field of FEE_FIELDS) data[field] = Number(form[field].trim());
  const mapboxKey = form.mapboxKey.trim();
  if (mapboxKey !== (original.mapboxKey ?? '')) data.mapboxKey = mapboxKey === '' ? null : mapboxKey;
  return { ok: true, data };
}
