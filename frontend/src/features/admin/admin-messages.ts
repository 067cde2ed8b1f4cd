import type { ToastInput } from '../../shared/toast/toast-context';

type Pair = { success: ToastInput; failure: ToastInput };

function pair(what: string, done: string): Pair {
  return {
    success: { title: 'Saved', description: done },
    failure: { title: 'Error', description: `Failed to update ${what}. Please try again.`, variant: 'destructive' },
  };
}

/** Success and failure toasts of the admin editors (spec section 8 leaves the wording open). */
export const ADMIN_MESSAGES = {
  hero: pair('the hero section', 'Hero section updated.'),
  cards: pair('the service cards', 'Service cards updated.'),
  about: pair('the About page', 'About page updated.'),
  contact: pair('the Contact page', 'Contact page updated.'),
  careers: pair('the Careers page', 'Careers page updated.'),
  privacy: pair('the Privacy Policy', 'Privacy Policy updated.'),
  terms: pair('the Terms of Service', 'Terms of Service updated.'),
  settings: pair('the system settings', 'System settings updated.'),
  apiKeys: pair('the API keys', 'API keys updated.'),
  logo: pair('the logo', 'Logo updated.'),
} as const satisfies Record<string, Pair>;

/** A failure toast that names the server's reason when it gave one. */
export function failureWith(base: ToastInput, serverMessage: string | null): ToastInput {
  return serverMessage ? { ...base, description: `${base.description ?? ''} (${serverMessage})` } : base;
}
