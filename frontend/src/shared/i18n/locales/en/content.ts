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

/** /help-center: the three FAQs (features/content/pages/help-center-page.tsx). */
export const helpCenterMessages = defineMessages('content/helpCenter', {
  title: 'Help Center',
  description: 'Answers to common questions about booking, paying and becoming a TireDash provider.',
  lead: 'Answers to the questions we hear most.',
  bookQuestion: 'How do I book a tire service?',
  bookAnswer:
    'Create a customer account, describe what you need with your tire size, address and budget, and nearby providers send you bids within minutes. Accept the one you like and track the technician on the map.',
  payQuestion: 'How do I pay?',
  payAnswer:
    'Choose cash to pay the provider directly, or card. Card payments are authorised when you book and charged when you confirm the job is done; a $10 processing fee applies.',
  providerQuestion: 'How do I become a provider?',
  providerAnswer:
    'Apply on the Become a Provider page with your business details and documents. We review every application, and once approved you can see live requests and bid on them.',
  stillNeedHelp: params<{ email: string }>('Still need help? Email <1>{email}</1>.'),
});

/** /safety: tips, policies and how to reach us. */
export const safetyMessages = defineMessages('content/safety', {
  title: 'Safety',
  description: 'Safety tips and policies for TireDash customers and providers, and how to reach us in an emergency.',
  lead: 'Your safety comes first, on the roadside and at home.',
  tipsHeading: 'Safety Tips',
  tip1: 'Wait for your technician in a safe place, away from traffic, with your hazard lights on.',
  tip2: 'Check that the provider name and vehicle match what the app shows before work starts.',
  tip3: 'Share your live tracking with a friend when you are on the roadside at night.',
  policiesHeading: 'Our Policies',
  policy1: 'Every provider is reviewed and approved before taking jobs.',
  policy2: 'Ratings and reviews after each job keep quality high.',
  policy3: 'Payments run through the app: no card details change hands on site.',
  contact: params<{ phone: string; email: string }>(
    'In danger? Call your local emergency number first. Our emergency line: <1>{phone}</1>. Safety concerns: <2>{email}</2>.',
  ),
});

/** /press: press kit, news and the media email. */
export const pressMessages = defineMessages('content/press', {
  title: 'Press',
  description: 'TireDash news, press kit and media contact.',
  lead: 'News and resources for journalists covering on-demand tire service.',
  kitHeading: 'Press Kit',
  kit: 'Our press kit includes the TireDash logo, product screenshots, founder bios and key figures: 24/7 emergency service, a 15 minute average response and more than 500 certified providers.',
  newsHeading: 'Latest News',
  providersTitle: 'TireDash passes 500 certified providers',
  providersBody: 'Our network of mobile tire businesses keeps growing, cutting average response times to 15 minutes.',
  emergencyTitle: 'Round-the-clock emergency service',
  emergencyBody: 'Drivers can now request roadside tire help 24/7 from the nearest available provider.',
  trackingTitle: 'Live tracking and in-app payments',
  trackingBody: 'Customers follow their technician on the map and pay by card or cash when the job is done.',
  media: params<{ email: string }>('Media enquiries: <1>{email}</1>'),
});

/** The four service pages (features/content/service-pages.ts): description and the 'Why Choose Us?' list. */
export const servicePagesMessages = defineMessages('content/servicePages', {
  repairTitle: 'Tire Repair',
  repairDescription:
    'Punctures and slow leaks fixed where your car is parked. Our technicians inspect the tire, patch or plug it to industry standards and check the pressure of all four tires before they leave.',
  repairWhy1: 'Certified, background-checked technicians',
  repairWhy2: 'Repairs at your home, office or roadside',
  repairWhy3: 'Upfront quotes from several providers',
  repairWhy4: 'Pay in cash or by card when the job is done',
  replacementTitle: 'Tire Replacement',
  replacementDescription:
    'New tires mounted, balanced and installed on site. Tell us your tire size and brand, compare quotes from nearby providers and skip the waiting room.',
  replacementWhy1: 'Any size and brand you choose',
  replacementWhy2: 'Mounting and balancing on site',
  replacementWhy3: 'Old tires taken away',
  replacementWhy4: 'Live tracking of your provider',
  balancingTitle: 'Wheel Balancing',
  balancingDescription:
    'Steering wheel vibration and uneven tire wear are signs of unbalanced wheels. Mobile technicians balance your wheels with precision equipment at your location.',
  balancingWhy1: 'Precision balancing equipment',
  balancingWhy2: 'Smoother ride and longer tire life',
  balancingWhy3: 'Done in about an hour',
  balancingWhy4: 'Competitive quotes from nearby providers',
  emergencyTitle: 'Emergency Service',
  emergencyDescription:
    'Stranded with a flat or a blowout? Request emergency help any time of day or night and the nearest available provider comes to you.',
  emergencyWhy1: 'Available 24/7',
  emergencyWhy2: '15 minute average response',
  emergencyWhy3: 'Live location sharing with your provider',
  emergencyWhy4: 'Safe, certified roadside technicians',
});

/**
 * The public pages' built-in texts, shown when the CMS has none (features/content/page-defaults.ts: DEFAULT_ABOUT,
 * DEFAULT_CAREERS, DEFAULT_PRIVACY_HTML, DEFAULT_TERMS_HTML are these in English).
 */
export const pageDefaultsMessages = defineMessages('content/pageDefaults', {
  aboutHeader: params<{ product: string }>('About {product}'),
  aboutIntro: params<{ product: string }>(
    '{product} brings certified tire technicians to wherever your car is parked. Post what you need, compare live quotes from nearby providers, follow your technician on the map and pay when the job is done.',
  ),
  aboutProviders:
    'We work with independent, background-checked tire businesses and give them the tools to find jobs, quote fairly and get paid quickly.',
  careersIntro: params<{ product: string }>(
    'Help us get drivers back on the road. {product} is a small team building the marketplace for on-site tire service.',
  ),
  engineer: 'Senior Software Engineer',
  successManager: 'Provider Success Manager',
  supportSpecialist: 'Customer Support Specialist',
  remote: 'Remote',
  privacyCollectHeading: 'Information We Collect',
  privacyCollect:
    'We collect the details you give us (name, email, phone, vehicle and service information), your location while a job is active, and payment information processed by our card payment provider.',
  privacyUseHeading: 'How We Use It',
  privacyUse: 'To match you with providers, run and track jobs, take payments, send you service notifications and keep the platform safe.',
  privacySharingHeading: 'Sharing',
  privacySharing: 'Providers see what they need to do the job. We never sell your personal information.',
  privacyChoicesHeading: 'Your Choices',
  privacyChoices: params<{ email: string }>('You can update or delete your account details at any time. Questions: {email}.'),
  termsUsingHeading: params<{ product: string }>('Using {product}'),
  termsUsing: params<{ product: string }>(
    '{product} connects customers with independent tire service providers. Providers, not {product}, perform the services.',
  ),
  termsPaymentsHeading: 'Payments',
  termsPayments:
    'Card payments are authorised when a request is created and captured when the customer confirms completion. Card payments carry a $10 processing fee.',
  termsCancellationsHeading: 'Cancellations',
  termsCancellations: 'A request can be cancelled before the provider arrives.',
  termsContactHeading: 'Contact',
  termsContact: params<{ email: string }>('Questions about these terms: {email}.'),
});
