import Stripe from 'stripe';
import { DomainError } from '@tiredash/contracts';
import type { PaymentsConfig } from '../config';

/** The official SDK, pointed at the configured API base (the emulator locally, Stripe in production). */
export function createStripeClient(cfg: PaymentsConfig['stripe']): Stripe {
  return new Stripe(cfg.secretKey, {
    host: cfg.host,
    port: cfg.port,
    protocol: cfg.protocol,
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'TireDash payments' },
  });
}

export interface StripeFailure {
  type: string;
  code: string | null;
  message: string;
  statusCode: number | null;
}

/** The Stripe error as data, or null when `err` is not a Stripe API error. */
export function stripeFailure(err: unknown): StripeFailure | null {
  if (err instanceof Stripe.errors.StripeError) {
    return { type: err.type, code: err.code ?? null, message: err.message, statusCode: err.statusCode ?? null };
  }
  return null;
}

/** A Stripe failure as the caller sees it: card and request errors are 400 with Stripe's message; outages 503. */
export function toDomainError(err: unknown, fallback: string): DomainError {
  if (err instanceof DomainError) return err;
  const f = stripeFailure(err);
  if (!f) return new DomainError('INTERNAL', fallback);
  if (f.statusCode !== null && f.statusCode < 500 && f.type !== 'StripeAuthenticationError' && f.type !== 'StripeConnectionError') {
    return new DomainError('BAD_REQUEST', f.message || fallback, { stripeCode: f.code, stripeType: f.type });
  }
  return new DomainError('UNAVAILABLE', fallback, { stripeCode: f.code, stripeType: f.type });
}
