// A stand-in for Stripe.js (https://js.stripe.com/v3), served by the emulator at GET /v3/: on a local stack the
// payments service names it in GET /pay/config (`stripeJsUrl`) and the SPA loads it instead of Stripe's script,
// so a card payment works in a real browser without Stripe (the browser tests use the same one).
// It implements the small part the payment dialog uses, the way Stripe.js does it: `Stripe(publishableKey)`,
// `elements().create('card')` mounting the card fields, `change` events with inline errors, and
// `createPaymentMethod` sending the card details straight to the Stripe API (here: the emulator itself) with
// the publishable key, so the card number never reaches our own servers. Authorisation and capture stay on the
// server (the payments service, with the secret key).

/** The script text, sending its Stripe API calls to `apiBase` (the emulator's URL as the browser reaches it). */
export function stripeJsStandIn(apiBase: string): string {
  return `(() => {
  const API = ${JSON.stringify(apiBase.replace(/\/+$/, ''))};
  const digits = (s) => String(s || '').replace(/\\D/g, '');
  const luhn = (n) => {
    let sum = 0;
    for (let i = 0; i < n.length; i++) {
      let d = Number(n[n.length - 1 - i]);
      if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
      sum += d;
    }
    return n.length >= 12 && sum % 10 === 0;
  };
  function cardState(number, expiry, cvc) {
    const n = digits(number);
    const e = digits(expiry);
    const c = digits(cvc);
    let error;
    if (n.length >= 16 && !luhn(n)) error = { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' };
    else if (e.length === 4 && (Number(e.slice(0, 2)) < 1 || Number(e.slice(0, 2)) > 12)) error = { type: 'validation_error', code: 'invalid_expiry_month', message: "Your card's expiration date is invalid." };
    const complete = !error && luhn(n) && e.length === 4 && c.length >= 3;
    return { n, e, c, error, complete };
  }
  function createCardElement(onDestroy) {
    const handlers = {};
    const fields = {};
    // Like Stripe.js, unmount() and destroy() take the mounted fields out of the page: React (react-stripe-js)
    // destroys and re-creates the element on the same container when it re-runs its effects.
    let mounted = null;
    let destroyed = false;
    const element = {
      _fields: fields,
      mount(target) {
        if (destroyed) throw new Error('This Element has already been destroyed. Please create a new one.');
        if (mounted) throw new Error('This Element is already mounted. Use unmount() before mounting it again.');
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        const wrap = document.createElement('div');
        wrap.className = 'stripe-stand-in';
        wrap.style.display = 'flex';
        wrap.style.gap = '0.5rem';
        for (const [key, label, placeholder, size] of [['number', 'Card number', '1234 1234 1234 1234', 19], ['expiry', 'Expiration date MM / YY', 'MM / YY', 7], ['cvc', 'CVC', 'CVC', 4]]) {
          const input = document.createElement('input');
          input.setAttribute('aria-label', label);
          input.placeholder = placeholder;
          input.inputMode = 'numeric';
          input.size = size;
          input.style.border = '0';
          input.style.font = 'inherit';
          input.style.minWidth = '0';
          input.style.flex = key === 'number' ? '1' : '0 0 auto';
          input.addEventListener('input', () => {
            const s = cardState(fields.number.value, fields.expiry.value, fields.cvc.value);
            emit('change', { elementType: 'card', empty: !s.n && !s.e && !s.c, complete: s.complete, error: s.error, brand: s.n.startsWith('4') ? 'visa' : 'unknown', value: { postalCode: '' } });
          });
          fields[key] = input;
          wrap.appendChild(input);
        }
        node.appendChild(wrap);
        mounted = wrap;
        setTimeout(() => emit('ready', element), 0);
      },
      on(name, fn) { (handlers[name] = handlers[name] || new Set()).add(fn); return element; },
      off(name, fn) { if (fn) handlers[name] && handlers[name].delete(fn); else delete handlers[name]; return element; },
      update() {}, focus() { fields.number && fields.number.focus(); }, blur() {}, clear() { for (const f of Object.values(fields)) f.value = ''; },
      unmount() {
        if (mounted) mounted.remove();
        mounted = null;
        for (const key of Object.keys(fields)) delete fields[key];
      },
      destroy() {
        element.unmount();
        destroyed = true;
        onDestroy(element);
      },
    };
    function emit(name, event) { (handlers[name] || new Set()).forEach((fn) => fn(event)); }
    return element;
  }
  function Stripe(key) {
    if (typeof key !== 'string' || !key.startsWith('pk_')) throw new Error('Stripe(): a publishable key (pk_...) is required');
    let card = null;
    const elements = {
      create(type) {
        if (type !== 'card') throw new Error('stand-in Stripe.js supports the card element only');
        card = createCardElement((el) => {
          if (card === el) card = null;
        });
        return card;
      },
      getElement(which) {
        const type = typeof which === 'string' ? which : which && which.__elementType;
        return type === 'card' || type === undefined ? card : null;
      },
      update() {},
    };
    async function createPaymentMethod(data) {
      const el = data.card || card;
      if (!el || !el._fields.number) return { error: { type: 'validation_error', message: 'The card element is not mounted.' } };
      const s = cardState(el._fields.number.value, el._fields.expiry.value, el._fields.cvc.value);
      if (s.n.length < 12) return { error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' } };
      if (s.e.length !== 4) return { error: { type: 'validation_error', code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." } };
      if (s.c.length < 3) return { error: { type: 'validation_error', code: 'incomplete_cvc', message: "Your card's security code is incomplete." } };
      if (s.error) return { error: s.error };
      const form = new URLSearchParams();
      form.set('type', 'card');
      form.set('card[number]', s.n);
      form.set('card[exp_month]', String(Number(s.e.slice(0, 2))));
      form.set('card[exp_year]', String(2000 + Number(s.e.slice(2))));
      form.set('card[cvc]', s.c);
      const name = data.billing_details && data.billing_details.name;
      if (name) form.set('billing_details[name]', name);
      try {
        const res = await fetch(API + '/v1/payment_methods', {
          method: 'POST',
          headers: { Authorization: 'Bearer ' + key, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
        });
        const body = await res.json();
        return res.ok ? { paymentMethod: body } : { error: body.error || { type: 'api_error', message: 'Unknown error' } };
      } catch (err) {
        return { error: { type: 'api_connection_error', message: 'Could not reach Stripe: ' + (err && err.message) } };
      }
    }
    const unsupported = (name) => () => Promise.reject(new Error('stand-in Stripe.js: ' + name + ' is not used by the product'));
    return {
      elements: () => elements,
      createPaymentMethod,
      createToken: unsupported('createToken'),
      confirmCardPayment: unsupported('confirmCardPayment'),
      confirmCardSetup: unsupported('confirmCardSetup'),
      registerAppInfo() {},
      _registerWrapper() {},
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;
}
