import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js';

type Handler = (event: unknown) => void;

export interface CreatePaymentMethodArgs {
  type: string;
  card: unknown;
  billing_details?: { name?: string };
}

export type CreatePaymentMethodResult =
  | { paymentMethod: { id: string }; error?: undefined }
  | { paymentMethod?: undefined; error: { type: string; message?: string } };

export interface FakeStripe {
  stripe: Stripe;
  /** Every createPaymentMethod call. */
  paymentMethodCalls: CreatePaymentMethodArgs[];
  /** Whether the card element was mounted into the page. */
  mounted: () => boolean;
  /** Fires the card element's change event (what Stripe.js does as the customer types). */
  emitChange: (event: Partial<StripeCardElementChangeEvent>) => void;
}

/**
 * A Stripe object of our own for component tests: the part of Stripe.js the payment dialog uses (elements(),
 * create('card') mounting a plain input, getElement, createPaymentMethod). react-stripe-js recognises it.
 */
export function fakeStripe(createPaymentMethod: (args: CreatePaymentMethodArgs) => CreatePaymentMethodResult = () => ({ paymentMethod: { id: 'pm_test_new' } })): FakeStripe {
  const handlers = new Map<string, Set<Handler>>();
  const paymentMethodCalls: CreatePaymentMethodArgs[] = [];
  let mountedNode: HTMLElement | null = null;
  const emit = (name: string, event: unknown) => handlers.get(name)?.forEach((h) => h(event));
  const element = {
    mount(node: HTMLElement) {
      const input = document.createElement('input');
      input.setAttribute('aria-label', 'Card number');
      node.appendChild(input);
      mountedNode = node;
      setTimeout(() => emit('ready', element), 0);
    },
    on(name: string, handler: Handler) {
      const set = handlers.get(name) ?? new Set<Handler>();
      set.add(handler);
      handlers.set(name, set);
      return element;
    },
    off(name: string, handler?: Handler) {
      if (handler) handlers.get(name)?.delete(handler);
      else handlers.delete(name);
      return element;
    },
    update: () => undefined,
    focus: () => undefined,
    blur: () => undefined,
    clear: () => undefined,
    unmount: () => {
      mountedNode = null;
    },
    destroy: () => {
      mountedNode = null;
    },
  };
  const elements = { create: () => element, getElement: () => (mountedNode ? element : null), update: () => undefined };
  const stripe = {
    elements: () => elements,
    createToken: () => Promise.reject(new Error('not used')),
    confirmCardPayment: () => Promise.reject(new Error('not used')),
    createPaymentMethod: (args: CreatePaymentMethodArgs) => {
      paymentMethodCalls.push(args);
      return Promise.resolve(createPaymentMethod(args));
    },
  };
  return {
    stripe: stripe as unknown as Stripe,
    paymentMethodCalls,
    mounted: () => mountedNode !== null,
    emitChange: (event) => emit('change', { elementType: 'card', empty: false, complete: false, error: undefined, value: { postalCode: '' }, brand: 'visa', ...event }),
  };
}
