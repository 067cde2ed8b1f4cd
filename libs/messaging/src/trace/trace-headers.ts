import { type TraceCarrier, REQUEST_ID_HEADER, TRACEPARENT_HEADER, TRACESTATE_HEADER } from '@tiredash/runtime';
import { type MsgHdrs, headers as natsHeaders } from 'nats';

const CARRIED = [TRACEPARENT_HEADER, TRACESTATE_HEADER, REQUEST_ID_HEADER] as const;

/** NATS message headers carrying `carrier` (traceparent, tracestate, x-request-id); undefined when it is empty. */
export function toNatsHeaders(carrier: TraceCarrier | null | undefined, into?: MsgHdrs): MsgHdrs | undefined {
  const entries = Object.entries(carrier ?? {}).filter(([, v]) => v !== '');
  if (entries.length === 0) return into;
  const h = into ?? natsHeaders();
  for (const [k, v] of entries) h.set(k, v);
  return h;
}

/** The trace context and request id a received NATS message carries (what inMessageContext continues). */
export function fromNatsHeaders(h: MsgHdrs | undefined): Record<string, string | undefined> {
  const carrier: Record<string, string | undefined> = {};
  if (!h) return carrier;
  for (const key of CARRIED) {
    const v = h.get(key);
    if (v) carrier[key] = v;
  }
  return carrier;
}
