import { PRODUCT_NAME, type AboutView, type CareersView, type ContactView, type PrivacyView, type TermsView } from '@tiredash/contracts';

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

function filled(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

const pick = (value: string | null | undefined, fallback: string): string => (filled(value) ? value : fallback);

export function resolveAbout(view: Partial<AboutView> | undefined): { headerText: string; infoHtml: string } {
  return { headerText: pick(view?.headerText, DEFAULT_ABOUT.headerText), infoHtml: pick(view?.infoText, DEFAULT_ABOUT.infoHtml) };
}

export function resolveContact(view: Partial<ContactView> | undefined): { email: string; phone: string; address: string } {
  return {
    email: pick(view?.email, DEFAULT_CONTACT.email),
    phone: pick(view?.phone, DEFAULT_CONTACT.phone),
    address: pick(view?.address, DEFAULT_CONTACT.address),
  };
}

/** Careers: the server's positions only when its list is non-empty, else the three built-in ones. */
export function resolveCareers(view: Partial<CareersView> | undefined): { introText: string; positions: CareerPosition[] } {
  const positions = Array.isArray(view?.positions) ? view.positions.filter((p) => filled(p.title)) : [];
  return {
    introText: pick(view?.introText, DEFAULT_CAREERS.introText),
    positions: positions.length > 0 ? positions : DEFAULT_CAREERS.positions,
  };
}

export function resolvePrivacy(view: Partial<PrivacyView> | undefined): string {
  return pick(view?.text, DEFAULT_PRIVACY_HTML);
}

export function resolveTerms(view: Partial<TermsView> | undefined): string {
  return pick(view?.content, DEFAULT_TERMS_HTML);
}

/** `tel:` target of a displayed phone number. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
