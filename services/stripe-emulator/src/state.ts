/** The emulator's in-memory Stripe objects (shapes as the API answers them; internals beside them). */

export type Json = Record<string, unknown>;

export interface StoredPaymentMethod {
  object: Json & { id: string; customer: string | null };
  cardNumber: string;
}

export interface StoredPaymentIntent {
  object: Json & { id: string; status: string; amount: number; amount_capturable: number; customer: string | null };
  /** Incremental authorisation attempts so far (Stripe allows 10, declines included). */
  incrementAttempts?: number;
}

/** A SetupIntent (saving a card for later, off-session payments). */
export interface StoredSetupIntent {
  object: Json & { id: string; status: string; customer: string | null; payment_method: string | null; usage: string };
}

export interface StoredAccount {
  object: Json & { id: string; details_submitted: boolean; payouts_enabled: boolean };
  /** Cents available on the connected account (transfers in, payouts out). */
  available: number;
  /** Account number of its bank account (payouts to 000111111116 fail, as in Stripe test mode). */
  bankAccountNumber: string | null;
}

export interface StoredAccountLink {
  account: string;
  refreshUrl: string;
  returnUrl: string;
  expiresAt: number;
  used: boolean;
}

export interface StoredIdempotent {
  fingerprint: string;
  status: number;
  body: unknown;
}

export class EmulatorState {
  readonly customers = new Map<string, Json & { id: string }>();
  readonly paymentMethods = new Map<string, StoredPaymentMethod>();
  readonly paymentIntents = new Map<string, StoredPaymentIntent>();
  readonly accounts = new Map<string, StoredAccount>();
  readonly accountLinks = new Map<string, StoredAccountLink>();
  readonly loginLinks = new Map<string, string>();
  readonly transfers = new Map<string, Json & { id: string }>();
  readonly payouts = new Map<string, Json & { id: string; status: string }>();
  /** Refunds of charges (refunds.ts). */
  readonly refunds = new Map<string, Json & { id: string; amount: number; charge: string; status: string }>();
  readonly events: (Json & { id: string; type: string })[] = [];
  readonly idempotency = new Map<string, StoredIdempotent>();
  readonly setupIntents = new Map<string, StoredSetupIntent>();
  /** Test clock: how far emulator time runs ahead of the wall clock (POST /__emulator/clock advances it). */
  clockOffsetSeconds = 0;
  /** Platform available balance in cents. */
  platformAvailable: number;

  constructor(initialPlatformBalance: number) {
    this.platformAvailable = initialPlatformBalance;
  }

  /** Emulator time in unix seconds: the wall clock plus the test clock's advance. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffsetSeconds;
  }
}
