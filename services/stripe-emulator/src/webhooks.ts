import { createHmac } from 'node:crypto';
import type { Json } from './state';

/** `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`, exactly as Stripe signs. */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface WebhookEndpoint {
  url: string;
  secret: string;
}

export interface DeliveryRecord {
  eventId: string;
  type: string;
  url: string;
  status: number | null;
  attempts: number;
}

/**
 * Posts each event to the endpoint, signed, retrying a failed delivery (network error or non-2xx) a few
 * times with a short backoff. Deliveries run in the background and never block the API answer.
 */
export class WebhookDispatcher {
  readonly deliveries: DeliveryRecord[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private endpoint: WebhookEndpoint | null,
    private readonly opts: { attempts: number; backoffMs: number; log: (msg: string) => void },
  ) {}

  /** Points deliveries at another endpoint (null: stop sending). */
  setEndpoint(endpoint: WebhookEndpoint | null): void {
    this.endpoint = endpoint;
  }

  dispatch(event: Json & { id: string; type: string }): void {
    if (!this.endpoint) return;
    const endpoint = this.endpoint;
    const p = this.deliver(endpoint, event).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  /** Resolves when every delivery started so far has finished (tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private async deliver(endpoint: WebhookEndpoint, event: Json & { id: string; type: string }): Promise<void> {
    const payload = JSON.stringify(event, null, 2);
    const record: DeliveryRecord = { eventId: event.id, type: event.type, url: endpoint.url, status: null, attempts: 0 };
    this.deliveries.push(record);
    for (let attempt = 1; attempt <= this.opts.attempts; attempt += 1) {
      record.attempts = attempt;
      try {
        const res = await fetch(endpoint.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'stripe-signature': signPayload(payload, endpoint.secret),
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        record.status = res.status;
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) return;
      } catch (err) {
        record.status = null;
        this.opts.log(`webhook ${event.type} ${event.id} to ${endpoint.url} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (attempt < this.opts.attempts) await new Promise((r) => setTimeout(r, this.opts.backoffMs * attempt));
    }
    this.opts.log(`webhook ${event.type} ${event.id} gave up after ${this.opts.attempts} attempts (last status ${record.status})`);
  }
}
