import { PRODUCT_NAME, type AboutView, type CareersView, type ContactView, type PrivacyView, type TermsView } from '@tiredash/contracts';
import type { pageDefaultsMessages } from '../../shared/i18n/locales/en/content';

/** Built-in texts of the public pages, used when the server answers empty values (spec section 2). */

export interface CareerPosition {
  title: string;
  location: string;
}

export const SUPPORT_EMAIL = 'support@tiredash.example';
export const CAREERS_EMAIL = 'careers@tiredash.example';
export const PRESS_EMAIL = 'press@tiredash.example';
export const SAFETY_EMAIL = 'safety@tiredash.example';
export const EMERGENCY_PHONE = '1-800-555-0199';

export const DEFAULT_ABOUT = {
  headerText: `About ${PRODUCT_NAME}`,
  infoHtml:
    `<p>${PRODUCT_NAME} brings certified tire technicians to wherever your car is parked. Post what you need, compare live quotes from nearby providers, follow your technician on the map and pay when the job is done.</p>` +
    '<p>We work with independent, background-checked tire businesses and give them the tools to find jobs, quote fairly and get paid quickly.</p>',
};

export const DEFAULT_CONTACT = {
  email: 'hello@tiredash.example',
  phone: '(555) 010-0100',
  address: '100 Main Street, Suite 200, Springfield, USA',
};

export const DEFAULT_CAREERS = {
  introText: `Help us get drivers back on the road. ${PRODUCT_NAME} is a small team building the marketplace for on-site tire service.`,
  positions: [
    { title: 'Senior Software Engineer', location: 'Remote' },
    { title: 'Provider Success Manager', location: 'Springfield' },
    { title: 'Customer Support Specialist', location: 'Remote' },
  ] satisfies CareerPosition[],
};

export const DEFAULT_PRIVACY_HTML =
  '<h2>Information We Collect</h2><p>We collect the details you give us (name, email, phone, vehicle and service information), your location while a job is active, and payment information processed by our card payment provider.</p>' +
  '<h2>How We Use It</h2><p>To match you with providers, run and track jobs, take payments, send you service notifications and keep the platform safe.</p>' +
  '<h2>Sharing</h2><p>Providers see what they need to do the job. We never sell your personal information.</p>' +
  `<h2>Your Choices</h2><p>You can update or delete your account details at any time. Questions: ${SUPPORT_EMAIL}.</p>`;

export const DEFAULT_TERMS_HTML =
  `<h2>Using ${PRODUCT_NAME}</h2><p>${PRODUCT_NAME} connects customers with independent tire service providers. Providers, not ${PRODUCT_NAME}, perform the services.</p>` +
  '<h2>Payments</h2><p>Card payments are authorised when a request is created and captured when the customer confirms completion. Card payments carry a $10 processing fee.</p>' +
  '<h2>Cancellations</h2><p>A request can be cancelled before the provider arrives.</p>' +
  `<h2>Contact</h2><p>Questions about these terms: ${SUPPORT_EMAIL}.</p>`;

/** The built-in texts in the language shown (shared/i18n/locales/en/content.ts pageDefaults). */
export type PageDefaultTexts = ReturnType<typeof pageDefaultsMessages.get>;

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const p = (text: string): string => `<p>${escapeHtml(text)}</p>`;
const h2 = (text: string): string => `<h2>${escapeHtml(text)}</h2>`;

/** DEFAULT_ABOUT in the language shown. */
export function builtInAbout(t: PageDefaultTexts): { headerText: string; infoHtml: string } {
  return { headerText: t.aboutHeader({ product: PRODUCT_NAME }), infoHtml: p(t.aboutIntro({ product: PRODUCT_NAME })) + p(t.aboutProviders) };
}

/** DEFAULT_CAREERS in the language shown. */
export function builtInCareers(t: PageDefaultTexts): { introText: string; positions: CareerPosition[] } {
  return {
    introText: t.careersIntro({ product: PRODUCT_NAME }),
    positions: [
      { title: t.engineer, location: t.remote },
      { title: t.successManager, location: 'Springfield' },
      { title: t.supportSpecialist, location: t.remote },
    ],
  };
}

/** DEFAULT_PRIVACY_HTML in the language shown. */
export function builtInPrivacyHtml(t: PageDefaultTexts): string {
  return (
    h2(t.privacyCollectHeading) +
    p(t.privacyCollect) +
    h2(t.privacyUseHeading) +
    p(t.privacyUse) +
    h2(t.privacySharingHeading) +
    p(t.privacySharing) +
    h2(t.privacyChoicesHeading) +
    p(t.privacyChoices({ email: SUPPORT_EMAIL }))
  );
}

/** DEFAULT_TERMS_HTML in the language shown. */
export function builtInTermsHtml(t: PageDefaultTexts): string {
  return (
    h2(t.termsUsingHeading({ product: PRODUCT_NAME })) +
    p(t.termsUsing({ product: PRODUCT_NAME })) +
    h2(t.termsPaymentsHeading) +
    p(t.termsPayments) +
    h2(t.termsCancellationsHeading) +
    p(t.termsCancellations) +
    h2(t.termsContactHeading) +
    p(t.termsContact({ email: SUPPORT_EMAIL }))
  );
}

function filled(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

const pick = (value: string | null | undefined, fallback: string): string => (filled(value) ? value : fallback);

/** The server's About texts; each empty one is the built-in text (`builtIn`: in the language shown, default English). */
export function resolveAbout(view: Partial<AboutView> | undefined, builtIn = DEFAULT_ABOUT): { headerText: string; infoHtml: string } {
  return { headerText: pick(view?.headerText, builtIn.headerText), infoHtml: pick(view?.infoText, builtIn.infoHtml) };
}

export function resolveContact(view: Partial<ContactView> | undefined): { email: string; phone: string; address: string } {
  return {
    email: pick(view?.email, DEFAULT_CONTACT.email),
    phone: pick(view?.phone, DEFAULT_CONTACT.phone),
    address: pick(view?.address, DEFAULT_CONTACT.address),
  };
}

/** Careers: the server's positions only when its list is non-empty, else the three built-in ones. */
export function resolveCareers(
  view: Partial<CareersView> | undefined,
  builtIn: { introText: string; positions: CareerPosition[] } = DEFAULT_CAREERS,
): { introText: string; positions: CareerPosition[] } {
  const positions = Array.isArray(view?.positions) ? view.positions.filter((position) => filled(position.title)) : [];
  return {
    introText: pick(view?.introText, builtIn.introText),
    positions: positions.length > 0 ? positions : builtIn.positions,
  };
}

export function resolvePrivacy(view: Partial<PrivacyView> | undefined, builtIn = DEFAULT_PRIVACY_HTML): string {
  return pick(view?.text, builtIn);
}

export function resolveTerms(view: Partial<TermsView> | undefined, builtIn = DEFAULT_TERMS_HTML): string {
  return pick(view?.content, builtIn);
}

/** `tel:` target of a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
