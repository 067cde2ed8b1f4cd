import { defineMessages, params } from '../../i18n';

// English texts of features/content: the landing page, the header/footer, the public pages (the spec's, exactly).
// Spanish: ../es/content.json. Texts the admin writes in the CMS are data and shown as stored; the built-in
// defaults shown when the CMS has nothing are ours and translated (homeDefaults, pageDefaults).

export const homeMessages = defineMessages('content/home', {
  metaTitle: 'On-site tire service',
  metaDescription:
    'Book certified mobile tire technicians who come to you: live quotes from nearby providers, real-time tracking and easy payment. 24/7 emergency service.',
  fallbackHeading: 'On-site tire service',
  bookService: 'Book Tire Service',
  becomeProvider: 'Become a Provider',
  claimsLabel: 'Why TireDash',
  claimEmergency: 'Emergency Service',
  claimResponse: 'Average Response',
  claimProviders: 'Certified Providers',
  ourServices: 'Our Services',
  loadingServices: 'Loading services...',
  priceFrom: params<{ price: string }>('From ${price}'),
  howItWorks: 'How It Works',
  step1Title: 'Request Service',
  step1Body: 'Tell us what your tires need, where you are and your budget.',
  step2Title: 'Get Quotes',
  step2Body: 'Nearby certified providers send you live bids. Pick the one that suits you.',
  step3Title: 'Track & Pay',
  step3Body: 'Follow your provider on the map, then pay in cash or by card when the job is done.',
  ctaTitle: 'Ready to get back on the road?',
  ctaBody: 'Book a certified technician now, or join our network of tire professionals.',
});

/** The landing page's built-in content (features/content/home-content.ts DEFAULT_HOME_CONTENT), translated. */
export const homeDefaultsMessages = defineMessages('content/homeDefaults', {
  heroHeading1: 'Tire Trouble?',
  heroHeading2: 'We Come to You.',
  heroParagraph:
    'Book certified mobile tire technicians in minutes. Get competing quotes from nearby providers, track them live on the map and pay when the job is done.',
  repairTitle: 'Tire Repair',
  repairBody: 'Flat or puncture? A technician patches and plugs your tire wherever you are parked.',
  replacementTitle: 'Tire Replacement',
  replacementBody: 'New tires mounted and installed on site, with the old ones taken away.',
  balancingTitle: 'Wheel Balancing',
  balancingBody: 'Smooth out vibrations with precise on-site wheel balancing.',
  emergencyTitle: 'Emergency Service',
  emergencyBody: 'Stuck on the roadside? Round-the-clock help from the nearest available provider.',
});

export const footerMessages = defineMessages('content/footer', {
  tagline: 'On-site tire and wheel service, on demand.',
  services: 'Services',
  company: 'Company',
  support: 'Support',
  tireRepair: 'Tire Repair',
  tireReplacement: 'Tire Replacement',
  wheelBalancing: 'Wheel Balancing',
  emergency: 'Emergency Service',
  about: 'About Us',
  contact: 'Contact',
  careers: 'Careers',
  press: 'Press',
  helpCenter: 'Help Center',
  safety: 'Safety',
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
  copyright: params<{ product: string }>('© 2024 {product}. All rights reserved.'),
});

export const publicPageMessages = defineMessages('content/publicPage', {
  backHome: 'Back to Home',
});

export const pagesMessages = defineMessages('content/pages', {
  aboutTitle: 'About Us',
  aboutDescription: 'Who we are: certified mobile tire technicians who come to you, with live quotes, tracking and easy payment.',
  contactTitle: 'Contact Us',
  contactDescription: 'Get in touch with TireDash by email or phone, or visit our office.',
  contactLead: 'Questions about a booking, becoming a provider or anything else? We are here to help.',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  mapShowing: params<{ address: string }>('Map showing {address}'),
  careersTitle: 'Careers',
  careersDescription: 'Join the TireDash team: open positions and how to apply.',
  openPositions: 'Open Positions',
  otherRoles: params<{ email: string }>("Don't see a role that fits? Send your résumé to <1>{email}</1>."),
  privacyTitle: 'Privacy Policy',
  privacyDescription: 'How TireDash collects, uses and protects your personal information.',
  termsTitle: 'Terms of Service',
  termsDescription: 'The terms for using the TireDash marketplace as a customer or provider.',
  whyChooseUs: 'Why Choose Us?',
  book: params<{ service: string }>('Book {service}'),
});
