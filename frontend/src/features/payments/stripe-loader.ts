import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { createContext, useContext } from 'react';
import { env } from '../../shared/env';

/** Turns a publishable key into a ready Stripe object (null: Stripe.js could not start). */
export type StripeLoader = (publishableKey: string) => Promise<Stripe | null>;

type StripeConstructor = (publishableKey: string) => Stripe;

function injectScript(url: string): Promise<StripeConstructor> {
  return new Promise<StripeConstructor>((resolve, reject) => {
    const ready = () => {
      const ctor = (window as unknown as { Stripe?: StripeConstructor }).Stripe;
      if (typeof ctor === 'function') resolve(ctor);
      else reject(new Error(`Stripe.js from ${url} did not define window.Stripe`));
    };
    if ((window as unknown as { Stripe?: unknown }).Stripe) return ready();
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', ready);
    script.addEventListener('error', () => reject(new Error(`Failed to load Stripe.js from ${url}`)));
    document.head.appendChild(script);
  });
}

/**
 * Stripe.js from Stripe's servers (loadStripe, which injects https://js.stripe.com/...), or from `scriptUrl`
 * when one is configured (VITE_STRIPE_JS_URL). One Stripe object per key; a failed load may be retried.
 */
export function createStripeLoader(scriptUrl: string | null): StripeLoader {
  const byKey = new Map<string, Promise<Stripe | null>>();
  let script: Promise<StripeConstructor> | null = null;
  return (publishableKey) => {
    const cached = byKey.get(publishableKey);
    if (cached) return cached;
    const loading = scriptUrl
      ? (script ??= injectScript(scriptUrl).catch((err: unknown) => {
          script = null;
          throw err;
        })).then((ctor) => ctor(publishableKey))
      : loadStripe(publishableKey);
    const guarded = loading.catch((err: unknown) => {
      byKey.delete(publishableKey);
      throw err;
    });
    byKey.set(publishableKey, guarded);
    return guarded;
  };
}

export const defaultStripeLoader: StripeLoader = createStripeLoader(env.stripeJsUrl);

/** Lets tests (and other hosts) give the payment dialog their own Stripe object. */
export const StripeLoaderContext = createContext<StripeLoader>(defaultStripeLoader);

export function useStripeLoader(): StripeLoader {
  return useContext(StripeLoaderContext);
}
