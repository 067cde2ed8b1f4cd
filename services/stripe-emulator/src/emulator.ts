import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { canonicalParams, parseForm, type FormObject } from './form-body';
import { nowSeconds, stripeId } from './ids';
import * as r from './resources';
import * as refunds from './refunds';
import { advanceClock, confirmSetupIntent, createSetupIntent, expireHolds, retrieveSetupIntent } from './scheduled';
import { EmulatorState, type Json } from './state';
import { StripeApiError } from './stripe-error';
import { stripeJsStandIn } from './stripe-js-stand-in';
import { WebhookDispatcher } from './webhooks';

export interface EmulatorOptions {
  secretKey: string;
  publishableKey: string;
  /** Where signed webhooks are POSTed; null: none are sent. */
  webhookUrl: string | null;
  webhookSecret: string;
  /** Base URL the browser reaches the emulator at (account-link and login-link URLs). Default: the listen URL. */
  publicUrl?: string;
  /** Platform balance at start, in cents. */
  initialPlatformBalance?: number;
  /** Delay before a pending payout becomes paid (or failed). */
  payoutDelayMs?: number;
  webhookAttempts?: number;
  log?: (msg: string) => void;
}

/**
 * Fault injection (tests, and `POST /__emulator/faults` with the secret key): the next `times` calls of a route
 * (e.g. 'POST /v1/transfers') are carried out and then answered by closing the connection, as a network timeout
 * after Stripe did the work looks to a client. Idempotent replays of those calls are dropped too while it lasts.
 */
export interface EmulatorFaults {
  dropResponse(route: string, times: number): void;
  clear(): void;
  /** How many answers were dropped so far, per route. */
  readonly dropped: Map<string, number>;
}

export interface StripeEmulator {
  app: FastifyInstance;
  state: EmulatorState;
  faults: EmulatorFaults;
  webhooks: WebhookDispatcher;
  /** Listen URL, e.g. http://127.0.0.1:12111 (after listen). */
  url: string;
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

export const EMULATOR_API_VERSION = '2026-10-28.endive';

type Route = { method: 'GET' | 'POST' | 'DELETE'; path: string; pattern: RegExp; keys: string[]; handler: r.Handler; publishable?: boolean };

function route(method: Route['method'], path: string, handler: r.Handler, publishable = false): Route {
  const keys: string[] = [];
  const pattern = new RegExp(
    `^${path.replace(/:([a-z_]+)/g, (_m, k: string) => {
      keys.push(k);
      return '([^/]+)';
    })}$`,
  );
  return { method, path, pattern, keys, handler, publishable };
}

/** Exactly the Stripe endpoints TireDash calls. */
const ROUTES: Route[] = [
  route('POST', '/v1/customers', r.createCustomer),
  route('GET', '/v1/customers/:id', r.retrieveCustomer),
  route('GET', '/v1/customers/:id/payment_methods', r.listCustomerPaymentMethods),
  route('POST', '/v1/payment_methods', r.createPaymentMethod, true),
  route('GET', '/v1/payment_methods', r.listPaymentMethods),
  route('GET', '/v1/payment_methods/:id', r.retrievePaymentMethod),
  route('POST', '/v1/payment_methods/:id/attach', r.attachPaymentMethod),
  route('POST', '/v1/payment_methods/:id/detach', r.detachPaymentMethod),
  route('POST', '/v1/payment_intents', r.createPaymentIntent),
  route('GET', '/v1/payment_intents/:id', r.retrievePaymentIntent),
  route('POST', '/v1/payment_intents/:id', r.updatePaymentIntent),
  route('POST', '/v1/payment_intents/:id/confirm', r.confirmPaymentIntent),
  route('POST', '/v1/payment_intents/:id/capture', r.capturePaymentIntent),
  route('POST', '/v1/payment_intents/:id/increment_authorization', r.incrementAuthorization),
  route('POST', '/v1/payment_intents/:id/cancel', r.cancelPaymentIntent),
  route('POST', '/v1/setup_intents', createSetupIntent),
  route('GET', '/v1/setup_intents/:id', retrieveSetupIntent),
  route('POST', '/v1/setup_intents/:id/confirm', confirmSetupIntent),
  route('POST', '/v1/accounts', r.createAccount),
  route('GET', '/v1/accounts/:id', r.retrieveAccount),
  route('GET', '/v1/account', r.retrieveAccount),
  route('POST', '/v1/accounts/:id/login_links', r.createLoginLink),
  route('POST', '/v1/account_links', r.createAccountLink),
  route('GET', '/v1/balance', r.retrieveBalance),
  route('POST', '/v1/transfers', r.createTransfer),
  route('GET', '/v1/transfers/:id', r.retrieveTransfer),
  route('POST', '/v1/transfers/:id/reversals', r.createTransferReversal),
  route('POST', '/v1/payouts', r.createPayout),
  route('GET', '/v1/payouts/:id', r.retrievePayout),
  route('GET', '/v1/events', refunds.listEvents),
  route('GET', '/v1/events/:id', r.retrieveEvent),
  route('POST', '/v1/refunds', refunds.createRefund),
  route('GET', '/v1/refunds', refunds.listRefunds),
  route('GET', '/v1/refunds/:id', refunds.retrieveRefund),
  route('GET', '/v1/charges/:id', refunds.retrieveCharge),
];

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key, Stripe-Account, Stripe-Version, X-Stripe-Client-User-Agent',
  'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
  'access-control-expose-headers': 'Request-Id, Idempotency-Key, Idempotent-Replayed, Stripe-Version',
  'access-control-max-age': '600',
};

