import type { Role } from '../common/actor';
import type { ImageMime, UploadPurpose, UploadVisibility } from './uploads';
import type { ContentPage, ServiceCard } from './schemas';

/** Shapes the content routes answer with, inside `{data}` (spec section 3). */

/** One uploaded file, as POST /api/upload answers it (a list of these) and as pages reference it. */
export interface MediaView {
  id: string;
  documentId: string;
  url: string;
  name: string;
  mime: ImageMime;
  size: number;
  purpose: UploadPurpose;
  /** `private` files are served only through the signed `url` the API hands to callers entitled to them. */
  visibility: UploadVisibility;
  createdAt: string;
}

export interface LogoView {
  id: string;
  url: string;
}

export interface HomeView {
  heroHeading1: string;
  heroHeading2: string;
  heroParagraph: string;
  Cards: ServiceCard[];
  logo: LogoView | null;
  updatedAt: string | null;
}
export interface AboutView {
  headerText: string;
  infoText: string;
  updatedAt: string | null;
}
export interface ContactView {
  email: string;
  phone: string;
  address: string;
  updatedAt: string | null;
}
export interface CareersView {
  introText: string;
  positions: { title: string; location: string }[];
  updatedAt: string | null;
}
export interface PrivacyView {
  text: string;
  updatedAt: string | null;
}
export interface TermsView {
  content: string;
  updatedAt: string | null;
}

export interface PageViews {
  home: HomeView;
  about: AboutView;
  contact: ContactView;
  careers: CareersView;
  privacy: PrivacyView;
  terms: TermsView;
}
export type PageView = PageViews[ContentPage];

/** What anyone may read of the platform settings (toggles, fees, the map key the maps need). */
export interface PublicSettingsView {
  messaging: boolean;
  voip: boolean;
  pushNotifications: boolean;
  tipping: boolean;
  advertising: boolean;
  /** The card processing fee in whole dollars, added to a card job's hold and capture. */
  serviceFee: number;
  /** The platform's commission in percent of a card job; the provider's wallet gets the rest. */
  walletFee: number;
  /** Dollars a customer pays for cancelling a card job after acceptance and before the provider arrives. */
  cancellationFee: number;
  /** Dollars a card job pays when the provider marks the customer absent after the wait (credited to the provider less the commission). */
  noShowFee: number;
  /** The smallest withdrawal, in whole dollars. */
  minWithdrawal: number;
  mapboxKey: string | null;
  /** Whether a payment secret key is configured (its value is never answered). */
  stripeSecretKeySet: boolean;
  updatedAt: string | null;
}

/** The admin's view: the public one plus the payment secret key, masked (`sk_live_…abcd`), never in full. */
export interface SettingsView extends PublicSettingsView {
  stripeSecretKey: string | null;
}

/** `GET /api/api-key` (admin): the keys of the platform settings, the secret one masked. */
export interface ApiKeyView {
  mapboxKey: string | null;
  stripeSecretKey: string | null;
  stripeSecretKeySet: boolean;
}

/** Admin stat tiles (spec section 3). */
export interface AdminStatsView {
  totalCustomers: number;
  totalProviders: number;
  totalRevenue: number;
  jobsToday: number;
  averageRating: number;
  reportedIssues: number;
  /** Tiles whose source events do not exist yet; they stay 0 until that domain publishes them. */
  pendingSources: string[];
}

export interface AuditEntryView {
  id: string;
  at: string;
  /** The admin (user id) who made the change; null when the source did not say. */
  by: string | null;
  byRole: Role | null;
  /** e.g. `content.page.updated`, `content.settings.updated`, `identity.provider.approved`. */
  action: string;
  /** What was changed, e.g. `page:about`, `settings`, `provider:<id>`. */
  target: string;
  before: unknown;
  after: unknown;
  source: 'content' | 'identity';
}
