import { adminMessagesMessages } from '../../shared/i18n/locales/en/admin';
import type { ToastInput } from '../../shared/toast/toast-context';

type Pair = { success: ToastInput; failure: ToastInput };

type Area = 'hero' | 'cards' | 'about' | 'contact' | 'careers' | 'privacy' | 'terms' | 'settings' | 'apiKeys' | 'logo';

/** One editor's toasts, worded in the language shown when they are read. */
function pair(area: Area): Pair {
  const t = adminMessagesMessages.get();
  return {
    success: { title: t.savedTitle, description: t[`${area}Done`] },
    failure: { title: t.errorTitle, description: t.failed({ what: t[`${area}What`] }), variant: 'destructive' },
  };
}

/** Success and failure toasts of the admin editors (spec section 8 leaves the wording open). */
export const ADMIN_MESSAGES = {
  get hero() {
    return pair('hero');
  },
  get cards() {
    return pair('cards');
  },
  get about() {
    return pair('about');
  },
  get contact() {
    return pair('contact');
  },
  get careers() {
    return pair('careers');
  },
  get privacy() {
    return pair('privacy');
  },
  get terms() {
    return pair('terms');
  },
  get settings() {
    return pair('settings');
  },
  get apiKeys() {
    return pair('apiKeys');
  },
  get logo() {
    return pair('logo');
  },
} satisfies Record<Area, Pair>;

/** A failure toast that names the server's reason when it gave one. */
export function failureWith(base: ToastInput, serverMessage: string | null): ToastInput {
  return serverMessage ? { ...base, description: `${base.description ?? ''} (${serverMessage})` } : base;
}