function header(req: FastifyRequest, name: string): string | null {
  const v = req.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s === '' ? null : s;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function createStripeEmulator(opts: EmulatorOptions): StripeEmulator {
  const log = opts.log ?? ((m: string) => process.stderr.write(`[stripe-emulator] ${m}\n`));
  const state = new EmulatorState(opts.initialPlatformBalance ?? 100_000_000);
  const webhooks = new WebhookDispatcher(opts.webhookUrl ? { url: opts.webhookUrl, secret: opts.webhookSecret } : null, {
    attempts: opts.webhookAttempts ?? 4,
    backoffMs: 250,
    log,
  });
  const timers = new Set<NodeJS.Timeout>();
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  let listenUrl = opts.publicUrl ?? '';

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const emitter = (idempotencyKey: string | null) => (type: string, object: Json, account?: string | null) => {
    const event: Json & { id: string; type: string } = {
      id: stripeId('evt'),
      object: 'event',
      api_version: EMULATOR_API_VERSION,
      created: nowSeconds(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: opts.webhookUrl ? 1 : 0,
      request: { id: stripeId('req', 14), idempotency_key: idempotencyKey },
      type,
    };
    if (account) event.account = account;
    state.events.push(event);
    webhooks.dispatch(event);
  };

  const schedule = (fn: () => void, delayMs: number): void => {
    const t = setTimeout(() => {
      timers.delete(t);
      try {
        fn();
      } catch (err) {
        log(`scheduled task failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }, delayMs);
    timers.add(t);
  };

  const pendingDrops = new Map<string, number>();
  const faults: EmulatorFaults = {
    dropped: new Map(),
    dropResponse(routeName, times) {
      pendingDrops.set(routeName, times);
    },
    clear() {
      pendingDrops.clear();
    },
  };
  /** True when this answer must be dropped (the work is done, the client never hears of it). */
  const takeDrop = (routeName: string): boolean => {
    const left = pendingDrops.get(routeName) ?? 0;
    if (left <= 0) return false;
    pendingDrops.set(routeName, left - 1);
    faults.dropped.set(routeName, (faults.dropped.get(routeName) ?? 0) + 1);
    return true;
  };
  const drop = (reply: FastifyReply): FastifyReply => {
    reply.hijack();
    reply.raw.socket?.destroy();
    return reply;
  };

  const send = (reply: FastifyReply, status: number, body: unknown, extra: Record<string, string> = {}): FastifyReply =>
    reply
      .status(status)
      .headers({ ...CORS_HEADERS, 'request-id': stripeId('req', 14), 'stripe-version': EMULATOR_API_VERSION, ...extra })
      .type('application/json')
      .send(JSON.stringify(body, null, 2));

  const apiError = (reply: FastifyReply, err: StripeApiError, extra: Record<string, string> = {}): FastifyReply =>
    send(reply, err.status, err.toBody(`${listenUrl}/logs`), extra);

  app.options('/*', (_req, reply) => reply.status(204).headers(CORS_HEADERS).send());

  app.route({
    method: ['GET', 'POST', 'DELETE'],
    url: '/v1/*',
    handler: (req, reply) => {
      const path = req.url.split('?')[0] ?? '';
      const method = req.method as Route['method'];
      // Authentication: Bearer <key> (or Basic <key:>), as the SDK sends it.
      const auth = header(req, 'authorization');
      let key: string | null = null;
      if (auth?.startsWith('Bearer ')) key = auth.slice(7).trim();
      else if (auth?.startsWith('Basic ')) key = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')[0] ?? null;
      if (!key) {
        return apiError(reply, new StripeApiError(401, 'invalid_request_error', "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY')."));
      }
      const isSecret = key === opts.secretKey;
      const isPublishable = key === opts.publishableKey;
      if (!isSecret && !isPublishable) {
        return apiError(reply, new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`));
      }
      const match = ROUTES.map((rt) => ({ rt, m: rt.method === method ? rt.pattern.exec(path) : null })).find((x) => x.m);
      if (!match?.m) {
        return apiError(reply, new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}). The Stripe emulator implements only the endpoints TireDash uses.`));
      }
      if (isPublishable && !match.rt.publishable) {
        return apiError(reply, new StripeApiError(401, 'invalid_request_error', 'This API call cannot be made with a publishable API key. Please use a secret API key.'));
      }
      const pathParams: Record<string, string> = {};
      match.rt.keys.forEach((k, i) => {
        pathParams[k] = decodeURIComponent(match.m?.[i + 1] ?? '');
      });
      const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
      const params: FormObject = method === 'GET' ? parseForm(query) : parseForm(typeof req.body === 'string' ? req.body : '');
      const account = header(req, 'stripe-account');
      const idemKey = method === 'POST' ? header(req, 'idempotency-key') : null;

      // Idempotency: same key + same request -> the saved answer; same key + other parameters -> 400.
      let fingerprint = '';
      let storeKey = '';
      const idemHeaders: Record<string, string> = {};
      if (idemKey) {
        if (idemKey.length > 255) {
          return apiError(reply, new StripeApiError(400, 'invalid_request_error', 'Idempotency-Key must be at most 255 characters long.'));
        }
        idemHeaders['idempotency-key'] = idemKey;
        storeKey = `${key}|${account ?? ''}|${idemKey}`;
        fingerprint = `${method} ${path} ${canonicalParams(params)}`;
        const saved = state.idempotency.get(storeKey);
        if (saved) {
          if (saved.fingerprint !== fingerprint) {
            return apiError(
              reply,
              new StripeApiError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`),
              idemHeaders,
            );
          }
          if (takeDrop(`${method} ${match.rt.path}`)) return drop(reply);
          return send(reply, saved.status, saved.body, { ...idemHeaders, 'idempotent-replayed': 'true' });
        }
      }
      // Holds older than 7 days of emulator time lapse before anything reads or changes them.
      expireHolds(state, emitter(null));
      let status = 200;
      let body: unknown;
      try {
        body = match.rt.handler({
          state,
          params,
          path: pathParams,
          account,
          idempotencyKey: idemKey,
          publicUrl: listenUrl,
          emit: emitter(idemKey),
          schedule,
          payoutDelayMs: opts.payoutDelayMs ?? 200,
        });
      } catch (err) {
        if (!(err instanceof StripeApiError)) {
          log(`internal error on ${method} ${path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
          return apiError(reply, new StripeApiError(500, 'api_error', 'An unknown error occurred in the Stripe emulator.'), idemHeaders);
        }
        status = err.status;
        body = err.toBody(`${listenUrl}/logs`);
      }
      if (idemKey && status < 500 && status !== 401) state.idempotency.set(storeKey, { fingerprint, status, body });
      if (takeDrop(`${method} ${match.rt.path}`)) return drop(reply);
      return send(reply, status, body, idemHeaders);
    },
  });

  // Hosted onboarding (what an account link opens): submits the account, then redirects to return_url.
  app.get<{ Params: { token: string }; Querystring: { account_number?: string } }>('/connect/onboarding/:token', (req, reply) => {
    const link = state.accountLinks.get(req.params.token);
    if (!link) return reply.status(404).type('text/html').send('<h1>This link has expired</h1>');
    if (link.used || link.expiresAt < nowSeconds()) return reply.redirect(link.refreshUrl, 302);
    link.used = true;
    const accountNumber = /^\d{4,17}$/.test(req.query.account_number ?? '') ? (req.query.account_number as string) : '000123456789';
    r.completeOnboarding({ state, emit: emitter(null) }, link.account, accountNumber);
    return reply.redirect(link.returnUrl, 302);
  });

  // The Express dashboard a login link opens.
  app.get<{ Params: { token: string } }>('/express/:token', (req, reply) => {
    const accountId = state.loginLinks.get(req.params.token);
    const acct = accountId ? state.accounts.get(accountId) : undefined;
    if (!acct) return reply.status(404).type('text/html').send('<h1>This link has expired</h1>');
    const name = String((acct.object.company as { name?: string | null } | undefined)?.name ?? acct.object.id);
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html><head><title>Stripe Express (emulator)</title></head><body><h1>${escapeHtml(name)}</h1><p>Account ${escapeHtml(acct.object.id)}</p><p>Balance: $${(acct.available / 100).toFixed(2)}</p></body></html>`);
  });

  // Resend an event to the webhook endpoint, as the Dashboard's 'Resend' does (same event id; the secret key authorises
  // it): black-box tests show that a redelivered event is applied once.
  app.post<{ Params: { id: string } }>('/__emulator/events/:id/resend', (req, reply) => {
    if (header(req, 'authorization') !== `Bearer ${opts.secretKey}`) return reply.status(401).send({ error: 'secret key required' });
    const event = state.events.find((e) => e.id === req.params.id);
    if (!event) return reply.status(404).send({ error: `no event ${req.params.id}` });
    webhooks.dispatch(event);
    return reply.send({ ok: true, id: event.id, type: event.type });
  });

  // The fault switch over HTTP, for black-box tests of a running stack (the secret key authorises it).
  app.post<{ Body: string }>('/__emulator/faults', (req, reply) => {
    if (header(req, 'authorization') !== `Bearer ${opts.secretKey}`) return reply.status(401).send({ error: 'secret key required' });
    let parsed: { route?: unknown; times?: unknown; clear?: unknown } = {};
    try {
      parsed = JSON.parse(typeof req.body === 'string' && req.body ? req.body : '{}') as typeof parsed;
    } catch {
      return reply.status(400).send({ error: 'JSON body expected' });
    }
    if (parsed.clear === true) {
      faults.clear();
      return reply.send({ ok: true });
    }
    if (typeof parsed.route !== 'string' || !Number.isInteger(parsed.times) || (parsed.times as number) < 0) {
      return reply.status(400).send({ error: "expected {route: 'POST /v1/transfers', times: 3} or {clear: true}" });
    }
    faults.dropResponse(parsed.route, parsed.times as number);
    return reply.send({ ok: true });
  });

  // The test clock over HTTP (black-box tests of a running stack; the secret key authorises it): advances emulator
  // time, then lapses the holds that are now older than 7 days (each with its payment_intent.canceled webhook).
  app.get('/__emulator/clock', (req, reply) => {
    if (header(req, 'authorization') !== `Bearer ${opts.secretKey}`) return reply.status(401).send({ error: 'secret key required' });
    return reply.send({ now: state.now(), offsetSeconds: state.clockOffsetSeconds });
  });
  app.post<{ Body: string }>('/__emulator/clock', (req, reply) => {
    if (header(req, 'authorization') !== `Bearer ${opts.secretKey}`) return reply.status(401).send({ error: 'secret key required' });
    let parsed: { advanceSeconds?: unknown } = {};
    try {
      parsed = JSON.parse(typeof req.body === 'string' && req.body ? req.body : '{}') as typeof parsed;
      const clock = advanceClock(state, parsed.advanceSeconds);
      const expired = expireHolds(state, emitter(null));
      return reply.send({ ...clock, expired });
    } catch (err) {
      return reply.status(400).send({ error: err instanceof Error ? err.message : 'JSON body expected' });
    }
  });

  app.get('/health', (_req, reply) => reply.send({ status: 'ok' }));

  // Stripe.js for a local stack (what https://js.stripe.com/v3 is for real Stripe): the stand-in, sending its API
  // calls to this emulator at the URL browsers reach it at. Payments names this URL in GET /pay/config.
  let standIn: { base: string; script: string } | null = null;
  const serveStripeJs = (_req: FastifyRequest, reply: FastifyReply): FastifyReply => {
    if (standIn?.base !== listenUrl) standIn = { base: listenUrl, script: stripeJsStandIn(listenUrl) };
    return reply
      .headers({ 'cache-control': 'no-cache', 'access-control-allow-origin': '*', 'x-content-type-options': 'nosniff' })
      .type('application/javascript; charset=utf-8')
      .send(standIn.script);
  };
  app.get('/v3', serveStripeJs);
  app.get('/v3/', serveStripeJs);

  return {
    app,
    state,
    faults,
    webhooks,
    get url() {
      return listenUrl;
    },
    listen: async (port: number, host = '127.0.0.1') => {
      await app.listen({ port, host });
      const addr = app.server.address();
      const actualPort = typeof addr === 'object' && addr ? addr.port : port;
      const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
      const url = `http://${shownHost}:${actualPort}`;
      if (!opts.publicUrl) listenUrl = url;
      return url;
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await app.close();
      await webhooks.idle();
    },
  };
}

/** A random key pair for tests. */
export function randomKeys(): { secretKey: string; publishableKey: string; webhookSecret: string } {
  const token = randomBytes(12).toString('hex');
  return { secretKey: `sk_test_${token}`, publishableKey: `pk_test_${token}`, webhookSecret: `whsec_${token}` };
}
