import type { PaymentMethod, RequestStatus, ServiceType } from '../common/constants';
import type { JobExtraView } from './extras';

/** Shapes the request and bid routes answer with (spec section 3). Money in dollars; ids are UUIDs (documentId). */

export const BID_STATUSES = ['pending', 'accepted', 'expired', 'closed', 'replaced'] as const;
/**
 * pending: live; accepted: chosen by the customer; expired: the bidding window ended; closed: another bid was
 * accepted or the request was cancelled; replaced: the same provider bid again on the request.
 */
export type BidStatus = (typeof BID_STATUSES)[number];

export interface GeoPointView {
  address: string | null;
  lat: number;
  lng: number;
}

/** The provider as a bid shows it (from the requests service's provider read model). */
export interface BidProviderView {
  id: string;
  documentId: string;
  businessName: string;
  fullName: string | null;
  phone: string | null;
  /** Average rating 1-5; null until the provider has ratings. */
  rating: number | null;
  /** Jobs this provider completed or has accepted on the platform. */
  totalJobs: number;
  /** The provider's median time from a request being offered to its bid, e.g. '2 min'; null before its first bid. */
  responseTime: string | null;
  /** Jobs the customer cancelled free because this provider had not arrived by its ETA plus the grace period. */
  noShows?: number;
}

export interface BidView {
  id: string;
  documentId: string;
  bidId: string;
  requestId: string;
  provider: BidProviderView;
  /** Dollars. */
  amount: number;
  /** Minutes, as text (the spec's client sends and shows it as text). */
  estimatedArrival: string;
  notes: string | null;
  message: string | null;
  bidStatus: BidStatus;
  /** Same value as bidStatus (the spec lists both). */
  status: BidStatus;
  location: { lat: number; lng: number } | null;
  /** Miles from the provider to the request (earth radius 3958.8), 2 decimals; null when the provider has no position. */
  distance: number | null;
  submittedAt: string;
  /** When the server closes the bid (bidding window). */
  expiresAt: string;
  /** The client's display countdown in seconds. */
  countdown: number;
  createdAt: string;
  updatedAt: string;
}

export interface RequestCustomerView {
  id: string;
  documentId: string;
  fullName: string;
  /** Shown to the customer itself, its accepted provider and admins; null for merely offered providers. */
  phone: string | null;
}

export interface PhotoView {
  id: string;
  /** Filled once the content service's media exist. */
  url: string | null;
}

export interface ServiceRequestView {
  id: string;
  documentId: string;
  serviceType: ServiceType;
  tireSize: string;
  tireBrand: string | null;
  tireStatus: RequestStatus;
  /** Free text the client sent as `status`, else the tireStatus. */
  status: string;
  address: string | null;
  lat: number;
  lng: number;
  location: GeoPointView;
  description: string | null;
  notes: string | null;
  /** Dollars. */
  budget: number;
  priority: string;
  urgency: string;
  scheduledTime: string | null;
  photos: PhotoView[];
  paymentMethod: PaymentMethod;
  customer: RequestCustomerView;
  /** The accepted bid's amount in dollars; null until accepted. */
  amount: number | null;
  /** The accepted provider; null until accepted. */
  provider: BidProviderView | null;
  /** The customer sees every bid; a provider only its own (bids are sealed). */
  bids: BidView[];
  accepted_bid: BidView | null;
  /** The customer's rating of this request, once given. */
  rating: { rating: number; comment?: string | null } | null;
  /**
   * Extras the provider added on site, oldest first (extras.ts): for the customer, the job's provider and admins; empty
   * for anyone else. The approved ones add to the accepted amount.
   */
  extras: JobExtraView[];
  /** Seconds of the server's bidding window. */
  biddingWindowSeconds: number;
  /** How many providers the request was offered to (its customer and admins; null for providers). */
  providersAsked: number | null;
  /** When the request expires unless a bid is accepted first (Bids Open only; null otherwise). */
  expiresAt: string | null;
  /** Who cancelled it, and the provider's reason (Cancelled only). */
  cancelledByRole: 'customer' | 'provider' | 'admin' | null;
  cancelReason: string | null;
  acceptedAt: string | null;
  cancelledAt: string | null;
  /** When the provider pressed 'I AM HERE' (request In Progress). */
  arrivedAt?: string | null;
  /** When the provider reported the job done ('JOB COMPLETED'). */
  completedAt?: string | null;
  /** When the customer confirmed (Service Completed). */
  confirmedAt?: string | null;
  /** The provider's distance from the job's address at 'I AM HERE' (metres; null: no streamed position). Provider and admins. */
  arrivalDistanceMeters?: number | null;
  /** Why the provider arrived although its position was far (provider and admins; null otherwise). */
  arrivalOverrideReason?: string | null;
  /** From when the provider may mark the customer absent (after arrival, before 'JOB COMPLETED'). */
  noShowWaitEndsAt?: string | null;
  /** Minutes the provider waits after arrival before it may mark the customer absent (the screens' timer). */
  noShowWaitMinutes?: number;
  /** From when the customer may cancel free because the provider is late (accepted, not arrived: ETA + grace). */
  providerLateAt?: string | null;
  /** When the provider marked the customer absent (Customer No-Show), and the no-show fee in dollars (0: cash). */
  noShowAt?: string | null;
  noShowFee?: number | null;
  createdAt: string;
  updatedAt: string;
}

/** What the socket `new_request` shows to an offered provider: the request without other providers' data. */
export interface RequestOfferView {
  requestId: string;
  documentId: string;
  serviceType: ServiceType;
  tireSize: string;
  tireBrand: string | null;
  tireStatus: RequestStatus;
  address: string | null;
  lat: number;
  lng: number;
  budget: number;
  priority: string;
  scheduledTime: string | null;
  description: string | null;
  paymentMethod: PaymentMethod;
  customer: { documentId: string; fullName: string };
  createdAt: string;
}
