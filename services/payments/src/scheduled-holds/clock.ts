import type { PaymentsConfig } from '../config';

/** Where scheduled holds read 'now' from: injectable, so tests move time on (PAYMENTS_CLOCK). */
export interface PaymentsClock {
  now(): Promise<Date>;
}

export const PAYMENTS_CLOCK = Symbol('PAYMENTS_CLOCK');

export const systemClock: PaymentsClock = { now: () => Promise.resolve(new Date()) };

/**
 * The Stripe emulator's test clock (GET /__emulator/clock with the secret key): payments and the emulator then agree
 * on how old a hold is when a test advances the emulator a week. Test keys and the emulator only (config.ts checks).
 */
export function emulatorClock(stripe: PaymentsConfig['stripe']): PaymentsClock {
  return {
    async now() {
      const res = await fetch(`${stripe.apiBase}/__emulator/clock`, { headers: { authorization: `Bearer ${stripe.secretKey}` } });
      if (!res.ok) throw new Error(`the Stripe emulator's clock answered ${res.status}`);
      const body = (await res.json()) as { now?: unknown };
      if (typeof body.now !== 'number') throw new Error("the Stripe emulator's clock answered no time");
      return new Date(body.now * 1000);
    },
  };
}

export function clockOf(config: PaymentsConfig): PaymentsClock {
  return config.clock === 'stripe-emulator' ? emulatorClock(config.stripe) : systemClock;
}
