import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { createContext, useContext } from 'react';

/**
 * Turns a publishable key into a ready Stripe object (null: Stripe.js could not start). `stripeJsUrl` is where
 * GET /pay/config says Stripe.js comes from: null for Stripe's own, on a local stack the Stripe emulator's stand-in.
 */
export type StripeLoader = (publishableKey: string, stripeJsUrl: string | null) => Promise<Stripe | null>;

type StripeConstructor = (publishableKey: string) => Stripe;

function injectScript(url: string): Promise<StripeConstructor> {
  return new Promise<StripeConstructor>((resolve, reject) => {
    const ready = () => {
      const ctor = (window as unknown as { Stripe?: StripeConstructor }).Stripe;
      if (typeof ctor === 'function') resolve(ctor);
      else reject(new Error(`Stripe.js from ${url} did not define window.Stripe`));
    };
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', ready);
    script.addEventListener('error', () => reject(new Error(`Failed to load Stripe.js from ${url}`)));
    document.head.appendChild(script);
  });
}

/**
 * Stripe.js from Stripe's servers (loadStripe, which injects https://js.stripe.com/... and accepts no other
 * origin), or from `stripeJsUrl` when the server names one at run time (a script tag, then `window.Stripe`).
 * One Stripe object per script and key; a failed load may be retried.
 */
export function createStripeLoader(): StripeLoader {
  const byKey = new Map<string, Promise<Stripe | null>>();
  const scripts = new Map<string, Promise<StripeConstructor>>();
  return (publishableKey, stripeJsUrl) => {
    const cacheKey = `${stripeJsUrl ?? 'stripe'} ${publishableKey}`;
    const cached = byKey.get(cacheKey);
    if (cached) return cached;
    let loading: Promise<Stripe | null>;
    if (stripeJsUrl) {
      let script = scripts.get(stripeJsUrl);
      if (!script) {
        script = injectScript(stripeJsUrl).catch((err: unknown) => {
          scripts.delete(stripeJsUrl);
          throw err;
        });
        scripts.set(stripeJsUrl, script);
      }
      loading = script.then((ctor) => ctor(publishableKey));
    } else {
      loading = loadStripe(publishableKey);
    }
    const guarded = loading.catch((err: unknown) => {
      byKey.delete(cacheKey);
      throw err;
    });
    byKey.set(cacheKey, guarded);
    return guarded;
  };
}

export const defaultStripeLoader: StripeLoader = createStripeLoader();

/** Lets tests (and other hosts) give the payment dialog their own Stripe object. */
export const StripeLoaderContext = createContext<StripeLoader>(defaultStripeLoader);

export function useStripeLoader(): StripeLoader {
  return useContext(StripeLoaderContext);
}
