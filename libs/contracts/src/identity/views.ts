import type { GeoPoint } from './schemas';
import type { PaymentMethod } from '../common/constants';
import type { Role } from '../common/actor';

/** Shapes the API answers with (spec section 3). Money is shown in dollars, stored in cents. */

export interface UserLinkView {
  id: string;
  documentId: string;
  email: string;
  username: string;
}

export interface CustomerView {
  id: string;
  documentId: string;
  fullName: string;
  phone: string;
  paymentMethod: PaymentMethod | null;
  totalJobs: number;
  user: UserLinkView | null;
  createdAt: string;
  updatedAt: string;
}

export interface ProviderView {
  id: string;
  documentId: string;
  businessName: string;
  fullName: string | null;
  phone: string;
  hourlyRate: number;
  yearsExperience: number;
  service_types: string[];
  serviceArea: { radius: number; address: string | null; lat?: number | null; lng?: number | null };
  vehicleSpecs: string | null;
  online: boolean;
  /** When the provider's app last reported presence (owner and admins only; null for others). */
  lastSeenAt?: string | null;
  businessId: string | null;
  businessLicense: string | null;
  isApproved: boolean | null;
  walletBalance: number;
  totalJobs: number;
  rating: number | null;
  location: GeoPoint | null;
  user: UserLinkView | null;
  createdAt: string;
  updatedAt: string;
}

export interface UserView {
  id: string;
  documentId: string;
  username: string;
  email: string;
  accountType: 'customer' | 'provider' | null;
  role: { name: Role; type: Role } | null;
  customer: CustomerView | null;
  business: ProviderView | null;
  location: GeoPoint | null;
  serviceArea: { radius: number; address: string | null } | null;
  createdAt: string;
  updatedAt: string;
}

export interface AuthResponse {
  jwt: string;
  user: UserView;
}

export interface IssuedRefreshToken {
  token: string;
  expiresAt: string;
}

/**
 * What identity answers the gateway for a login or a registration: the spec's `{jwt, user}` plus the refresh token,
 * which the gateway moves into an httpOnly cookie (it never reaches a client's JavaScript).
 */
export interface SessionIssued extends AuthResponse {
  refresh: IssuedRefreshToken;
}

/**
 * A refresh's answer: the rotated refresh token, or null for a renewal that rotated nothing (the same cookie sent
 * twice at once, e.g. by two tabs): the browser keeps its newest cookie.
 */
export interface SessionRenewed extends AuthResponse {
  refresh: IssuedRefreshToken | null;
}
